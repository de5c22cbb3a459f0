import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import type { NotificationsTable } from '../../db/types.js';

/** Rows of the in-app notifications. Each function takes `db` or a transaction first. */
export type NotificationRow = Selectable<NotificationsTable>;

export function insertNotification(db: Db, values: Insertable<NotificationsTable>): Promise<NotificationRow> {
  return db.insertInto('notifications').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function listNotifications(
  db: Db,
  userId: number,
  options: { unreadOnly: boolean; limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  let q = db.selectFrom('notifications').where('user_id', '=', userId);
  if (options.unreadOnly) q = q.where('read_at', 'is', null);
  const [rows, total, unread] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n), unread: Number(unread.n) };
}

export function findNotification(db: Db, userId: number, id: number): Promise<NotificationRow | undefined> {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function markRead(db: Db, userId: number, id: number, at: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

export async function markAllRead(db: Db, userId: number, at: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function listAllOfUser(db: Db, userId: number): Promise<NotificationRow[]> {
  return db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function findNotificationOfBroadcast(db: Db, userId: number, broadcastId: number): Promise<NotificationRow | undefined> {
  return db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('broadcast_id', '=', broadcastId).executeTakeFirst();
}
