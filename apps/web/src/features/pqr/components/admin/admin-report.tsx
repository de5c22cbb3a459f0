/** Monthly report: volume by type and the share answered on time, with a CSV download. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadPqrReportCsv, usePqrReport } from '../../api/admin-pqr-report';
import { formatMonth, formatPercent, todayInBogota } from '../../format';
import { FormAlert } from '../../../../components/field-shell';
import { FilterInputField } from '../../../../components/filter-fields';
import { apiErrorMessage } from '../../../../lib/api-errors';
import { DataTable } from '../../../../components/data-table';

export function AdminReport() {
  const { t, i18n } = useTranslation();
  const [month, setMonth] = useState(todayInBogota().slice(0, 7));
  const report = usePqrReport(month);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const pct = (v: number | null) => (v === null ? '—' : formatPercent(v, i18n.language));
  const columns = [
    'filed',
    'answered',
    'answered_on_time',
    'answered_late',
    'overdue_unanswered',
    'in_progress',
    'transferred',
    'closed_without_answer',
  ] as const;
  return (
    <div className="pqr-admin">
      <div className="pqr-filters">
        <FilterInputField
          id="pqr-report-month"
          className="pv-field-input pqr-field-narrow"
          label={t('pqr.report.month')}
          type="month"
          value={month}
          max={todayInBogota().slice(0, 7)}
          onValue={(value) => value && setMonth(value)}
        />
        <div className="pqr-actions">
          <button
            type="button"
            className="pv-button pv-button-secondary"
            onClick={() => {
              setDownloadError(null);
              downloadPqrReportCsv(month).catch((err: unknown) => setDownloadError(apiErrorMessage(t, err)));
            }}
          >
            {t('pqr.report.csv')}
          </button>
        </div>
      </div>
      <FormAlert message={downloadError ?? (report.error ? apiErrorMessage(t, report.error) : null)} />
      {report.isPending ? (
        <div role="status" aria-busy="true" className="pqr-skeleton pqr-skeleton-row">
          <span className="visually-hidden">{t('pqr.admin.loading')}</span>
        </div>
      ) : report.data ? (
        <>
          <p className="pqr-lead">
            {report.data.total.filed === 0
              ? t('pqr.report.none')
              : report.data.total.on_time_pct === null
                ? t('pqr.report.summaryPending', { count: report.data.total.filed })
                : t('pqr.report.summary', { count: report.data.total.filed, pct: pct(report.data.total.on_time_pct) })}
          </p>
          <DataTable
            className="pqr-table"
            caption={t('pqr.report.caption', { month: formatMonth(month, i18n.language) })}
          >
            <thead>
              <tr>
                <th scope="col">{t('pqr.report.col.type')}</th>
                {columns.map((c) => (
                  <th key={c} scope="col" className="pv-cell-num">
                    {t(`pqr.report.col.${c}`)}
                  </th>
                ))}
                <th scope="col" className="pv-cell-num">
                  {t('pqr.report.col.on_time_pct')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.data.rows.map((r) => (
                <tr key={r.type}>
                  <th scope="row">{t(`pqr.types.${r.type}`)}</th>
                  {columns.map((c) => (
                    <td key={c} className="pv-cell-num">
                      {r[c]}
                    </td>
                  ))}
                  <td className="pv-cell-num">{pct(r.on_time_pct)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('pqr.report.total')}</th>
                {columns.map((c) => (
                  <td key={c} className="pv-cell-num">
                    {report.data.total[c]}
                  </td>
                ))}
                <td className="pv-cell-num">{pct(report.data.total.on_time_pct)}</td>
              </tr>
            </tfoot>
          </DataTable>
          <p className="pqr-hint">{t('pqr.report.pctHelp')}</p>
        </>
      ) : null}
    </div>
  );
}
