import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import '../../features/content/content-ui.css';
import { AlliesBrowser } from '../../features/allies/components/allies-browser';
import { usePublicConfig } from '../../features/identity/api/public-config';
import { DEFAULT_TILE_URL } from '../../lib/map/map-view';
import { RewardsLink } from '../../features/rewards/components/rewards-link';

export default function AlliesPage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  // ?aliado=ID&mapa=1 (from an offer's "Ver en el mapa"): the map open on that ally's points of sale.
  const search = new URLSearchParams(useLocation().search);
  const focus = Number(search.get('aliado'));
  return (
    <PageLayout title={t('pages.allies.title')}>
      <p className="lead">{t('allies.intro')}</p>
      <AlliesBrowser
        key={search.toString()}
        tileUrl={config.data?.tile_url ?? DEFAULT_TILE_URL}
        focusAllyId={Number.isInteger(focus) && focus > 0 ? focus : null}
        openMap={search.get('mapa') === '1'}
      />
      <RewardsLink variant="allies" />
    </PageLayout>
  );
}
