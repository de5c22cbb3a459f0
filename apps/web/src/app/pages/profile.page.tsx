/** auth/profile/:id_user: only the logged-in user's own id; any other id is a 403. */
import { TC_ID } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { isLoggedIn } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { ForbiddenNotice } from '../../features/identity/components/forbidden-notice';
import { LoginRequiredNotice } from '../../features/identity/components/login-required-notice';
import { ProfileScreen } from '../../features/identity/components/profile-screen';
import { NotificationSettings } from '../../features/notifications/components/notification-settings';
import { CompanyPointsSetting } from '../../features/rewards/components/company-points-setting';
import { RewardsLink } from '../../features/rewards/components/rewards-link';

export default function ProfilePage() {
  const { t } = useTranslation();
  const { id_user: idUser } = useParams();
  const { pathname } = useLocation();
  const user = useSession();
  if (!isLoggedIn(user)) {
    return (
      <PageLayout title={t('pages.profile.title')}>
        <LoginRequiredNotice next={pathname} />
      </PageLayout>
    );
  }
  if (String(user.id) !== idUser) {
    return (
      <PageLayout title={t('identity.forbidden.title')}>
        <ForbiddenNotice ownUserId={user.id} />
      </PageLayout>
    );
  }
  return (
    <PageLayout title={t('pages.profile.title')} lead={t('pages.profile.lead')}>
      <ProfileScreen userId={user.id}>
        <RewardsLink variant="profile" />
        {user.tc_id === TC_ID.company && (user.id_empresa === null || user.id_empresa === '') ? <CompanyPointsSetting /> : null}
        <NotificationSettings />
      </ProfileScreen>
    </PageLayout>
  );
}
