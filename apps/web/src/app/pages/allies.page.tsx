import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout';
import '../../features/content/content-ui.css';
import { AlliesBrowser } from '../../features/allies/components/allies-browser';
import { usePublicConfig } from '../../features/identity/api/public-config';
import { DEFAULT_TILE_URL } from '../../lib/map/map-view';
import { RewardsLink } from '../../features/rewards/components/rewards-link';

export default function AlliesPage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  return (
    <PageLayout title={t('pages.allies.title')}>
      <p className="lead">{t('allies.intro')}</p>
      <AlliesBrowser tileUrl={config.data?.tile_url ?? DEFAULT_TILE_URL} />
      <RewardsLink variant="allies" />
    </PageLayout>
  );
}
