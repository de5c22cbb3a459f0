import type { BroadcastAudience, BroadcastAudienceSize } from '@puntoverde/contract';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/dialect.js';
import { figuresQuery, type BroadcastRow } from './deliveries.repository.js';

/**
 * Staff broadcasts: the broadcast rows, and the set-based writes that turn one into a
 * notification per recipient and a delivery per device. The audience is read from the accounts
 * and their devices in the same statements (INSERT ... SELECT), so 100,000 recipients take
 * seconds instead of a round trip each.
 */

export async function findBroadcast(db: Db, id: number): Promise<BroadcastRow | undefined> {
  return db.selectFrom('notification_broadcasts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Cancels a broadcast still scheduled; false when it does not exist or already went out. */
export async function cancelIfScheduled(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('notification_broadcasts')
    .set({ status: 'cancelled' })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The account a notification record belongs to. */
export async function ownerOfNotification(db: Db, notificationId: number): Promise<number | undefined> {
  const row = await db.selectFrom('notifications').select('user_id').where('id', '=', notificationId).executeTakeFirst();
  return row?.user_id;
}

/** Who received a broadcast (one notification record each). */
export async function recipientIdsOf(db: Db, broadcastId: number): Promise<number[]> {
  const rows = await db.selectFrom('notifications').select('user_id').where('broadcast_id', '=', broadcastId).execute();
  return rows.map((r) => r.user_id);
}

/** The accounts a broadcast reaches: active, not deleted, not staff, of the kind or city asked. */
function audienceUsers(db: Db, audience: BroadcastAudience) {
  let users = db.selectFrom('users').where('users.active', '=', 1).where('users.deleted_at', 'is', null).where('users.is_admin', '=', 0);
  if (audience.type === 'tc_id') users = users.where('users.tc_id', '=', audience.tc_id);
  if (audience.type === 'city') users = users.where(sql`lower(users.city)`, '=', audience.city.trim().toLowerCase());
  return users;
}

/** Accounts an audience holds now, and their devices that would get the push. */
export async function countAudience(db: Db, audience: BroadcastAudience): Promise<BroadcastAudienceSize> {
  const [users, devices] = await Promise.all([
    audienceUsers(db, audience)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    audienceUsers(db, audience)
      .innerJoin('devices as d', 'd.user_id', 'users.id')
      .where('d.endpoint', 'is not', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('notification_preferences as p')
              .select('p.user_id')
              .whereRef('p.user_id', '=', 'users.id')
              .where('p.kind', '=', 'broadcast')
              .where('p.channel', '=', 'push')
              .where('p.enabled', '=', 0),
          ),
        ),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { users: Number(users.n), push_devices: Number(devices.n) };
}

/** A broadcast's delivery rows: notification and device first, then these values in this order. */
const DELIVERY_COLUMNS = [
  'notification_id',
  'device_id',
  'channel',
  'status',
  'attempts',
  'next_attempt_at',
  'broadcast_id',
  'created_at',
] as const;

/** The values after notification and device of a pending delivery of the broadcast `b`. */
function pendingDeliveryFor(b: { id: number }, at: string) {
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, channel: 'push' | 'email', nextAttemptAt: string) => [
    eb.val(channel).as('channel'),
    eb.val('pending').as('status'),
    eb.val(0).as('attempts'),
    eb.val(nextAttemptAt).as('next_attempt_at'),
    eb.val(b.id).as('broadcast_id'),
    eb.val(at).as('created_at'),
  ];
}

/** A user's own quiet-hours window, as stored. */
export type QuietWindow = { quiet_enabled: number; quiet_start: string; quiet_end: string };

/**
 * Writes broadcast `b` to every account of `audience`: one notification record each, a push
 * delivery per device (unless the user turned broadcast pushes off) due at `pushAt`, or at
 * `pushAtFor(window)` for users with quiet hours of their own, and an e-mail delivery for those
 * who asked for broadcast e-mails. Returns how many accounts it reached.
 */
export async function writeBroadcast(
  trx: Db,
  b: BroadcastRow,
  audience: BroadcastAudience,
  when: { at: string; pushAt: string; pushAtFor: (w: QuietWindow) => string },
): Promise<number> {
  const { at, pushAt } = when;
  const inserted = await trx
    .insertInto('notifications')
    .columns(['user_id', 'kind', 'title', 'body', 'link', 'read_at', 'broadcast_id', 'created_at'])
    .expression(
      audienceUsers(trx, audience).select((eb) => [
        'users.id',
        eb.val('broadcast').as('kind'),
        eb.val(b.title).as('title'),
        eb.val(b.body).as('body'),
        eb.val(b.link).as('link'),
        eb.val(null).as('read_at'),
        eb.val(b.id).as('broadcast_id'),
        eb.val(at).as('created_at'),
      ]),
    )
    .executeTakeFirst();
  const recipients = Number(inserted.numInsertedOrUpdatedRows ?? 0n);
  const pendingDelivery = pendingDeliveryFor(b, at);
  const optedOut = (channel: string, enabled: 0 | 1) =>
    trx
      .selectFrom('notification_preferences as p')
      .select('p.user_id')
      .where('p.user_id', '=', sql.ref<number>('n.user_id'))
      .where('p.kind', '=', 'broadcast')
      .where('p.channel', '=', channel)
      .where('p.enabled', '=', enabled);
  await trx
    .insertInto('notification_deliveries')
    .columns(DELIVERY_COLUMNS)
    .expression(
      trx
        .selectFrom('notifications as n')
        .innerJoin('devices as d', 'd.user_id', 'n.user_id')
        .where('n.broadcast_id', '=', b.id)
        .where('d.endpoint', 'is not', null)
        .where((eb) => eb.not(eb.exists(optedOut('push', 0))))
        .select((eb) => ['n.id', 'd.id as device_id', ...pendingDelivery(eb, 'push', pushAt)]),
    )
    .execute();
  await trx
    .insertInto('notification_deliveries')
    .columns(DELIVERY_COLUMNS)
    .expression(
      trx
        .selectFrom('notifications as n')
        .where('n.broadcast_id', '=', b.id)
        .where((eb) => eb.exists(optedOut('email', 1)))
        // E-mail is not held by quiet hours.
        .select((eb) => ['n.id', eb.val(null).as('device_id'), ...pendingDelivery(eb, 'email', at)]),
    )
    .execute();
  // Users who set their own quiet hours: one UPDATE per distinct window (there are few).
  const windows = await trx
    .selectFrom('notification_settings as s')
    .innerJoin('notifications as n', 'n.user_id', 's.user_id')
    .where('n.broadcast_id', '=', b.id)
    .select(['s.quiet_enabled', 's.quiet_start', 's.quiet_end'])
    .distinct()
    .execute();
  for (const w of windows) {
    const due = when.pushAtFor(w);
    if (due === pushAt) continue;
    await trx
      .updateTable('notification_deliveries')
      .set({ next_attempt_at: due })
      .where('broadcast_id', '=', b.id)
      .where('channel', '=', 'push')
      .where('notification_id', 'in', (eb) =>
        eb
          .selectFrom('notifications as n')
          .innerJoin('notification_settings as s', 's.user_id', 'n.user_id')
          .select('n.id')
          .where('n.broadcast_id', '=', b.id)
          .where('s.quiet_enabled', '=', w.quiet_enabled)
          .where('s.quiet_start', '=', w.quiet_start)
          .where('s.quiet_end', '=', w.quiet_end),
      )
      .execute();
  }
  await trx.updateTable('notification_broadcasts').set({ recipients }).where('id', '=', b.id).execute();
  return recipients;
}

// ---- the staff's report of what was sent ----

/** Delivery figures of one broadcast. */
export async function figuresOfBroadcast(db: Db, broadcastId: number) {
  return figuresQuery(db).where('d.broadcast_id', '=', broadcastId).executeTakeFirst();
}

export type SentPeriod = { kind?: string | undefined; fromAt?: string | undefined; toAt?: string | undefined };

/** Notification records per kind written in the period. */
export async function countRecordsByKind(db: Db, p: SentPeriod) {
  let q = db.selectFrom('notifications').select((eb) => ['kind', eb.fn.countAll<number>().as('n')]).groupBy('kind');
  if (p.kind) q = q.where('kind', '=', p.kind);
  if (p.fromAt) q = q.where('created_at', '>=', p.fromAt);
  if (p.toAt) q = q.where('created_at', '<', p.toAt);
  return q.execute();
}

/** Delivery figures per kind of the notifications written in the period. */
export async function figuresByKind(db: Db, p: SentPeriod) {
  let q = figuresQuery(db).innerJoin('notifications as n', 'n.id', 'd.notification_id').select('n.kind').groupBy('n.kind');
  if (p.kind) q = q.where('n.kind', '=', p.kind);
  if (p.fromAt) q = q.where('n.created_at', '>=', p.fromAt);
  if (p.toAt) q = q.where('n.created_at', '<', p.toAt);
  return q.execute();
}

/** A page of the broadcasts sent in the period (newest first), and how many there are. */
export async function listBroadcasts(
  db: Db,
  f: { audience?: string | undefined; fromAt?: string | undefined; toAt?: string | undefined },
  page: number,
  pageSize: number,
): Promise<{ rows: BroadcastRow[]; total: number }> {
  let list = db.selectFrom('notification_broadcasts');
  if (f.audience) list = list.where('audience', '=', f.audience);
  if (f.fromAt) list = list.where('send_at', '>=', f.fromAt);
  if (f.toAt) list = list.where('send_at', '<', f.toAt);
  const [rows, total] = await Promise.all([
    list
      .selectAll()
      .orderBy('send_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    list.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
