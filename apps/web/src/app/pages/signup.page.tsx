/** auth/signup: choose household or company. */
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout';
import { SignupChoice } from '../../features/identity/components/signup-choice';

export default function SignupPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.signup.title')}>
      <SignupChoice />
    </PageLayout>
  );
}
