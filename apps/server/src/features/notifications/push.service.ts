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
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { checkedAddresses, inwardRange, RefusedAddressError, type ResolvedAddress } from '../../lib/outbound/address-guard.mjs';
import * as repo from './deliveries.repository.js';
import type { BroadcastRow } from './deliveries.repository.js';
import * as broadcasts from './broadcasts.repository.js';
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
  const ownerId = await broadcasts.ownerOfNotification(db, row.notification_id);
  if (ownerId !== undefined) await markNotificationRead(db, ownerId, row.notification_id);
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
  const figures = await broadcasts.figuresOfBroadcast(db, row.id);
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
  return getBroadcast(db, row.id);
}

/** How many a broadcast to `audience` would reach now: accounts, and devices that get the push. */
export async function audienceSize(db: Db, audience: BroadcastAudience): Promise<BroadcastAudienceSize> {
  return broadcasts.countAudience(db, audience);
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
    const b = await broadcasts.findBroadcast(trx, id);
    if (!b) return 0;
    return broadcasts.writeBroadcast(trx, b, audienceOf(b), {
      at,
      pushAt: heldUntil(now).toISOString(),
      pushAtFor: (w) => heldUntil(now, { enabled: w.quiet_enabled === 1, start: w.quiet_start, end: w.quiet_end }).toISOString(),
    });
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
  const userIds = await broadcasts.recipientIdsOf(db, id);
  for (let i = 0; i < userIds.length; i += ANNOUNCE_CHUNK) {
    await publish(userIds.slice(i, i + ANNOUNCE_CHUNK), { type: 'broadcast.sent', broadcast_id: id });
  }
}

export async function getBroadcast(db: Db, id: number): Promise<Broadcast> {
  const row = await broadcasts.findBroadcast(db, id);
  if (!row) throw new AppError('not-found');
  return toBroadcast(db, row);
}

export async function cancelBroadcast(db: Db, id: number): Promise<Broadcast> {
  if (!(await broadcasts.cancelIfScheduled(db, id))) {
    if (!(await broadcasts.findBroadcast(db, id))) throw new AppError('not-found');
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
  const period = { kind: query.kind, fromAt, toAt };
  const [recordRows, figureRows] = await Promise.all([broadcasts.countRecordsByKind(db, period), broadcasts.figuresByKind(db, period)]);
  const by_kind = recordRows
    .map((r) => ({
      kind: r.kind as NotificationKind,
      records: Number(r.n),
      figures: toFigures(figureRows.find((f) => f.kind === r.kind)),
    }))
    .sort((a, b) => NOTIFICATION_KINDS.indexOf(a.kind) - NOTIFICATION_KINDS.indexOf(b.kind));
  const { rows, total } = await broadcasts.listBroadcasts(db, { audience: query.audience, fromAt, toAt }, query.page, query.page_size);
  const items: Broadcast[] = [];
  for (const row of rows) items.push(await toBroadcast(db, row));
  return {
    by_kind: query.kind === 'broadcast' || !query.audience ? by_kind : by_kind.filter((k) => k.kind === 'broadcast'),
    broadcasts: { items, total, page: query.page, page_size: query.page_size },
  };
}
