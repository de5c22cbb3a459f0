import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { AppLink } from '../../components/app-link';
import { OutboxList } from '../../components/offline/outbox-list';
import { PageLayout } from '../../components/page-layout';
import { usePublicConfig } from '../../features/identity/api/public-config';
import { LoginRequiredNotice } from '../../features/identity/components/login-required-notice';
import { STOP_OUTBOX_KIND } from '../../features/recyclers/api/route';
import { MyRouteScreen } from '../../features/recyclers/components/my-route-screen';
import { flushOutbox } from '../../lib/offline/flush';
import { DEFAULT_TILE_URL } from '../../lib/map/map-view';
import { isLoggedIn } from '../../lib/session';
import { useSession } from '../../lib/use-session';

/**
 * app/tabs/mi-ruta: a recycler's stops of the day (Mi ruta de hoy). Not a menu entry (the spec's
 * menu stays as it is), like Mis pesajes: each new assignment's notification links here, and the
 * two pages link to each other.
 */
export default function MyRoutePage() {
  const { t } = useTranslation();
  const user = useSession();
  const { pathname } = useLocation();
  const config = usePublicConfig();
  return (
    <PageLayout title={t('recyclers.route.title')}>
      {!isLoggedIn(user) ? (
        <LoginRequiredNotice next={pathname} />
      ) : (
        <>
          <OutboxList
            kinds={[STOP_OUTBOX_KIND]}
            reference={(entry) => `#${entry.path.split('/').at(-2) ?? ''}`}
            onSendNow={() => void flushOutbox()}
          />
          <MyRouteScreen tileUrl={config.isPending ? null : (config.data?.tile_url ?? DEFAULT_TILE_URL)} />
          <p>
            <AppLink to="/app/tabs/mis-pesajes">{t('recyclers.route.toWeighings')}</AppLink>
          </p>
        </>
      )}
    </PageLayout>
  );
}
