/**
 * Banners above every page's content: a discreet note in demo mode, and for a logged-in user
 * whose e-mail is not verified yet, a reminder with a button to re-send the link.
 * Loaded lazily by the shell, after the first paint.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import { loadPublicConfig } from '../api/public-config';
import type { PublicConfigData } from '../api/public-config';
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

export function DemoBanner() {
  const { t } = useTranslation();
  const [config, setConfig] = useState<PublicConfigData | null>(null);
  useEffect(() => {
    let active = true;
    loadPublicConfig()
      .then((loaded) => {
        if (active) setConfig(loaded);
      })
      .catch(() => undefined); // no banner when the server cannot be asked
    return () => {
      active = false;
    };
  }, []);
  if (!config?.demo) return null;
  return (
    <p className="pv-banner pv-banner-demo" role="note">
      {t('identity.demo.banner')}
    </p>
  );
}

export default function AccountBanners() {
  return (
    <>
      <DemoBanner />
      <VerifyEmailBanner />
    </>
  );
}
