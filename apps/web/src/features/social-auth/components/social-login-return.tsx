/**
 * On the login screen, the return from the provider: `#social_code` is exchanged for the
 * session (stored like a normal login), `#social_error` is explained. Renders nothing otherwise.
 */
import type { SessionUser } from '@puntoverde/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useExchangeSocialLoginCode } from '../api/exchange-login-code';
import { socialErrorMessage, socialErrorText } from '../social-messages';
import { forgetSocialFragment, readSocialFragment } from '../social-session';
import './social-auth.css';

export function SocialLoginReturn({ onLoggedIn }: { onLoggedIn: (user: SessionUser) => void }) {
  const { t } = useTranslation();
  // The fragment leaves the address bar at once; its values stay for this screen.
  const [fragment, setFragment] = useState(readSocialFragment);
  // In the app the screen may already be open when the deep link brings the result (a new hash).
  const { hash } = useLocation();
  const [seenHash, setSeenHash] = useState(hash);
  if (hash !== seenHash) {
    setSeenHash(hash);
    const next = readSocialFragment();
    if (next.code || next.error) setFragment(next);
  }
  const exchange = useExchangeSocialLoginCode();
  const { mutateAsync } = exchange;
  const sent = useRef<string | null>(null);

  useEffect(() => forgetSocialFragment(), [fragment]);

  useEffect(() => {
    if (!fragment.code || sent.current === fragment.code) return;
    sent.current = fragment.code;
    mutateAsync({ code: fragment.code }).then(onLoggedIn, () => {
      // Shown from the mutation's error below.
    });
  }, [fragment.code, mutateAsync, onLoggedIn]);

  if (fragment.error) {
    return (
      <div className="pv-social-alert" role="alert">
        <p>{socialErrorText(t, fragment.error)}</p>
      </div>
    );
  }
  // Nothing to say once logged in (the page moves on; a cached page must not keep a stale note).
  if (!fragment.code || exchange.isSuccess) return null;
  if (exchange.isError) {
    return (
      <div className="pv-social-alert" role="alert">
        <p>{socialErrorMessage(t, exchange.error)}</p>
      </div>
    );
  }
  return (
    <div className="pv-social-status" role="status" aria-live="polite">
      <p>{t('socialAuth.login.signingIn')}</p>
    </div>
  );
}
