/** Back office (staff): how far a report filed without a point may be from a point to go to its managers. */
import { REPORT_POINT_MATCH_MAX_M } from '@puntoverde/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterInputField } from '../../../components/filter-fields';
import { apiErrorMessage } from '../../../lib/api-errors';
import { useReportSettings, useSaveReportSettings } from '../api/report-settings';
import { SubmitButton } from '../../../components/submit-button';

export function ReportPointMatchSetting() {
  const { t } = useTranslation();
  const id = useId();
  const settings = useReportSettings();
  const save = useSaveReportSettings();
  const [draft, setDraft] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const value = draft ?? (settings.data ? String(settings.data.point_match_radius_m) : '');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(t('reports.settings.saving'));
    try {
      await save.mutateAsync({ point_match_radius_m: value.trim() === '' ? Number.NaN : Number(value.trim()) });
      setDraft(null);
      setStatus(t('reports.settings.saved'));
    } catch (error) {
      setStatus(apiErrorMessage(t, error));
    }
  };
  return (
    <section className="pv-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('reports.settings.title')}</h2>
      {settings.isPending ? (
        <p>{t('reports.settings.loading')}</p>
      ) : settings.isError ? (
        <p role="alert">{apiErrorMessage(t, settings.error)}</p>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <FilterInputField
            label={t('reports.settings.radius')}
            value={value}
            onValue={setDraft}
            inputMode="numeric"
            type="number"
            min={0}
            max={REPORT_POINT_MATCH_MAX_M}
            step={1}
            aria-describedby={`${id}-hint`}
          />
          <SubmitButton className="pv-button pv-button-small" busy={save.isPending}>
            {t('reports.settings.save')}
          </SubmitButton>
        </form>
      )}
      <p id={`${id}-hint`} className="pv-hint">
        {t('reports.settings.hint')}
      </p>
      <p role="status" className="pv-hint">
        {status}
      </p>
    </section>
  );
}
