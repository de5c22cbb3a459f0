/**
 * /accesibilidad: the accessibility statement public entities publish (MinTIC, Resolución 1519 de
 * 2020, Anexo 1): the level aimed at, what is known not to meet it yet, and how to report a
 * barrier (through PQR, which has legal response times).
 */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { PageLayout } from '../../components/page-layout';

export default function AccessibilityPage() {
  const { t } = useTranslation();
  const limits = t('pages.accessibility.limits', { returnObjects: true }) as string[];
  const done = t('pages.accessibility.done', { returnObjects: true }) as string[];
  return (
    <PageLayout title={t('pages.accessibility.title')} lead={t('pages.accessibility.lead')}>
      <section aria-labelledby="a11y-level">
        <h2 id="a11y-level">{t('pages.accessibility.levelTitle')}</h2>
        <p>{t('pages.accessibility.level')}</p>
        <ul>
          {done.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="a11y-limits">
        <h2 id="a11y-limits">{t('pages.accessibility.limitsTitle')}</h2>
        <ul>
          {limits.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="a11y-report">
        <h2 id="a11y-report">{t('pages.accessibility.reportTitle')}</h2>
        <p>{t('pages.accessibility.report')}</p>
        <p>
          <AppLink to="/help#radicar">{t('pages.accessibility.reportLink')}</AppLink>
        </p>
        <p className="content-card__meta">{t('pages.accessibility.reviewed')}</p>
      </section>
    </PageLayout>
  );
}
