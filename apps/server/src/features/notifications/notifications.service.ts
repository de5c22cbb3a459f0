import {
  NOTIFICATION_KINDS,
  QUIET_HOURS_DEFAULT,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type RealtimeEvent,
} from '@puntoverde/contract';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import * as deliveries from './deliveries.repository.js';
import * as repo from './notifications.repository.js';
import type { NotificationRow } from './notifications.repository.js';
import { heldUntil } from './quiet-hours.js';

/**
 * In-app notifications: one record per user and message, read or not. Writing a record also
 * writes its deliveries (one push per registered device, an e-mail when the user asked for
 * it) to the outbox in the same transaction; the worker sends them after commit. So every
 * feature that calls {@link notify} gets push delivery, preferences and quiet hours for free.
 */

export type NotificationInput = {
  title: string;
  body: string;
  /** An app path (`/app/tabs/request/12`) the notification opens, or null. */
  link: string | null;
  /** What it is about (preferences are per kind); omitted = taken from the link. */
  kind?: NotificationKind | undefined;
};

/**
 * Claims a once-only piece of work by its key (a notice for one account and date, say) in the
 * caller's transaction: false when another run or instance already did it.
 */
export function claimOnce(db: Db, key: string, at: Date = new Date()): Promise<boolean> {
  return deliveries.claimJob(db, key, at.toISOString());
}

/** The kind of a record written without one, from the screen it opens. */
export function kindFromLink(link: string | null): NotificationKind {
  if (!link) return 'general';
  if (/^\/app\/tabs\/p?request\b/.test(link)) return 'request';
  if (/certific/i.test(link)) return 'certificate';
  if (link.startsWith('/app/tabs/reports')) return 'report';
  if (link.startsWith('/app/tabs/points')) return 'container';
  if (link.startsWith('/campaign')) return 'campaign';
  if (/^\/(help|admin\/pqr)\b/.test(link) && /pqr/i.test(link)) return 'pqr';
  return 'general';
}

/** Preferences a user has not set: push on for every kind, e-mail off (features e-mail on their own). */
export const DEFAULT_CHANNELS = { push: true, email: false } as const;

const TITLE_MAX = 120;
const BODY_MAX = 500;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
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
  const at = new Date();
  const kind = input.kind ?? kindFromLink(input.link);
  // What to deliver is read first (preferences, quiet hours, devices): reads need no transaction.
  const planned = await plannedDeliveries(db, { userId, kind, at });
  const write = async (trx: Db) => {
    const row = await repo.insertNotification(trx, {
      user_id: userId,
      kind,
      title: input.title.slice(0, TITLE_MAX),
      body: input.body.slice(0, BODY_MAX),
      link: input.link,
      read_at: null,
      broadcast_id: null,
      created_at: at.toISOString(),
    });
    await deliveries.insertDeliveries(
      trx,
      planned.map((d) => ({ ...d, notification_id: row.id })),
    );
    return row;
  };
  // The record and its outbox rows commit together: in the caller's transaction, or in our own
  // (a record with nothing to deliver is one statement, and needs none).
  const row = db.isTransaction || planned.length === 0 ? await write(db) : await db.transaction().execute(write);
  return toNotification(row);
}

/** The user's channels for a kind and when a push may go out (quiet hours). */
async function deliveryPlan(db: Db, userId: number, kind: string, at: Date) {
  const [prefs, settings] = await Promise.all([deliveries.preferencesOf(db, userId), deliveries.settingsOf(db, userId)]);
  const pref = (channel: 'push' | 'email') => {
    const p = prefs.find((r) => r.kind === kind && r.channel === channel);
    return p ? p.enabled === 1 : DEFAULT_CHANNELS[channel];
  };
  const quiet = settings
    ? { enabled: settings.quiet_enabled === 1, start: settings.quiet_start, end: settings.quiet_end }
    : QUIET_HOURS_DEFAULT;
  return { push: pref('push'), email: pref('email'), pushAt: heldUntil(at, quiet).toISOString() };
}

type PlannedDelivery = Omit<Parameters<typeof deliveries.insertDeliveries>[1][number], 'notification_id'>;

async function plannedDeliveries(db: Db, n: { userId: number; kind: string; at: Date }): Promise<PlannedDelivery[]> {
  const plan = await deliveryPlan(db, n.userId, n.kind, n.at);
  const created_at = n.at.toISOString();
  const rows: PlannedDelivery[] = [];
  if (plan.push) {
    for (const device of await deliveries.pushDeviceIdsOfUser(db, n.userId)) {
      rows.push({ channel: 'push', device_id: device.id, next_attempt_at: plan.pushAt, broadcast_id: null, created_at });
    }
  }
  if (plan.email) {
    rows.push({ channel: 'email', device_id: null, next_attempt_at: created_at, broadcast_id: null, created_at });
  }
  return rows;
}

export { NOTIFICATION_KINDS };

/** The live event announcing a new notification to its user's open streams. */
export function notificationCreatedEvent(n: Notification): RealtimeEvent {
  return { type: 'notification.created', notification_id: n.id, title: n.title, body: n.body, link: n.link };
}

/** The user's record of a staff broadcast (what their open pages announce). */
export async function notificationOfBroadcast(db: Db, userId: number, broadcastId: number): Promise<Notification | undefined> {
  const row = await repo.findNotificationOfBroadcast(db, userId, broadcastId);
  return row ? toNotification(row) : undefined;
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
