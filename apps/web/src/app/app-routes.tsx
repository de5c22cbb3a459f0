/**
 * Every route of the spec (§2). Pages are code-split per route except the light landing page,
 * which the first paint of /index needs anyway.
 *
 * React Router's own <Routes>, not Ionic's IonRouterOutlet: the outlet keeps a view stack and
 * animates page changes, and for that it ranks every route for each view on every navigation,
 * upgrades its Stencil element and re-renders its stack. Measured on every page's start (CPU
 * profile, 8 loads each, unthrottled): React DOM 16–27 ms and Ionic's core 5–16 ms less per
 * load, Ionic's router ~8 ms gone; at a phone's 4× slower CPU that was most of the blocking time
 * left. Pages still render IonPage (Ionic's layout and content scroll), links still go through
 * Ionic's router (useIonRouter, which keeps the history the back button uses); a page change
 * simply replaces the page instead of sliding it in.
 */
import { lazy, Suspense } from 'react';
import type { ComponentType, LazyExoticComponent, ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { TC_ID } from '@puntoverde/contract';
import { useSession } from '../lib/use-session';
import { isLoggedIn, LOGIN_PATH } from '../lib/session';
import IndexPage from './pages/index.page';
import routeTable from './routes.json';

export const NOT_FOUND_PATH = '/page-not-found';
export const MAIN_CONTENT_ID = 'main-content';

interface PageModule {
  default: ComponentType;
}

const pageLoaders = import.meta.glob<PageModule>(['./pages/*.page.tsx', '!./pages/index.page.tsx']);

export function pageModulePath(page: string): string {
  return `./pages/${page}.page.tsx`;
}

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>(
  Object.entries(pageLoaders).map(([file, load]) => [file, lazy(load)]),
);

function pageElement(page: string): ReactElement {
  if (page === 'index') return <IndexPage />;
  const Page = lazyPages.get(pageModulePath(page));
  if (!Page) throw new Error(`routes.json names a page without a file: ${pageModulePath(page)}`);
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}

/** `/app` and `/app/tabs` open the user's own requests, or the login for visitors. */
function AppHomeRedirect() {
  const user = useSession();
  if (!isLoggedIn(user)) return <Navigate to={LOGIN_PATH} replace />;
  return <Navigate to={user.tc_id === TC_ID.manager ? '/app/tabs/prequest' : '/app/tabs/request'} replace />;
}

const pageRoutes = routeTable.routes.map(({ path, page }) => (
  <Route key={path} path={path} element={pageElement(page)} />
));

export function AppRoutes() {
  return (
    <div id={MAIN_CONTENT_ID} className="pv-main">
      <Routes>
        {pageRoutes}
        <Route path="/" element={<Navigate to="/index" replace />} />
        <Route path="/app" element={<AppHomeRedirect />} />
        <Route path="/app/tabs" element={<AppHomeRedirect />} />
        <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
      </Routes>
    </div>
  );
}
