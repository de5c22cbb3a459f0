import { claimDueIds } from '../../db/outbox-claim.js';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import type { DevicesTable, NotificationBroadcastsTable, NotificationDeliveriesTable } from '../../db/types.js';

/** Rows of push/e-mail delivery: devices, the outbox, preferences, broadcasts, jobs. */

export type DeliveryRow = Selectable<NotificationDeliveriesTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type BroadcastRow = Selectable<NotificationBroadcastsTable>;

// ---- devices ----

export function findDeviceByEndpoint(db: Db, endpoint: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('endpoint', '=', endpoint).orderBy('id').executeTakeFirst();
}

export async function insertDevice(
  db: Db,
  values: { player_id: string; kind: string; subscription: string | null; endpoint: string; user_id: number | null; session_id: string | null; user_agent: string | null; at: string },
): Promise<DeviceRow> {
  return db
    .insertInto('devices')
    .values({
      player_id: values.player_id,
      kind: values.kind,
      subscription: values.subscription,
      endpoint: values.endpoint,
      user_id: values.user_id,
      session_id: values.session_id,
      user_agent: values.user_agent,
      created_at: values.at,
      last_seen_at: values.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateDevice(
  db: Db,
  id: number,
  values: { subscription: string | null; user_agent: string | null; at: string; link?: { user_id: number; session_id: string } | undefined },
): Promise<void> {
  await db
    .updateTable('devices')
    .set({
      subscription: values.subscription,
      user_agent: values.user_agent,
      last_seen_at: values.at,
      ...(values.link ? { user_id: values.link.user_id, session_id: values.link.session_id } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** The user's devices that can receive a push (registered with a subscription or token). */
export function pushDeviceIdsOfUser(db: Db, userId: number): Promise<{ id: number }[]> {
  return db
    .selectFrom('devices')
    .select('id')
    .where('user_id', '=', userId)
    .where('endpoint', 'is not', null)
    .orderBy('id')
    .execute();
}

export async function deleteDevice(db: Db, id: number): Promise<void> {
  await db.deleteFrom('devices').where('id', '=', id).execute();
}

// ---- preferences and quiet hours ----

export function preferencesOf(db: Db, userId: number) {
  return db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).execute();
}

export async function upsertPreference(db: Db, userId: number, kind: string, channel: string, enabled: boolean, at: string): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, kind, channel, enabled: enabled ? 1 : 0, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'channel']).doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: at }))
    .execute();
}

export function settingsOf(db: Db, userId: number) {
  return db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertSettings(db: Db, userId: number, quiet: { enabled: boolean; start: string; end: string }, at: string): Promise<void> {
  const values = { quiet_enabled: quiet.enabled ? 1 : 0, quiet_start: quiet.start, quiet_end: quiet.end, updated_at: at };
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

// ---- the outbox ----

export async function insertDeliveries(
  db: Db,
  rows: { notification_id: number; channel: string; device_id: number | null; next_attempt_at: string; broadcast_id: number | null; created_at: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notification_deliveries')
    .values(rows.map((r) => ({ ...r, status: 'pending', attempts: 0, locked_until: null, sent_at: null, clicked_at: null, last_error: null })))
    .execute();
}

export type ClaimedDelivery = DeliveryRow & {
  user_id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  device_kind: string | null;
  subscription: string | null;
  endpoint: string | null;
  email: string | null;
};

/**
 * Takes up to `limit` due rows for this worker until `lockedUntil`. PostgreSQL: rows locked
 * with FOR UPDATE SKIP LOCKED so instances never take the same row; SQLite has a single
 * writer, and the UPDATE's own condition keeps a row from being taken twice.
 */
export async function claimDue(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  options: { now: string; lockedUntil: string; limit: number },
): Promise<ClaimedDelivery[]> {
  const ids = await claimDueIds(db, dialect, 'notification_deliveries', options);
  if (ids.length === 0) return [];
  return db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notifications as n', 'n.id', 'd.notification_id')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('devices as dev', 'dev.id', 'd.device_id')
    .selectAll('d')
    .select([
      'n.user_id',
      'n.kind',
      'n.title',
      'n.body',
      'n.link',
      'dev.kind as device_kind',
      'dev.subscription',
      'dev.endpoint',
      'u.email',
    ])
    .where('d.id', 'in', ids)
    .orderBy('d.id')
    .execute();
}

/**
 * Extends the lease of rows a live worker still holds; answers the ids it extended. A row is
 * the worker's while its `attempts` is the one its claim set: a row another worker claimed since
 * (its lease ran out) or that was recorded is left alone.
 */
export async function renewLeases(
  db: Db,
  held: readonly { id: number; attempt: number }[],
  options: { lockedUntil: string },
): Promise<number[]> {
  const byAttempt = new Map<number, number[]>();
  for (const h of held) byAttempt.set(h.attempt, [...(byAttempt.get(h.attempt) ?? []), h.id]);
  const renewed: number[] = [];
  for (const [attempt, ids] of byAttempt) {
    // Chunks keep the statement under SQLite's parameter limit.
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db
        .updateTable('notification_deliveries')
        .set({ locked_until: options.lockedUntil })
        .where('id', 'in', ids.slice(i, i + 500))
        .where('attempts', '=', attempt)
        .where('status', '=', 'pending')
        .where('locked_until', 'is not', null)
        .returning('id')
        .execute();
      for (const r of rows) renewed.push(r.id);
    }
  }
  return renewed;
}

export async function finishDelivery(
  db: Db,
  id: number,
  values: { status: 'sent' | 'failed' | 'gone' | 'skipped'; at: string; error?: string | null },
): Promise<void> {
  await db
    .updateTable('notification_deliveries')
    .set({
      status: values.status,
      locked_until: null,
      sent_at: values.status === 'sent' ? values.at : null,
      last_error: values.error ?? null,
    })
    .where('id', '=', id)
    .execute();
}

export type DeliveryOutcome =
  | { id: number; status: 'sent' | 'failed' | 'gone' | 'skipped'; error?: string | null; removeDevice?: number | null }
  | { id: number; status: 'retry'; nextAttemptAt: string; error: string };

/**
 * Records the outcomes of many sends in one transaction: the sent ones in one UPDATE, the rest
 * one by one (they are few), dead devices removed. One commit per group instead of one per push.
 */
export async function finishDeliveries(db: Db, outcomes: readonly DeliveryOutcome[], at: string): Promise<void> {
  if (outcomes.length === 0) return;
  const sent = outcomes.filter((o) => o.status === 'sent').map((o) => o.id);
  await db.transaction().execute(async (trx) => {
    // Chunks keep the statement under SQLite's parameter limit.
    for (let i = 0; i < sent.length; i += 500) {
      await trx
        .updateTable('notification_deliveries')
        .set({ status: 'sent', locked_until: null, sent_at: at, last_error: null })
        .where('id', 'in', sent.slice(i, i + 500))
        .execute();
    }
    for (const o of outcomes) {
      if (o.status === 'sent') continue;
      if (o.status === 'retry') await retryDelivery(trx, o.id, { nextAttemptAt: o.nextAttemptAt, error: o.error });
      else await finishDelivery(trx, o.id, { status: o.status, at, error: o.error ?? null });
    }
    const devices = [...new Set(outcomes.flatMap((o) => (o.status !== 'retry' && o.removeDevice ? [o.removeDevice] : [])))];
    if (devices.length) await trx.deleteFrom('devices').where('id', 'in', devices).execute();
  });
}

export async function retryDelivery(db: Db, id: number, values: { nextAttemptAt: string; error: string }): Promise<void> {
  await db
    .updateTable('notification_deliveries')
    .set({ locked_until: null, next_attempt_at: values.nextAttemptAt, last_error: values.error.slice(0, 300) })
    .where('id', '=', id)
    .execute();
}

export async function markClicked(db: Db, id: number, at: string): Promise<{ notification_id: number } | undefined> {
  await db.updateTable('notification_deliveries').set({ clicked_at: at }).where('id', '=', id).where('clicked_at', 'is', null).execute();
  return db.selectFrom('notification_deliveries').select('notification_id').where('id', '=', id).executeTakeFirst();
}

/**
 * The outbox's backlog (metrics, on each scrape): undelivered rows, how many are due, and the
 * earliest instant one of them is due. One range of the (status, next_attempt_at) index.
 */
export async function outboxBacklog(db: Db, now: string): Promise<{ pending: number; due: number; oldestDueAt: string | null }> {
  const row = await db
    .selectFrom('notification_deliveries')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('pending'),
      eb.fn.sum<number | string | null>(eb.case().when('next_attempt_at', '<=', now).then(1).else(0).end()).as('due'),
      eb.fn.min('next_attempt_at').as('first_at'),
    ])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const firstAt = row.first_at;
  return {
    pending: Number(row.pending),
    due: Number(row.due ?? 0),
    oldestDueAt: firstAt !== null && firstAt <= now ? firstAt : null,
  };
}

/** Delivery counts of a set of rows (a broadcast, or a kind within dates). */
export function figuresQuery(db: Db) {
  return db
    .selectFrom('notification_deliveries as d')
    .select((eb) => [
      eb.fn.countAll<number>().as('queued'),
      eb.fn.sum<number>(eb.case().when('d.status', '=', 'sent').then(1).else(0).end()).as('delivered'),
      eb.fn.sum<number>(eb.case().when('d.status', 'in', ['failed', 'gone']).then(1).else(0).end()).as('failed'),
      eb.fn.sum<number>(eb.case().when('d.clicked_at', 'is not', null).then(1).else(0).end()).as('clicked'),
      eb.fn.sum<number>(eb.case().when('d.status', '=', 'pending').then(1).else(0).end()).as('pending'),
    ]);
}

// ---- broadcasts ----

export function insertBroadcast(db: Db, values: Omit<BroadcastRow, 'id' | 'recipients'>): Promise<BroadcastRow> {
  return db.insertInto('notification_broadcasts').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Claims a scheduled broadcast that is due (only one caller wins it). */
export async function claimBroadcast(db: Db, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('notification_broadcasts')
    .set({ status: 'sent', sent_at: at })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function dueBroadcasts(db: Db, now: string): Promise<BroadcastRow[]> {
  return db
    .selectFrom('notification_broadcasts')
    .selectAll()
    .where('status', '=', 'scheduled')
    .where('send_at', '<=', now)
    .orderBy('send_at')
    .limit(10)
    .execute();
}

/** Claims a once-only job; false when another run (or instance) already did it. */
export async function claimJob(db: Db, key: string, at: string): Promise<boolean> {
  const r = await db.insertInto('notification_jobs').values({ key, done_at: at }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export { sql };
