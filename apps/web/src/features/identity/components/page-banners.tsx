/**
 * The banners the shell puts on every page, loaded after the first paint and only when one can
 * show: today the e-mail verification reminder, for a logged-in user whose address is not
 * verified. Visitors and verified users download none of its code.
 */
import { lazy, Suspense } from 'react';
import { isLoggedIn } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';

const AccountBanners = lazy(() => import('./account-banners'));

export function PageBanners() {
  const user = useSession();
  if (!isLoggedIn(user) || user.email_verified !== false) return null;
  return (
    <Suspense fallback={null}>
      <AccountBanners />
    </Suspense>
  );
}
