/** 403: the profile asked for is not the logged-in user's own. */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { profilePath } from '../routes';
import './identity.css';

export function ForbiddenNotice({ ownUserId }: { ownUserId: number }) {
  const { t } = useTranslation();
  return (
    <div className="pv-notice pv-notice-error" role="alert">
      <p>
        <strong>{t('identity.forbidden.code')}</strong> · {t('identity.forbidden.lead')}
      </p>
      <p>{t('identity.forbidden.hint')}</p>
      <div className="pv-actions">
        <AppLink to={profilePath(ownUserId)} direction="root" className="pv-button">
          {t('identity.forbidden.ownProfile')}
        </AppLink>
        <AppLink to="/index" direction="root">
          {t('identity.forbidden.home')}
        </AppLink>
      </div>
    </div>
  );
}
