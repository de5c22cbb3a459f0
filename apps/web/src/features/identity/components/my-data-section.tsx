/** Ley 1581 de 2012 rights: see the consent given, read the policy and download every personal datum (JSON). */
import type { Me } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/field-shell';
import { useExportMyData } from '../api/export-my-data';
import { formatDateTime } from '../forms/format';
import { DATA_POLICY_PATH } from '../routes';
import './identity.css';
import { apiErrorMessage } from '../../../lib/api-errors';

export function MyDataSection({ me }: { me: Me }) {
  const { t, i18n } = useTranslation();
  const exportData = useExportMyData();
  return (
    <>
      <p>
        {me.data_policy_accepted_at && me.data_policy_version
          ? t('identity.myData.consent', {
              version: me.data_policy_version,
              date: formatDateTime(me.data_policy_accepted_at, i18n.language),
            })
          : t('identity.myData.noConsent')}{' '}
        <a href={DATA_POLICY_PATH} target="_blank" rel="noopener">
          {t('identity.myData.readPolicy')}
        </a>
      </p>
      <p>{t('identity.myData.exportLead')}</p>
      {exportData.isError ? <FormAlert message={apiErrorMessage(t, exportData.error)} /> : null}
      {exportData.isSuccess ? (
        <p role="status" className="pv-hint">
          {t('identity.myData.exported')}
        </p>
      ) : null}
      <div className="pv-actions">
        <button type="button" className="pv-button pv-button-secondary" disabled={exportData.isPending} onClick={() => exportData.mutate()}>
          {exportData.isPending ? t('identity.myData.exporting') : t('identity.myData.export')}
        </button>
      </div>
    </>
  );
}
