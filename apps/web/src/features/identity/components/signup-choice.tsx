/** auth/signup: choose the kind of account (household or company). */
import { businessOutline, homeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { Icon } from '../../../components/icon';
import { LOGIN_PATH, SIGNUP_CLIENT_PATH, SIGNUP_COMPANY_PATH } from '../routes';
import './identity.css';

export function SignupChoice() {
  const { t } = useTranslation();
  return (
    <>
      <p className="lead">{t('identity.signup.chooseLead')}</p>
      <ul className="pv-choice-list">
        <li>
          <AppLink to={SIGNUP_CLIENT_PATH} className="pv-choice">
            <Icon icon={homeOutline} className="pv-choice-icon" />
            <span className="pv-choice-title">{t('identity.signup.householdTitle')}</span>
            <span>{t('identity.signup.householdText')}</span>
          </AppLink>
        </li>
        <li>
          <AppLink to={SIGNUP_COMPANY_PATH} className="pv-choice">
            <Icon icon={businessOutline} className="pv-choice-icon" />
            <span className="pv-choice-title">{t('identity.signup.companyTitle')}</span>
            <span>{t('identity.signup.companyText')}</span>
          </AppLink>
        </li>
      </ul>
      <p>
        {t('identity.signup.haveAccount')} <AppLink to={LOGIN_PATH}>{t('identity.signup.loginLink')}</AppLink>
      </p>
    </>
  );
}
