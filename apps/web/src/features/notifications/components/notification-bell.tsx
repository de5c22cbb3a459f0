/** The bell at the end of every page's toolbar: opens the notification centre, shows the unread count. */
import { notificationsOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { Icon } from '../../../components/icon';
import { isLoggedIn } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import { useNotifications } from '../api/list-notifications';
import './notifications.css';

export const NOTIFICATIONS_ROUTE = '/notifications';

/** The unread count, for the bell and the side menu's profile block (0 while loading or logged out). */
export function useUnreadCount(): number {
  const loggedIn = isLoggedIn(useSession());
  const list = useNotifications(loggedIn);
  return loggedIn ? (list.data?.unread_count ?? 0) : 0;
}

export function NotificationBell() {
  const { t } = useTranslation();
  const loggedIn = isLoggedIn(useSession());
  const unread = useUnreadCount();
  if (!loggedIn) return null;
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <AppLink to={NOTIFICATIONS_ROUTE} className="notification-bell" aria-label={label} title={label}>
      <Icon icon={notificationsOutline} />
      {unread > 0 ? (
        <span className="notification-badge" aria-hidden="true" data-testid="notification-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </AppLink>
  );
}

export default NotificationBell;
