/**
 * Certificados: ask for a recycling certificate for a period (a company head for the whole
 * company or one branch; a household for itself) and download the ones issued.
 */
import { TC_ID } from '@puntoverde/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/number-format';
import { useSession } from '../../../lib/use-session';
import { downloadCertificatePdf, useCompanyBranches, useMyCertificates, useRequestCertificate } from '../api/certificates';
import { bogotaToday, dayLabel, lastQuarter, lastYear } from '../period';
import '../certificates.css';
import '../../../components/facts.css';
import { apiErrorMessage, apiFieldMessages } from '../../../lib/api-errors';
import { EmptyState } from '../../../components/empty-state';
import { SubmitButton } from '../../../components/submit-button';
import { DataTable } from '../../../components/data-table';

type Preset = 'lastQuarter' | 'lastYear' | 'custom';

export function CertificatesScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const user = useSession();
  const isHead = user.tc_id === TC_ID.company && !user.id_empresa;
  const allowed = user.tc_id === TC_ID.household || isHead;
  const [preset, setPreset] = useState<Preset>('lastQuarter');
  const [custom, setCustom] = useState(lastQuarter);
  const [branch, setBranch] = useState('');
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const list = useMyCertificates(allowed);
  const branches = useCompanyBranches(isHead);
  const ask = useRequestCertificate();
  const period = preset === 'lastQuarter' ? lastQuarter() : preset === 'lastYear' ? lastYear() : custom;
  const fieldErrors = apiFieldMessages(t, ask.error);

  if (!allowed) {
    return (
      <section className="ct" aria-labelledby="ct-title">
        <h2 id="ct-title">{t('statistics.certificates.title')}</h2>
        <p>{t(user.tc_id === TC_ID.company ? 'statistics.certificates.branchNote' : 'statistics.certificates.notForYou')}</p>
      </section>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setDownloadError(null);
    ask.mutate({ from: period.from, to: period.to, ...(branch ? { branch_id: Number(branch) } : {}) });
  }

  async function download(number: string) {
    setDownloadError(null);
    try {
      await downloadCertificatePdf(number);
    } catch {
      setDownloadError(t('statistics.certificates.downloadFailed'));
    }
  }

  const kg = (n: number) => `${formatNumber(n, lang, 2)} kg`;

  return (
    <section className="ct" aria-labelledby="ct-title">
      <h2 id="ct-title">{t('statistics.certificates.title')}</h2>
      <p className="ct-muted">{t('statistics.certificates.intro')}</p>

      <form className="ct-form" onSubmit={submit} noValidate>
        <label className="pv-facts-filter">
          <span>{t('statistics.certificates.period')}</span>
          <select value={preset} onChange={(e) => setPreset(e.target.value as Preset)}>
            <option value="lastQuarter">{t('statistics.periods.lastQuarter')}</option>
            <option value="lastYear">{t('statistics.certificates.last365')}</option>
            <option value="custom">{t('statistics.periods.custom')}</option>
          </select>
        </label>
        {preset === 'custom' && (
          <>
            <label className="pv-facts-filter">
              <span>{t('statistics.figures.from')}</span>
              <input
                type="date"
                value={custom.from}
                max={bogotaToday()}
                aria-invalid={fieldErrors['from'] ? true : undefined}
                aria-describedby={fieldErrors['from'] ? 'ct-from-error' : undefined}
                onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
              />
              {fieldErrors['from'] && <span id="ct-from-error" className="ct-error">{fieldErrors['from']}</span>}
            </label>
            <label className="pv-facts-filter">
              <span>{t('statistics.figures.to')}</span>
              <input
                type="date"
                value={custom.to}
                max={bogotaToday()}
                aria-invalid={fieldErrors['to'] ? true : undefined}
                aria-describedby={fieldErrors['to'] ? 'ct-to-error' : undefined}
                onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
              />
              {fieldErrors['to'] && <span id="ct-to-error" className="ct-error">{fieldErrors['to']}</span>}
            </label>
          </>
        )}
        {isHead && (
          <label className="pv-facts-filter">
            <span>{t('statistics.certificates.scope')}</span>
            <select value={branch} onChange={(e) => setBranch(e.target.value)}>
              <option value="">{t('statistics.certificates.wholeCompany')}</option>
              <option value={String(user.id)}>{t('statistics.certificates.headOffice')}</option>
              {(branches.data ?? []).map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <p className="ct-muted">{t('statistics.certificates.periodSummary', { from: dayLabel(period.from), to: dayLabel(period.to) })}</p>
        <div className="pv-action-bar">
          <SubmitButton className="pv-button" busy={ask.isPending}>
            {ask.isPending ? t('statistics.certificates.issuing') : t('statistics.certificates.request')}
          </SubmitButton>
        </div>
      </form>

      <div aria-live="polite">
        {ask.isError && <p className="ct-error" role="alert">{apiErrorMessage(t, ask.error)}</p>}
        {ask.data && (
          <div className="ct-issued">
            <p>{t('statistics.certificates.issued', { number: ask.data.number, kg: kg(ask.data.total_kg) })}</p>
            <button type="button" className="pv-button" onClick={() => void download(ask.data.number)}>
              {t('statistics.certificates.downloadNumber', { number: ask.data.number })}
            </button>
          </div>
        )}
        {downloadError && <p className="ct-error" role="alert">{downloadError}</p>}
      </div>

      <h3>{t('statistics.certificates.mine')}</h3>
      {list.isPending && <p>{t('statistics.figures.loading')}</p>}
      {list.data?.length === 0 && <EmptyState title={t('statistics.certificates.none')} />}
      {!!list.data?.length && (
        <DataTable className="ct-table" label={t('statistics.certificates.mine')}>
            <thead>
              <tr>
                <th scope="col">{t('statistics.certificates.number')}</th>
                <th scope="col">{t('statistics.certificates.periodCol')}</th>
                <th scope="col">{t('statistics.certificates.holder')}</th>
                <th scope="col">{t('statistics.certificates.total')}</th>
                <th scope="col">{t('statistics.certificates.status')}</th>
                <th scope="col" data-card-label="">
                  <span className="visually-hidden">{t('statistics.certificates.download')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((c) => (
                <tr key={c.number}>
                  <th scope="row">{c.number}</th>
                  <td className="pv-cell-nowrap">{`${dayLabel(c.period_from)} – ${dayLabel(c.period_to)}`}</td>
                  <td>{c.branch_name ? `${c.holder_name} · ${c.branch_name}` : c.holder_name}</td>
                  <td className="pv-cell-num">{kg(c.total_kg)}</td>
                  <td>
                    {c.status === 'anulado' ? (
                      <span className="ct-annulled">{t('statistics.certificates.annulled')}</span>
                    ) : (
                      t('statistics.certificates.valid')
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="pv-button pv-button-secondary pv-button-small"
                      onClick={() => void download(c.number)}
                      aria-label={t('statistics.certificates.downloadNumber', { number: c.number })}
                    >
                      {t('statistics.certificates.download')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
        </DataTable>
      )}
    </section>
  );
}
