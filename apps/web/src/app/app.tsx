/** The shell: providers, router, split pane with the side menu and the routed pages. */
import { IonApp, IonSplitPane, useIonRouter } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { SPLIT_PANE_MEDIA_QUERY } from '@puntoverde/contract';
import { Suspense, lazy, useEffect, useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { isLoggedIn, setSessionNavigator } from '../lib/session';
import { useSession } from '../lib/use-session';
import { PageBannerContext } from '../components/page-banner';
import { ToolbarActionsContext } from '../components/toolbar-actions';
import { registerServerLogout } from '../features/identity/api/logout';
import { PageBanners } from '../features/identity/components/page-banners';
import { IdentityRuntime } from '../features/identity/components/identity-runtime';
import { registerSocialSignOut } from '../features/social-auth/social-session';
import { AppRoutes, MAIN_CONTENT_ID } from './app-routes';
import { DeferredSideMenu } from './deferred-side-menu';

// Logout also clears the social sign-in session (spec §4), whichever page it happens on.
registerSocialSignOut();

// Logout also ends the session on the server (best effort; identity issue).
registerServerLogout();

/** Lets logout (a plain module) navigate through Ionic's router. */
function SessionNavigatorBridge() {
  const router = useIonRouter();
  useEffect(() => {
    setSessionNavigator((path) => router.navigateRoot(path));
  }, [router]);
  return null;
}

/** Issue 7: live updates (server-sent events), loaded only once someone is logged in. */
const LiveUpdates = lazy(() => import('../features/requests/components/live-updates'));
function LiveUpdatesWhileLoggedIn() {
  const user = useSession();
  return isLoggedIn(user) ? (
    <Suspense fallback={null}>
      <LiveUpdates />
    </Suspense>
  ) : null;
}

/** The notification bell in every toolbar and the in-app alerts, loaded once someone is logged in. */
const NotificationBell = lazy(() => import('../features/notifications/components/notification-bell'));
const InAppAlerts = lazy(() => import('../features/notifications/components/in-app-alerts'));
function NotificationBellWhileLoggedIn() {
  const user = useSession();
  return isLoggedIn(user) ? (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  ) : null;
}
function InAppAlertsWhileLoggedIn() {
  const user = useSession();
  return isLoggedIn(user) ? (
    <Suspense fallback={null}>
      <InAppAlerts />
    </Suspense>
  ) : null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <IonApp>
        {/* Until the translations arrive, index.html's boot screen still covers the app. */}
        <Suspense fallback={null}>
          <IonReactRouter>
            <SessionNavigatorBridge />
            <IdentityRuntime />
            <LiveUpdatesWhileLoggedIn />
            <InAppAlertsWhileLoggedIn />
            <PageBannerContext.Provider value={<PageBanners />}>
              <ToolbarActionsContext.Provider value={<NotificationBellWhileLoggedIn />}>
                <IonSplitPane when={SPLIT_PANE_MEDIA_QUERY} contentId={MAIN_CONTENT_ID}>
                  <DeferredSideMenu contentId={MAIN_CONTENT_ID} />
                  <AppRoutes />
                </IonSplitPane>
              </ToolbarActionsContext.Provider>
            </PageBannerContext.Provider>
          </IonReactRouter>
        </Suspense>
      </IonApp>
    </QueryClientProvider>
  );
}
