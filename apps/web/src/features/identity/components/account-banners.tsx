/**
 * Banners above every page's content: for a logged-in user whose e-mail is not verified yet, a
 * reminder with a button to re-send the link; right after sign-up, the offer to verify the
 * phone (the demo-mode note is components/demo-note.tsx).
 * Loaded lazily by the shell, after the first paint.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import { PhoneOfferBanner } from './phone-offer-banner';
import { ResendVerificationButton } from './resend-verification-button';
import './account-banners.css';

/** Dismissed for this page load only: the reminder comes back on the next visit until verified. */
let verifyBannerDismissed = false;

export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const user = useSession();
  const [dismissed, setDismissed] = useState(verifyBannerDismissed);
  if (!isLoggedIn(user) || user.email_verified !== false || dismissed) return null;
  return (
    <div className="pv-banner pv-banner-verify" role="region" aria-label={t('identity.verify.bannerLabel')}>
      <p>{t('identity.verify.banner', { email: user.email ?? '' })}</p>
      <div className="pv-banner-actions">
        <ResendVerificationButton className="pv-banner-button" />
        <button
          type="button"
          className="pv-banner-dismiss"
          aria-label={t('identity.verify.dismiss')}
          onClick={() => {
            verifyBannerDismissed = true;
            setDismissed(true);
          }}
        >
          ×
        </button>
      </div>
    </div>
  );
}

export default function AccountBanners() {
  return (
    <>
      <VerifyEmailBanner />
      <PhoneOfferBanner />
    </>
  );
}
