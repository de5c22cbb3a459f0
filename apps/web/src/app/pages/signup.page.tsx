import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { PageLayout } from '../../components/page-layout';

/** Chooses the kind of account; both forms live on their own routes. */
export default function SignupPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.signup.title')}>
      <p>{t('pages.signup.lead')}</p>
      <ul className="link-list">
        <li>
          <AppLink to="/auth/signup-client">{t('pages.signup.client')}</AppLink>
        </li>
        <li>
          <AppLink to="/auth/signup-company">{t('pages.signup.company')}</AppLink>
        </li>
      </ul>
    </PageLayout>
  );
}
