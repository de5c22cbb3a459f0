import { chatbubblesOutline, leafOutline, megaphoneOutline, searchOutline } from 'ionicons/icons';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { Icon } from '../../components/icon';
import { PageLayout } from '../../components/page-layout';
import '../../features/content/content-ui.css';

// The landing's data sections need the network anyway: they load after the first paint, so
// the JavaScript /index needs to paint stays within its budget (npm test checks it).
const SchemeImpact = lazy(() =>
  import('../../features/statistics/components/scheme-impact').then((m) => ({ default: m.SchemeImpact })),
);
const NearestPoint = lazy(() =>
  import('../../features/content/components/nearest-point').then((m) => ({ default: m.NearestPoint })),
);
const CurrentCampaigns = lazy(() =>
  import('../../features/campaigns/components/current-campaigns').then((m) => ({ default: m.CurrentCampaigns })),
);

/** The four things people come for, as large tiles (title and one line each). */
const QUICK_ACTIONS = [
  { key: 'where', to: '/home', icon: searchOutline },
  { key: 'pickup', to: '/app/tabs/request/new', icon: leafOutline },
  { key: 'campaigns', to: '/campaign', icon: megaphoneOutline },
  { key: 'pqr', to: '/help#radicar', icon: chatbubblesOutline },
] as const;

/** Landing page. Loaded eagerly (the first paint of /index), so keep it light. */
export default function IndexPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.index.title')}>
      <section className="landing-hero" aria-labelledby="landing-brand">
        <h2 id="landing-brand" className="landing-brand">
          {t('app.name')}
        </h2>
        <p className="landing-promise">{t('pages.index.promise')}</p>
        <p className="lead">{t('pages.index.lead')}</p>
      </section>
      <nav aria-labelledby="landing-actions-title">
        <h2 id="landing-actions-title" className="visually-hidden">
          {t('pages.index.quickLinks')}
        </h2>
        <ul className="landing-tiles">
          {QUICK_ACTIONS.map((action) => (
            <li key={action.key}>
              <AppLink to={action.to} className="landing-tile">
                <Icon icon={action.icon} className="landing-tile-icon" />
                <span className="landing-tile-title">{t(`pages.index.actions.${action.key}.title`)}</span>
                <span className="landing-tile-text">{t(`pages.index.actions.${action.key}.text`)}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<div className="landing-impact-placeholder" aria-hidden="true" />}>
        <SchemeImpact />
      </Suspense>
      <Suspense fallback={<div className="landing-section-placeholder" aria-hidden="true" />}>
        <NearestPoint />
      </Suspense>
      <Suspense fallback={<div className="landing-section-placeholder" aria-hidden="true" />}>
        <CurrentCampaigns />
      </Suspense>
      <p>
        {t('content.landing.what')} <AppLink to="/allies">{t('content.landing.linkAllies')}</AppLink>
      </p>
    </PageLayout>
  );
}
