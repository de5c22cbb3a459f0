/** /verificar/{code}: anyone checks a certificate from its QR: number, holder, period, totals, valid or annulled. */
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/number-format';
import { useVerifyCertificate } from '../api/verify-certificate';
import { dayLabel } from '../period';
import '../../../components/facts.css';
import '../certificates.css';
import { apiErrorMessage } from '../../../lib/api-errors';

export function VerifyCertificateScreen({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const query = useVerifyCertificate(code);
  const kg = (n: number) => `${formatNumber(n, lang, 2)} kg`;

  if (query.isPending) return <p aria-live="polite">{t('statistics.verify.checking')}</p>;
  if (query.isError) {
    return (
      <section className="ct" aria-labelledby="ct-verify-title">
        <h2 id="ct-verify-title">{t('statistics.verify.notFoundTitle')}</h2>
        <p role="alert">{apiErrorMessage(t, query.error)}</p>
        <p>{t('statistics.verify.notFoundHelp')}</p>
      </section>
    );
  }
  const c = query.data;
  const valid = c.status === 'valido';
  return (
    <section className="ct" aria-labelledby="ct-verify-title">
      <h2 id="ct-verify-title" className={valid ? 'ct-valid' : 'ct-annulled'}>
        {valid ? t('statistics.verify.valid') : t('statistics.verify.annulled')}
      </h2>
      {!valid && c.annul_reason && <p>{t('statistics.verify.annulReason', { reason: c.annul_reason })}</p>}
      <dl className="pv-facts">
        <div>
          <dt>{t('statistics.certificates.number')}</dt>
          <dd>{c.number}</dd>
        </div>
        <div>
          <dt>{t('statistics.certificates.holder')}</dt>
          <dd>{c.branch_name ? `${c.holder_name} · ${c.branch_name}` : c.holder_name}</dd>
        </div>
        <div>
          <dt>{t('statistics.certificates.periodCol')}</dt>
          <dd>{`${dayLabel(c.period_from)} – ${dayLabel(c.period_to)}`}</dd>
        </div>
        <div>
          <dt>{t('statistics.certificates.total')}</dt>
          <dd>{kg(c.total_kg)}</dd>
        </div>
        <div>
          <dt>{t('statistics.impact.co2e')}</dt>
          <dd>{`${formatNumber(c.co2e_kg, lang, 2)} kg CO₂e`}</dd>
        </div>
        <div>
          <dt>{t('statistics.verify.issuedAt')}</dt>
          <dd>{dayLabel(c.issued_at.slice(0, 10))}</dd>
        </div>
      </dl>
      <ul className="ct-materials" aria-label={t('statistics.verify.materials')}>
        {c.per_material.map((m) => (
          <li key={m.material}>
            {m.material}: {kg(m.kg)}
          </li>
        ))}
      </ul>
    </section>
  );
}
