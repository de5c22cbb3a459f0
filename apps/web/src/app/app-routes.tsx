/**
 * Every route of the spec (§2) inside Ionic's outlet. Pages are code-split per route except
 * the light landing page, which the first paint of /index needs anyway.
 */
import { IonRouterOutlet } from '@ionic/react';
import { lazy, Suspense } from 'react';
import type { ComponentType, LazyExoticComponent, ReactElement } from 'react';
import { Navigate, Route } from 'react-router-dom';
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
    <IonRouterOutlet id={MAIN_CONTENT_ID}>
      {pageRoutes}
      <Route path="/" element={<Navigate to="/index" replace />} />
      <Route path="/app" element={<AppHomeRedirect />} />
      <Route path="/app/tabs" element={<AppHomeRedirect />} />
      <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
    </IonRouterOutlet>
  );
}
