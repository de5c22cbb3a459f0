/** The shell: providers, router, split pane with the side menu and the routed pages. */
import { IonApp, IonSplitPane, useIonRouter } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { SPLIT_PANE_MEDIA_QUERY } from '@puntoverde/contract';
import { Suspense, lazy, useEffect, useState } from 'react';
import { isNativePlatform } from '../lib/native/platform';
import { useLocation } from 'react-router-dom';
import { clearRefreshParamFromAddressBar } from '../lib/navigation';
import { createQueryClient } from '../lib/query-client';
import { isLoggedIn, setSessionNavigator } from '../lib/session';
import { useSession } from '../lib/use-session';
import { PageBannerContext } from '../components/page-banner';
import { ToolbarActionsContext } from '../components/toolbar-actions';
import { registerServerLogout } from '../features/identity/api/logout';
import { PageBanners } from '../features/identity/components/page-banners';
import { IdentityRuntime } from '../features/identity/components/identity-runtime';
import { registerSocialSignOut } from '../features/social-auth/social-session-store';
import { AppRoutes, MAIN_CONTENT_ID } from './app-routes';
import { DeferredSideMenu } from './deferred-side-menu';

// Logout also clears the social sign-in session (spec §4), whichever page it happens on.
registerSocialSignOut();

// Logout also ends the session on the server (best effort).
registerServerLogout();

/** Lets logout (a plain module) navigate through Ionic's router. */
function SessionNavigatorBridge() {
  const router = useIonRouter();
  useEffect(() => {
    setSessionNavigator((path) => router.navigateRoot(path));
  }, [router]);
  return null;
}

/** Menu navigation adds ?refresh= (spec §2); once the page has rendered it leaves the address bar. */
function RefreshParamCleaner() {
  const { search } = useLocation();
  useEffect(() => {
    if (!search.includes('refresh=')) return undefined;
    const timer = setTimeout(() => clearRefreshParamFromAddressBar(), 0);
    return () => clearTimeout(timer);
  }, [search]);
  return null;
}

/** Live updates of pickup requests (server-sent events), loaded only once someone is logged in. */
const LiveUpdates = lazy(() => import('../features/requests/components/live-updates'));
function LiveUpdatesWhileLoggedIn() {
  const user = useSession();
  return isLoggedIn(user) ? (
    <Suspense fallback={null}>
      <LiveUpdates />
    </Suspense>
  ) : null;
}

/** Offline support (service worker, update prompt, outbox): after the first screen, never in its code. */
const OfflineRuntime = lazy(() => import('./offline-runtime'));
function OfflineRuntimeAfterFirstPaint() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if (document.readyState === 'complete') {
      if ('requestIdleCallback' in window) window.requestIdleCallback(start);
      else setTimeout(start, 1);
    } else {
      window.addEventListener('load', start, { once: true });
    }
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <OfflineRuntime />
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

/** The Android/iOS shell (back button, deep links, status bar): only inside the native app. */
const NativeRuntime = lazy(() => import('./native-runtime'));
const inNativeApp = isNativePlatform();

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <IonApp>
        {/* Until the translations arrive, index.html's boot screen still covers the app. */}
        <Suspense fallback={null}>
          <IonReactRouter>
            <SessionNavigatorBridge />
            <RefreshParamCleaner />
            <IdentityRuntime />
            <LiveUpdatesWhileLoggedIn />
            <OfflineRuntimeAfterFirstPaint />
            {inNativeApp ? (
              <Suspense fallback={null}>
                <NativeRuntime />
              </Suspense>
            ) : null}
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
