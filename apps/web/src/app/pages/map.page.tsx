import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AppLink } from '../../components/app-link';
import { PageLayout } from '../../components/page-layout';
import { usePublicConfig } from '../../features/identity/api/public-config';
import { PointDetailView } from '../../features/points/components/point-detail-view';
import { newReportPathFor } from '../../features/reports/format';
import { DEFAULT_TILE_URL } from '../../lib/map/map-view';
import '../../components/actions.css';

/** map/{id}: one point's page. */
export default function MapPointPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const config = usePublicConfig();
  const pointId = id && /^\d+$/.test(id) ? Number(id) : 0;
  return (
    <PageLayout title={t('pages.map.title')}>
      <PointDetailView id={pointId} tileUrl={config.data?.tile_url ?? (config.isError ? DEFAULT_TILE_URL : null)} />
      {pointId ? (
        <p className="pv-action-bar">
          <AppLink to={newReportPathFor(pointId)} className="pv-button pv-button-secondary">
            {t('reports.section.new')}
          </AppLink>
        </p>
      ) : null}
    </PageLayout>
  );
}
