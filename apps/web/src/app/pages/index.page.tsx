import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { PageLayout } from '../../components/page-layout';
import '../../features/content/content-ui.css';

// The landing's data sections need the network anyway: they load after the first paint, so
// the JavaScript /index needs to paint stays within its budget (npm test checks it).
const NearestPoint = lazy(() =>
  import('../../features/content/components/nearest-point').then((m) => ({ default: m.NearestPoint })),
);
const CurrentCampaigns = lazy(() =>
  import('../../features/campaigns/components/current-campaigns').then((m) => ({ default: m.CurrentCampaigns })),
);

/** Landing page. Loaded eagerly (the first paint of /index), so keep it light. */
export default function IndexPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.index.title')}>
      <p className="lead">{t('pages.index.lead')}</p>
      <p>{t('content.landing.what')}</p>
      <h2>{t('pages.index.quickLinks')}</h2>
      <ul className="link-list">
        <li>
          <AppLink to="/home">{t('pages.index.linkMap')}</AppLink>
        </li>
        <li>
          <AppLink to="/campaign">{t('pages.index.linkCampaigns')}</AppLink>
        </li>
        <li>
          <AppLink to="/allies">{t('content.landing.linkAllies')}</AppLink>
        </li>
        <li>
          <AppLink to="/help">{t('pages.index.linkHelp')}</AppLink>
        </li>
      </ul>
      <Suspense fallback={<div className="landing-section-placeholder" aria-hidden="true" />}>
        <NearestPoint />
      </Suspense>
      <Suspense fallback={<div className="landing-section-placeholder" aria-hidden="true" />}>
        <CurrentCampaigns />
      </Suspense>
    </PageLayout>
  );
}
