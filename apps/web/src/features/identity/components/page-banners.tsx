/**
 * The banners the shell puts on every page, loaded after the first paint and only when one can
 * show: the e-mail verification reminder, for a logged-in user whose address is not verified,
 * and the one-time offer to verify the phone after sign-up; and, for an account that must replace
 * its generated password, the dialog that asks for it. Visitors and verified users download none of its code.
 */
import { lazy, Suspense } from 'react';
import { isLoggedIn } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import { isPhoneVerificationOffered } from '../phone-offer';

const AccountBanners = lazy(() => import('./account-banners'));
const PasswordChangeDialog = lazy(() => import('./password-change-dialog'));

export function PageBanners() {
  const user = useSession();
  if (!isLoggedIn(user)) return null;
  // A generated password (admin:create) is changed before anything else: the API refuses the rest.
  if (user.must_change_password === true)
    return (
      <Suspense fallback={null}>
        <PasswordChangeDialog />
      </Suspense>
    );
  const phoneOffer = user.phone_verified !== true && isPhoneVerificationOffered(user.id);
  if (user.email_verified !== false && !phoneOffer) return null;
  return (
    <Suspense fallback={null}>
      <AccountBanners />
    </Suspense>
  );
}
