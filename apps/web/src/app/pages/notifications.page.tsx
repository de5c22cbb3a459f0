/** notifications: the notification centre (the toolbar bell opens it). */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { isLoggedIn } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { LoginRequiredNotice } from '../../features/identity/components/login-required-notice';
import { NotificationCentre } from '../../features/notifications/components/notification-centre';

export default function NotificationsPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSession();
  return (
    <PageLayout title={t('notifications.title')}>
      {isLoggedIn(user) ? <NotificationCentre /> : <LoginRequiredNotice next={pathname} />}
    </PageLayout>
  );
}
