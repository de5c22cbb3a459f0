import { TC_ID } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout';
import { ManagedPointsView } from '../../features/points/components/managed-points-view';
import { CoordinatedOrganizations } from '../../features/recyclers/components/coordinated-organizations';
import { isLoggedIn } from '../../lib/session';
import { useSession } from '../../lib/use-session';

/** app/tabs/points: the containers of the points a manager runs (spec: "Contenedores", type 1). */
export default function PointsPage() {
  const { t } = useTranslation();
  const user = useSession();
  return (
    <PageLayout title={t('pages.points.title')} lead={t('pages.points.lead')}>
      <ManagedPointsView enabled={isLoggedIn(user) && user.tc_id === TC_ID.manager} />
      <CoordinatedOrganizations enabled={isLoggedIn(user) && user.tc_id === TC_ID.manager} />
    </PageLayout>
  );
}
