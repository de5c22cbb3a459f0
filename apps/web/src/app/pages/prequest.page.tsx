/**
 * app/tabs/prequest: the requests addressed to the points a manager (tc_id 1) runs (staff see
 * every point's), the day's route, and `/app/tabs/prequest/{id}` to act on one.
 */
import { TC_ID } from '@puntoverde/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { AppLink } from '../../components/app-link';
import { ListDetail } from '../../components/list-detail';
import { PageLayout } from '../../components/page-layout';
import { usePublicConfig } from '../../features/identity/api/public-config';
import { LoginRequiredNotice } from '../../features/identity/components/login-required-notice';
import { POINT_REQUESTS_PATH, PointRequestsScreen } from '../../features/requests/components/point-requests-screen';
import { DEFAULT_TILE_URL } from '../../lib/map/map-view';
import { isLoggedIn, isStaff } from '../../lib/session';
import { useSession } from '../../lib/use-session';

// A request's page loads when opened: the list, this page's first screen, needs neither its code
// nor the schemas it validates with.
const RequestDetailScreen = lazy(() =>
  import('../../features/requests/components/request-detail-screen').then((m) => ({ default: m.RequestDetailScreen })),
);

export default function PrequestPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { pathname, search } = useLocation();
  const user = useSession();
  const config = usePublicConfig();

  let title = t('pages.prequest.title');
  let body;
  if (!isLoggedIn(user)) {
    body = <LoginRequiredNotice next={pathname} />;
  } else if (user.tc_id !== TC_ID.manager && !isStaff(user)) {
    body = (
      <div className="rq-notice" role="status">
        <p>{t('requests.point.notManager')}</p>
        <AppLink to="/app/tabs/request">{t('requests.point.toMine')}</AppLink>
      </div>
    );
  } else {
    // On a desktop a request opens beside the list (components/list-detail.tsx).
    const detail =
      id && /^\d+$/.test(id) ? (
        <Suspense fallback={null}>
          <RequestDetailScreen id={Number(id)} mode="point" userId={user.id} backTo={POINT_REQUESTS_PATH} />
        </Suspense>
      ) : null;
    if (detail) title = t('requests.detail.title', { id });
    body = (
      <ListDetail
        listLabel={t('pages.prequest.title')}
        detail={detail}
        list={
          config.isPending ? null : (
            <PointRequestsScreen
              tileUrl={config.data?.tile_url ?? DEFAULT_TILE_URL}
              initialStatus={new URLSearchParams(search).get('status') ?? undefined}
            />
          )
        }
      />
    );
  }
  return (
    <PageLayout title={title} lead={id === undefined ? t('pages.prequest.lead') : undefined}>
      <Suspense fallback={null}>{body}</Suspense>
    </PageLayout>
  );
}
