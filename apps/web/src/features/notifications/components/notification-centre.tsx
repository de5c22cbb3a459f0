/** The notification centre: my notifications, newest first; each opens its object and is marked read. */
import type { Notification } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import '../../../components/actions.css';
import { formatDateTime } from '../../../lib/date-format';
import { useNotifications } from '../api/list-notifications';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import './notifications.css';
import { EmptyState } from '../../../components/empty-state';

function Entry({ n }: { n: Notification }) {
  const { t, i18n } = useTranslation();
  const markRead = useMarkRead();
  const unread = n.read_at === null;
  const text = (
    <>
      {/* The server writes its notifications in Spanish: marked so, a reader pronounces them right. */}
      <strong className="notification-title" lang="es">
        {n.title}
      </strong>
      <span className="notification-body" lang="es">
        {n.body}
      </span>
      <span className="notification-meta">
        {unread ? <span className="notification-unread-dot">{t('notifications.unread')}</span> : null}
        <time dateTime={n.created_at}>{formatDateTime(n.created_at, i18n.language)}</time>
      </span>
    </>
  );
  return (
    <li className={unread ? 'notification-entry notification-entry-unread' : 'notification-entry'}>
      {n.link ? (
        <AppLink to={n.link} className="notification-entry-link" onClick={() => unread && markRead.mutate(n.id)}>
          {text}
        </AppLink>
      ) : (
        <div className="notification-entry-link">{text}</div>
      )}
      {unread ? (
        <button
          type="button"
          className="pv-button pv-button-secondary pv-button-small"
          aria-label={t('notifications.markReadNamed', { title: n.title })}
          disabled={markRead.isPending}
          onClick={() => markRead.mutate(n.id)}
        >
          {t('notifications.markRead')}
        </button>
      ) : null}
    </li>
  );
}

export function NotificationCentre() {
  const { t } = useTranslation();
  const list = useNotifications();
  const markAll = useMarkAllRead();
  if (list.isPending) return <p role="status">{t('notifications.loading')}</p>;
  if (list.isError) {
    return (
      <div className="pv-callout pv-callout-error" role="alert">
        <p>{t('notifications.loadError')}</p>
        <button type="button" className="pv-button pv-button-small" onClick={() => void list.refetch()}>
          {t('notifications.retry')}
        </button>
      </div>
    );
  }
  const { items, unread_count: unread } = list.data;
  return (
    <section className="notification-centre" aria-labelledby="notification-centre-heading">
      <div className="notification-centre-head">
        <h2 id="notification-centre-heading">
          {unread > 0 ? t('notifications.unreadCount', { count: unread }) : t('notifications.allRead')}
        </h2>
        {unread > 0 ? (
          <button type="button" className="pv-button pv-button-small" disabled={markAll.isPending} onClick={() => markAll.mutate()}>
            {t('notifications.markAllRead')}
          </button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <EmptyState title={t('notifications.empty')} />
      ) : (
        <ul className="notification-list" aria-label={t('notifications.listLabel')}>
          {items.map((n) => (
            <Entry key={n.id} n={n} />
          ))}
        </ul>
      )}
    </section>
  );
}
