/** Landing of the e-mailed verification link (`?token=`): confirms the address once. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { isLoggedIn } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import { useVerifyEmail } from '../api/verify-email';
import { HOME_AFTER_LOGIN_PATH, LOGIN_PATH } from '../routes';
import { ListSkeleton } from './list-skeleton';
import { ResendVerificationButton } from './resend-verification-button';
import './identity.css';
import { apiErrorMessage, hasApiFieldError } from '../../../lib/api-errors';

export function VerifyEmailScreen({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const user = useSession();
  const verify = useVerifyEmail();
  const started = useRef<string | null>(null);

  useEffect(() => {
    // The link is single use: call once per token even if the effect runs twice.
    if (!token || started.current === token) return;
    started.current = token;
    verify.mutate(token);
  }, [token, verify]);

  const continueLink = isLoggedIn(user) ? HOME_AFTER_LOGIN_PATH : LOGIN_PATH;

  if (!token) {
    return (
      <div className="pv-notice pv-notice-error" role="alert">
        <p>{t('identity.verify.missingToken')}</p>
      </div>
    );
  }
  if (verify.isSuccess) {
    return (
      <div className="pv-notice" role="status">
        <p>
          <strong>{t('identity.verify.done')}</strong>
        </p>
        <p>{t('identity.verify.doneText', { email: verify.data.email })}</p>
        <div className="pv-actions">
          <AppLink to={continueLink} direction="root" className="pv-button">
            {isLoggedIn(user) ? t('identity.verify.continue') : t('identity.verify.login')}
          </AppLink>
        </div>
      </div>
    );
  }
  if (verify.isError) {
    const linkProblem = hasApiFieldError(verify.error, 'token');
    return (
      <div className="pv-notice pv-notice-error" role="alert">
        <p>{linkProblem ? t('identity.verify.invalidLink') : apiErrorMessage(t, verify.error)}</p>
        {isLoggedIn(user) && user.email_verified === false ? (
          <div className="pv-actions">
            <ResendVerificationButton className="pv-button" />
          </div>
        ) : (
          <p>
            <AppLink to={continueLink} direction="root">
              {isLoggedIn(user) ? t('identity.verify.continue') : t('identity.verify.login')}
            </AppLink>
          </p>
        )}
      </div>
    );
  }
  return <ListSkeleton label={t('identity.verify.checking')} rows={1} />;
}
