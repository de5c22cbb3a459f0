/** recompensas: my points, the allies' offers, my codes and the points history (households and companies). */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { isLoggedIn } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { LoginRequiredNotice } from '../../features/identity/components/login-required-notice';
import { RewardsScreen } from '../../features/rewards/components/rewards-screen';

export default function RewardsPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSession();
  return (
    <PageLayout title={t('rewards.title')} lead={isLoggedIn(user) ? t('rewards.lead') : undefined}>
      {isLoggedIn(user) ? <RewardsScreen /> : <LoginRequiredNotice next={pathname} />}
    </PageLayout>
  );
}
