import {
  NOTIFICATION_KINDS,
  QUIET_HOURS_DEFAULT,
  type Broadcast,
  type BroadcastAudience,
  type BroadcastAudienceSize,
  type CreateBroadcast,
  type DeliveryFigures,
  type NotificationKind,
  type NotificationPreferences,
  type RealtimeEvent,
  type RegisterNotificationsData,
  type RegisteredDevice,
  type SentNotificationsReport,
  type UpdateNotificationPreferences,
} from '@puntoverde/contract';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { checkedAddresses, inwardRange, RefusedAddressError, type ResolvedAddress } from '../../lib/outbound/address-guard.mjs';
import * as repo from './deliveries.repository.js';
import type { BroadcastRow } from './deliveries.repository.js';
import { DEFAULT_CHANNELS, markNotificationRead } from './notifications.service.js';
import { heldUntil } from './quiet-hours.js';

/**
 * Devices, preferences, push clicks and staff broadcasts: everything around the notification
 * records that decides where and when they are delivered.
 */

// ---- devices (POST register-notifications) ----

/** How long a registration waits for DNS before leaving the endpoint to the send threads' check. */
const ENDPOINT_LOOKUP_MS = 3000;

/**
 * A Web Push endpoint must be https on a host whose every address is public (lib/outbound):
 * not loopback, private, link-local, CGNAT, multicast or reserved, whatever the name or
 * spelling. With the local stand-in allowed, loopback passes, over plain http too. A name DNS
 * cannot answer now (timeout, resolver down) is accepted: the send threads check each connection.
 */
export async function checkEndpoint(
  endpoint: string,
  options: { allowLoopback: boolean; resolveHost: (hostname: string) => Promise<ResolvedAddress[]> },
): Promise<void> {
  const refused = () => AppError.field('push-endpoint-refused', 'data.subscription.endpoint');
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowLoopback)) throw refused();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ENDPOINT_LOOKUP_MS);
  });
  let addresses: ResolvedAddress[] | null;
  try {
    const checked = checkedAddresses(url.hostname, { allowLoopback: options.allowLoopback, resolve: options.resolveHost });
    addresses = await Promise.race([checked, timeout]);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (err instanceof RefusedAddressError || code === 'ENOTFOUND' || code === 'ENODATA') throw refused();
    addresses = null;
  } finally {
    clearTimeout(timer);
  }
  // Plain http only to the stand-in: every address known and on loopback.
  if (url.protocol === 'http:' && !addresses?.every((a) => inwardRange(a.address) === 'loopback')) throw refused();
}

export async function registerDevice(
  db: Db,
  input: RegisterNotificationsData,
  caller: { userId: number; sessionId: string } | null,
  options: {
    userAgent: string | null;
    allowLoopbackEndpoints: boolean;
    resolveHost: (hostname: string) => Promise<ResolvedAddress[]>;
  },
): Promise<RegisteredDevice> {
  let endpoint: string;
  let subscription: string | null;
  if (input.kind === 'webpush') {
    await checkEndpoint(input.subscription.endpoint, {
      allowLoopback: options.allowLoopbackEndpoints,
      resolveHost: options.resolveHost,
    });
    endpoint = input.subscription.endpoint;
    subscription = JSON.stringify({ endpoint, keys: input.subscription.keys });
  } else {
    endpoint = `${input.kind}:${input.token}`;
    subscription = null;
  }
  const at = nowIso();
  const link = caller ? { user_id: caller.userId, session_id: caller.sessionId } : undefined;
  const userAgent = options.userAgent?.slice(0, 300) ?? null;
  return db.transaction().execute(async (trx) => {
    const existing = await repo.findDeviceByEndpoint(trx, endpoint);
    if (existing) {
      await repo.updateDevice(trx, existing.id, { subscription, user_agent: userAgent, at, link });
      return { player_id: existing.player_id, kind: input.kind, linked: link ? true : existing.user_id !== null };
    }
    const row = await repo.insertDevice(trx, {
      player_id: randomUUID(),
      kind: input.kind,
      subscription,
      endpoint,
      user_id: link?.user_id ?? null,
      session_id: link?.session_id ?? null,
      user_agent: userAgent,
      at,
    });
    return { player_id: row.player_id, kind: input.kind, linked: link !== undefined };
  });
}

// ---- preferences ----

export async function getPreferences(db: Db, userId: number): Promise<NotificationPreferences> {
  const [prefs, settings] = await Promise.all([repo.preferencesOf(db, userId), repo.settingsOf(db, userId)]);
  const channel = (kind: string, c: 'push' | 'email') => {
    const p = prefs.find((r) => r.kind === kind && r.channel === c);
    return p ? p.enabled === 1 : DEFAULT_CHANNELS[c];
  };
  return {
    items: NOTIFICATION_KINDS.map((kind) => ({ kind, push: channel(kind, 'push'), email: channel(kind, 'email') })),
    quiet_hours: settings
      ? { enabled: settings.quiet_enabled === 1, start: settings.quiet_start, end: settings.quiet_end }
      : { ...QUIET_HOURS_DEFAULT },
  };
}

export async function updatePreferences(db: Db, userId: number, input: UpdateNotificationPreferences): Promise<NotificationPreferences> {
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const item of input.items ?? []) {
      await repo.upsertPreference(trx, userId, item.kind, 'push', item.push, at);
      await repo.upsertPreference(trx, userId, item.kind, 'email', item.email, at);
    }
    if (input.quiet_hours) await repo.upsertSettings(trx, userId, input.quiet_hours, at);
  });
  return getPreferences(db, userId);
}

// ---- clicks on system notifications ----

function clickSignature(secret: string, deliveryId: number): string {
  return createHmac('sha256', secret).update(`push-click:${deliveryId}`).digest('base64url').slice(0, 22);
}

/** The token a push carries so the service worker can report its click without a session. */
export function clickToken(secret: string, deliveryId: number): string {
  return `${deliveryId}.${clickSignature(secret, deliveryId)}`;
}

/** Counts a click and marks its notification read; a bad token is a 404, never a hint. */
export async function recordClick(db: Db, secret: string, token: string): Promise<void> {
  const [idText, signature] = token.split('.');
  const id = Number(idText);
  const expected = Number.isInteger(id) && id > 0 ? clickSignature(secret, id) : '';
  if (!signature || !expected || signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
    throw new AppError('notification-not-found');
  }
  const row = await repo.markClicked(db, id, nowIso());
  if (!row) throw new AppError('notification-not-found');
  const owner = await db.selectFrom('notifications').select('user_id').where('id', '=', row.notification_id).executeTakeFirst();
  if (owner) await markNotificationRead(db, owner.user_id, row.notification_id);
}

// ---- staff broadcasts ----

function audienceOf(row: BroadcastRow): BroadcastAudience {
  if (row.audience === 'tc_id') return { type: 'tc_id', tc_id: Number(row.audience_value) as 1 | 2 | 3 };
  if (row.audience === 'city') return { type: 'city', city: row.audience_value ?? '' };
  return { type: 'all' };
}

function toFigures(r: { queued: number | string | null; delivered: number | string | null; failed: number | string | null; clicked: number | string | null; pending: number | string | null } | undefined): DeliveryFigures {
  return {
    queued: Number(r?.queued ?? 0),
    delivered: Number(r?.delivered ?? 0),
    failed: Number(r?.failed ?? 0),
    clicked: Number(r?.clicked ?? 0),
    pending: Number(r?.pending ?? 0),
  };
}

async function toBroadcast(db: Db, row: BroadcastRow): Promise<Broadcast> {
  const figures = await repo.figuresQuery(db).where('d.broadcast_id', '=', row.id).executeTakeFirst();
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    audience: audienceOf(row),
    send_at: row.send_at,
    status: row.status as Broadcast['status'],
    recipients: row.recipients,
    figures: toFigures(figures),
    created_at: row.created_at,
  };
}

/** Creates a broadcast; one due now is written to every recipient before this returns. */
export async function createBroadcast(db: Db, input: CreateBroadcast, staffId: number): Promise<Broadcast> {
  const now = new Date();
  const sendAt = input.send_at ? new Date(input.send_at) : now;
  if (sendAt.getTime() < now.getTime() - 60_000) {
    throw AppError.field('validation-failed', 'send_at', 'La fecha de envío ya pasó.');
  }
  const row = await repo.insertBroadcast(db, {
    title: input.title,
    body: input.body,
    link: input.link ?? null,
    audience: input.audience.type,
    audience_value:
      input.audience.type === 'tc_id' ? String(input.audience.tc_id) : input.audience.type === 'city' ? input.audience.city : null,
    send_at: sendAt.toISOString(),
    status: 'scheduled',
    created_by: staffId,
    created_at: now.toISOString(),
    sent_at: null,
  });
  if (sendAt.getTime() <= now.getTime()) await dispatchBroadcast(db, row.id, now);
  const fresh = await db.selectFrom('notification_broadcasts').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  return toBroadcast(db, fresh);
}

/** The accounts a broadcast reaches: active, not deleted, not staff, of the kind or city asked. */
function audienceUsers(db: Db, audience: BroadcastAudience) {
  let users = db.selectFrom('users').where('users.active', '=', 1).where('users.deleted_at', 'is', null).where('users.is_admin', '=', 0);
  if (audience.type === 'tc_id') users = users.where('users.tc_id', '=', audience.tc_id);
  if (audience.type === 'city') users = users.where(sql`lower(users.city)`, '=', audience.city.trim().toLowerCase());
  return users;
}

/** How many a broadcast to `audience` would reach now: accounts, and devices that get the push. */
export async function audienceSize(db: Db, audience: BroadcastAudience): Promise<BroadcastAudienceSize> {
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
/**
 * Writes a due broadcast to every recipient in one transaction, set-based (INSERT ... SELECT),
 * so 100,000 recipients take seconds: one notification record each, a push per device unless
 * the user turned broadcast pushes off, held by each user's quiet hours.
 */
export async function dispatchBroadcast(db: Db, id: number, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    if (!(await repo.claimBroadcast(trx, id, at))) return 0;
    const b = await trx.selectFrom('notification_broadcasts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const users = audienceUsers(trx, audienceOf(b));
    const inserted = await trx
      .insertInto('notifications')
      .columns(['user_id', 'kind', 'title', 'body', 'link', 'read_at', 'broadcast_id', 'created_at'])
      .expression(
        users.select((eb) => [
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
    const defaultAt = heldUntil(now).toISOString();
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
          .select((eb) => ['n.id', 'd.id as device_id', ...pendingDelivery(eb, 'push', defaultAt)]),
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
      const when = heldUntil(now, { enabled: w.quiet_enabled === 1, start: w.quiet_start, end: w.quiet_end }).toISOString();
      if (when === defaultAt) continue;
      await trx
        .updateTable('notification_deliveries')
        .set({ next_attempt_at: when })
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
  });
}

/** Users per bus message when a broadcast is announced to open pages. */
const ANNOUNCE_CHUNK = 5000;

/**
 * Tells the recipients' open pages that a broadcast was written (after its commit): one bus
 * message per few thousand users; each stream sends its user's own record on.
 */
export async function announceBroadcast(
  db: Db,
  id: number,
  publish: (userIds: number[], event: RealtimeEvent) => Promise<void>,
): Promise<void> {
  const rows = await db.selectFrom('notifications').select('user_id').where('broadcast_id', '=', id).execute();
  for (let i = 0; i < rows.length; i += ANNOUNCE_CHUNK) {
    await publish(
      rows.slice(i, i + ANNOUNCE_CHUNK).map((r) => r.user_id),
      { type: 'broadcast.sent', broadcast_id: id },
    );
  }
}

export async function getBroadcast(db: Db, id: number): Promise<Broadcast> {
  const row = await db.selectFrom('notification_broadcasts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not-found');
  return toBroadcast(db, row);
}

export async function cancelBroadcast(db: Db, id: number): Promise<Broadcast> {
  const r = await db
    .updateTable('notification_broadcasts')
    .set({ status: 'cancelled' })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) {
    const exists = await db.selectFrom('notification_broadcasts').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw new AppError('not-found');
    throw new AppError('conflict', { message: 'Ese envío ya salió y no se puede cancelar.' });
  }
  return getBroadcast(db, id);
}

/** POST get-notifications: what was sent, per kind in a date range, and the broadcasts. */
export async function sentNotificationsReport(
  db: Db,
  query: { kind?: NotificationKind | undefined; audience?: 'all' | 'tc_id' | 'city' | undefined; from?: string | undefined; to?: string | undefined; page: number; page_size: number },
): Promise<SentNotificationsReport> {
  const fromAt = query.from ? `${query.from}T05:00:00.000Z` : undefined; // Bogotá midnight
  const toAt = query.to ? new Date(new Date(`${query.to}T05:00:00.000Z`).getTime() + 86_400_000).toISOString() : undefined;
  let records = db.selectFrom('notifications').select((eb) => ['kind', eb.fn.countAll<number>().as('n')]).groupBy('kind');
  let figures = repo.figuresQuery(db).innerJoin('notifications as n', 'n.id', 'd.notification_id').select('n.kind').groupBy('n.kind');
  if (query.kind) {
    records = records.where('kind', '=', query.kind);
    figures = figures.where('n.kind', '=', query.kind);
  }
  if (fromAt) {
    records = records.where('created_at', '>=', fromAt);
    figures = figures.where('n.created_at', '>=', fromAt);
  }
  if (toAt) {
    records = records.where('created_at', '<', toAt);
    figures = figures.where('n.created_at', '<', toAt);
  }
  const [recordRows, figureRows] = await Promise.all([records.execute(), figures.execute()]);
  const by_kind = recordRows
    .map((r) => ({
      kind: r.kind as NotificationKind,
      records: Number(r.n),
      figures: toFigures(figureRows.find((f) => f.kind === r.kind)),
    }))
    .sort((a, b) => NOTIFICATION_KINDS.indexOf(a.kind) - NOTIFICATION_KINDS.indexOf(b.kind));

  let list = db.selectFrom('notification_broadcasts');
  if (query.audience) list = list.where('audience', '=', query.audience);
  if (fromAt) list = list.where('send_at', '>=', fromAt);
  if (toAt) list = list.where('send_at', '<', toAt);
  const [rows, total] = await Promise.all([
    list
      .selectAll()
      .orderBy('send_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    list.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const items: Broadcast[] = [];
  for (const row of rows) items.push(await toBroadcast(db, row));
  return {
    by_kind: query.kind === 'broadcast' || !query.audience ? by_kind : by_kind.filter((k) => k.kind === 'broadcast'),
    broadcasts: { items, total: Number(total.n), page: query.page, page_size: query.page_size },
  };
}
