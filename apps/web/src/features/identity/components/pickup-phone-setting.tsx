/** Back office (staff): the scheme rule "ask for pickups only with a verified phone", saved on change. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePickupSettings, useSavePickupSettings } from '../api/pickup-settings';
import './identity.css';
import { apiErrorMessage } from '../../../lib/api-errors';

export function PickupPhoneSetting() {
  const { t } = useTranslation();
  const id = useId();
  const settings = usePickupSettings();
  const save = useSavePickupSettings();
  const [status, setStatus] = useState('');
  const onChange = async (value: boolean) => {
    setStatus(t('phone.settings.saving'));
    try {
      await save.mutateAsync({ require_verified_phone: value });
      setStatus(t('phone.settings.saved'));
    } catch (error) {
      setStatus(apiErrorMessage(t, error));
    }
  };
  return (
    <section className="pv-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('phone.settings.title')}</h2>
      {settings.isPending ? (
        <p>{t('phone.settings.loading')}</p>
      ) : settings.isError ? (
        <p role="alert">{apiErrorMessage(t, settings.error)}</p>
      ) : (
        <div className="pv-checkbox-row">
          <input
            id={id}
            type="checkbox"
            checked={settings.data.require_verified_phone}
            disabled={save.isPending}
            aria-describedby={`${id}-hint`}
            onChange={(e) => void onChange(e.target.checked)}
          />
          <label htmlFor={id}>{t('phone.settings.requireVerifiedPhone')}</label>
        </div>
      )}
      <p id={`${id}-hint`} className="pv-hint">
        {t('phone.settings.hint')}
      </p>
      <p role="status" className="pv-hint">
        {status}
      </p>
    </section>
  );
}
