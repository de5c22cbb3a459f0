import type { Notification, NotificationList, RealtimeEvent } from '@puntoverde/contract';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './notifications.repository.js';
import type { NotificationRow } from './notifications.repository.js';

/**
 * In-app notifications (issue 7): one record per user and message, read or not. Push delivery
 * of the same records comes later; it can hook in where the records are created, here.
 */

export type NotificationInput = {
  title: string;
  body: string;
  /** An app path (`/app/tabs/request/12`) the notification opens, or null. */
  link: string | null;
};

const TITLE_MAX = 120;
const BODY_MAX = 500;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    read_at: row.read_at,
    created_at: row.created_at,
  };
}

/**
 * Records a notification for `userId`. Works inside the caller's transaction: publish the
 * {@link notificationCreatedEvent} only after it commits.
 */
export async function notify(db: Db, userId: number, input: NotificationInput): Promise<Notification> {
  const row = await repo.insertNotification(db, {
    user_id: userId,
    title: input.title.slice(0, TITLE_MAX),
    body: input.body.slice(0, BODY_MAX),
    link: input.link,
    read_at: null,
    created_at: nowIso(),
  });
  return toNotification(row);
}

/** The live event announcing a new notification to its user's open streams. */
export function notificationCreatedEvent(n: Notification): RealtimeEvent {
  return { type: 'notification.created', notification_id: n.id, title: n.title, body: n.body, link: n.link };
}

export async function listNotifications(
  db: Db,
  userId: number,
  query: { page: number; page_size: number; unread?: boolean | undefined },
): Promise<NotificationList> {
  const { rows, total, unread } = await repo.listNotifications(db, userId, {
    unreadOnly: query.unread === true,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return {
    items: rows.map(toNotification),
    total,
    page: query.page,
    page_size: query.page_size,
    unread_count: unread,
  };
}

/** Marks one of the caller's notifications read (idempotent); 404 for anyone else's. */
export async function markNotificationRead(db: Db, userId: number, id: number): Promise<Notification> {
  const existing = await repo.findNotification(db, userId, id);
  if (!existing) throw new AppError('notification-not-found');
  await repo.markRead(db, userId, id, nowIso());
  const row = await repo.findNotification(db, userId, id);
  return toNotification(row ?? existing);
}

export function markAllNotificationsRead(db: Db, userId: number): Promise<number> {
  return repo.markAllRead(db, userId, nowIso());
}

/** The user's notifications for "download my data" (Ley 1581 de 2012 art. 8). */
export async function exportNotificationsOfUser(db: Db, userId: number): Promise<Notification[]> {
  return (await repo.listAllOfUser(db, userId)).map(toNotification);
}
