/**
 * Right after sign-up, once: "Verifica tu celular" with a link to the profile, where the code is
 * sent and typed, and "Ahora no". Either answer ends the offer for good.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { isLoggedIn } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import { endPhoneVerificationOffer, isPhoneVerificationOffered } from '../phone-offer';
import { profilePath } from '../routes';
import './account-banners.css';

export function PhoneOfferBanner() {
  const { t } = useTranslation();
  const user = useSession();
  const [ended, setEnded] = useState(false);
  if (!isLoggedIn(user) || ended || user.phone_verified === true || !isPhoneVerificationOffered(user.id)) return null;
  const end = () => {
    endPhoneVerificationOffer();
    setEnded(true);
  };
  return (
    <div className="pv-banner pv-banner-verify" role="region" aria-label={t('phone.offer.label')}>
      <p>{t('phone.offer.text')}</p>
      <div className="pv-banner-actions">
        <AppLink to={profilePath(user.id)} className="pv-banner-button pv-banner-link" onClick={end}>
          {t('phone.offer.action')}
        </AppLink>
        <button type="button" className="pv-banner-skip" onClick={end}>
          {t('phone.offer.skip')}
        </button>
      </div>
    </div>
  );
}
