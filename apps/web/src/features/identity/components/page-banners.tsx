/** The banners the shell puts on every page, loaded after the first paint. */
import { lazy, Suspense } from 'react';

const AccountBanners = lazy(() => import('./account-banners'));

export function PageBanners() {
  return (
    <Suspense fallback={null}>
      <AccountBanners />
    </Suspense>
  );
}
