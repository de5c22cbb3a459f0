/** Shown on screens that need a session when nobody is logged in. */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { LOGIN_PATH, SIGNUP_PATH } from '../routes';
import './identity.css';

export function LoginRequiredNotice({ next }: { next?: string }) {
  const { t } = useTranslation();
  const loginUrl = next ? `${LOGIN_PATH}?next=${encodeURIComponent(next)}` : LOGIN_PATH;
  return (
    <div className="pv-notice" role="status">
      <p>{t('identity.loginRequired.lead')}</p>
      <div className="pv-actions">
        <AppLink to={loginUrl} className="pv-button">
          {t('identity.loginRequired.login')}
        </AppLink>
        <AppLink to={SIGNUP_PATH}>{t('identity.loginRequired.signup')}</AppLink>
      </div>
    </div>
  );
}
