import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { PageLayout } from '../../components/page-layout';
import { CurrentCampaigns } from '../../features/campaigns/components/current-campaigns';
import { NearestPoint } from '../../features/content/components/nearest-point';
import '../../features/content/content-ui.css';

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
      <NearestPoint />
      <CurrentCampaigns />
    </PageLayout>
  );
}
