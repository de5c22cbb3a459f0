/**
 * The landing page's "impact so far": the kilos the whole scheme collected this Bogotá month,
 * the running total and the CO2e it avoided, from recorded kilos only (the server caches it).
 */
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/number-format';
import { useSchemeImpact } from '../api/scheme-impact';

/** `2026-11` → "noviembre" (or "November"), without Intl's date data on the landing. */
const MONTHS = {
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

export function monthName(month: string, lang: string): string {
  const names = lang.startsWith('en') ? MONTHS.en : MONTHS.es;
  return names[Number(month.slice(5, 7)) - 1] ?? month;
}

export function SchemeImpact() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const impact = useSchemeImpact();
  // While the figures load, the section keeps its place (as index.page.tsx's fallback did while
  // this code loaded): collapsing it and then growing it pushed the sections below it down, the
  // landing's only layout shift (CLS 0.053 on a phone).
  if (impact.isPending) return <div className="landing-impact-placeholder" aria-hidden="true" />;
  // Nothing to boast about yet, or the figure could not load: the landing goes on without it.
  if (!impact.data || impact.data.total_kg <= 0) return null;
  const d = impact.data;
  return (
    <section className="landing-impact" aria-labelledby="landing-impact-title">
      <h2 id="landing-impact-title">{t('statistics.landing.title')}</h2>
      <p className="landing-impact-figure">
        {formatNumber(d.month_kg, lang, 1)} kg{' '}
        <small>{t('statistics.landing.thisMonth', { month: monthName(d.month, lang) })}</small>
      </p>
      <p>
        {t('statistics.landing.sinceStart', {
          kg: formatNumber(d.total_kg, lang, 0),
          co2e: formatNumber(d.co2e_kg, lang, 0),
          km: formatNumber(d.km_not_driven, lang, 0),
        })}
      </p>
      <p className="landing-impact-source">
        {t('statistics.landing.source')} <cite lang="en">{d.references}</cite>. {t('statistics.impact.usReference')}
      </p>
    </section>
  );
}
