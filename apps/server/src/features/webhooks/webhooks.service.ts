import {
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  WEBHOOK_SECRET_PREFIX,
  ZWebhookEventType,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEndpointWithSecret,
  type WebhookEventData,
  type WebhookEventType,
} from '@puntoverde/contract';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { nowIso, type Db, type Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import {
  checkedAddresses,
  inwardRange,
  RefusedAddressError,
  type ResolvedAddress,
} from '../../lib/outbound/address-guard.mjs';
import { recordAudit } from '../admin/audit.service.js';
import * as repo from './webhooks.repository.js';
import type { EndpointRow } from './webhooks.repository.js';

/**
 * Signed webhooks (Standard Webhooks: https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md).
 * Features publish events with {@link publishWebhookEvent} inside the transaction of the change;
 * the webhook worker (webhook-worker.ts) sends them. Staff manage endpoints here; each change is audited.
 */

// ---- publishing (what other features call) ----

/**
 * Writes an event and one delivery per active endpoint subscribed to its type. Call it with the
 * transaction of the change: the event exists exactly when the change does, and a crash after
 * the commit loses nothing (the worker finds the deliveries).
 */
export async function publishWebhookEvent<T extends WebhookEventType>(
  db: Executor,
  type: T,
  data: WebhookEventData<T>,
  at: Date = new Date(),
): Promise<void> {
  const endpoints = (await repo.activeEndpoints(db)).filter((e) => eventsOf(e.events).includes(type));
  if (endpoints.length === 0) return;
  const id = `msg_${randomUUID().replace(/-/g, '')}`;
  const timestamp = at.toISOString();
  await repo.insertEvent(db, {
    id,
    type,
    payload: JSON.stringify({ id, type, timestamp, data }),
    created_at: timestamp,
  });
  await repo.insertDeliveries(
    db,
    id,
    endpoints.map((e) => e.id),
    timestamp,
  );
}

function eventsOf(json: string): WebhookEventType[] {
  const parsed = ZWebhookEventType.array().safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : [];
}

// ---- signing ----

/** 32 random bytes, written as Standard Webhooks does: `whsec_` + base64. */
export function generateSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's bytes. */
export function signPayload(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(
    secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret,
    'base64',
  );
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/**
 * The `webhook-signature` header: the current secret's signature, and during a rotation's overlap
 * also the previous secret's, separated by a space (a receiver accepts either).
 */
export function signatureHeader(
  endpoint: Pick<EndpointRow, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>,
  id: string,
  timestampSeconds: number,
  body: string,
  now: Date,
): string {
  const signatures = [signPayload(endpoint.secret, id, timestampSeconds, body)];
  if (
    endpoint.previous_secret &&
    endpoint.previous_secret_expires_at &&
    endpoint.previous_secret_expires_at > now.toISOString()
  ) {
    signatures.push(signPayload(endpoint.previous_secret, id, timestampSeconds, body));
  }
  return signatures.join(' ');
}

// ---- staff: endpoints ----

export type UrlPolicy = { allowLoopback: boolean; resolveHost: (hostname: string) => Promise<ResolvedAddress[]> };

/** How long registration waits for DNS. */
const URL_LOOKUP_MS = 3000;

/**
 * An endpoint must be https on a host whose every address is public (lib/outbound): never
 * loopback, private, link-local, CGNAT or reserved, whatever the spelling. With loopback allowed
 * (tests, a local receiver), plain http to loopback passes too. The worker checks every
 * connection again, so a name that later resolves inward is refused then.
 */
export async function checkUrl(raw: string, policy: UrlPolicy): Promise<void> {
  const refused = () => AppError.field('webhook-url-refused', 'url');
  const url = new URL(raw);
  if (url.username || url.password) throw refused();
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowLoopback)) throw refused();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), URL_LOOKUP_MS);
  });
  let addresses: ResolvedAddress[] | null;
  try {
    addresses = await Promise.race([
      checkedAddresses(url.hostname, { allowLoopback: policy.allowLoopback, resolve: policy.resolveHost }),
      timeout,
    ]);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (err instanceof RefusedAddressError || code === 'ENOTFOUND' || code === 'ENODATA') throw refused();
    addresses = null;
  } finally {
    clearTimeout(timer);
  }
  if (url.protocol === 'http:' && !addresses?.every((a) => inwardRange(a.address) === 'loopback')) throw refused();
}

function view(row: EndpointRow, counts: { pending: number; failed: number } | undefined): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: eventsOf(row.events),
    active: row.active === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    previous_secret_expires_at:
      row.previous_secret && row.previous_secret_expires_at && row.previous_secret_expires_at > nowIso()
        ? row.previous_secret_expires_at
        : null,
    pending: counts?.pending ?? 0,
    failed: counts?.failed ?? 0,
  };
}

/** What the audit log keeps of an endpoint: never its secrets. */
function audited(row: EndpointRow) {
  return { url: row.url, description: row.description, events: eventsOf(row.events), active: row.active === 1 };
}

async function viewOf(db: Executor, row: EndpointRow): Promise<WebhookEndpoint> {
  return view(row, (await repo.deliveryCounts(db, [row.id])).get(row.id));
}

async function mustFind(db: Executor, id: number): Promise<EndpointRow> {
  const row = await repo.findEndpoint(db, id);
  if (!row) throw new AppError('webhook-not-found');
  return row;
}

export async function listEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  const rows = await repo.listEndpoints(db);
  const counts = await repo.deliveryCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => view(r, counts.get(r.id)));
}

export async function getEndpoint(db: Db, id: number): Promise<WebhookEndpoint> {
  return viewOf(db, await mustFind(db, id));
}

type Input = { url: string; events: WebhookEventType[]; description: string; active: boolean };

export async function createEndpoint(
  db: Db,
  input: WebhookEndpointCreate & Input,
  staffId: number,
  policy: UrlPolicy,
): Promise<WebhookEndpointWithSecret> {
  await checkUrl(input.url, policy);
  const at = nowIso();
  const secret = generateSecret();
  return db.transaction().execute(async (trx) => {
    const row = await repo.insertEndpoint(trx, {
      url: input.url,
      description: input.description,
      events: JSON.stringify(input.events),
      active: input.active ? 1 : 0,
      secret,
      previous_secret: null,
      previous_secret_expires_at: null,
      created_by: staffId,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    });
    await recordAudit(trx, {
      actorId: staffId,
      action: 'create',
      entity: 'webhook',
      entityId: row.id,
      after: audited(row),
    });
    return { ...view(row, undefined), secret };
  });
}

export async function updateEndpoint(
  db: Db,
  id: number,
  input: WebhookEndpointUpdate,
  staffId: number,
  policy: UrlPolicy,
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await checkUrl(input.url, policy);
  return db.transaction().execute(async (trx) => {
    const before = await mustFind(trx, id);
    const patch: Parameters<typeof repo.updateEndpoint>[2] = { updated_at: nowIso() };
    if (input.url !== undefined) patch.url = input.url;
    if (input.description !== undefined) patch.description = input.description;
    if (input.events !== undefined) patch.events = JSON.stringify(input.events);
    if (input.active !== undefined) patch.active = input.active ? 1 : 0;
    const after = (await repo.updateEndpoint(trx, id, patch))!;
    await recordAudit(trx, {
      actorId: staffId,
      action: 'update',
      entity: 'webhook',
      entityId: id,
      before: audited(before),
      after: audited(after),
    });
    return viewOf(trx, after);
  });
}

/** Removes an endpoint: nothing more is sent to it; its waiting deliveries end as failed. */
export async function deleteEndpoint(db: Db, id: number, staffId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await mustFind(trx, id);
    const at = nowIso();
    await repo.updateEndpoint(trx, id, {
      deleted_at: at,
      updated_at: at,
      active: 0,
      previous_secret: null,
      previous_secret_expires_at: null,
    });
    await repo.failPendingOf(trx, id);
    await recordAudit(trx, {
      actorId: staffId,
      action: 'delete',
      entity: 'webhook',
      entityId: id,
      before: audited(before),
    });
  });
}

/**
 * A new secret, shown once. The old one keeps signing (a second signature in each delivery) for
 * `overlapHours`, so the integrator can switch without losing a delivery.
 */
export async function rotateSecret(
  db: Db,
  id: number,
  overlapHours: number | undefined,
  staffId: number,
  now = new Date(),
): Promise<WebhookEndpointWithSecret> {
  const hours = overlapHours ?? WEBHOOK_ROTATION_OVERLAP_HOURS;
  const secret = generateSecret();
  return db.transaction().execute(async (trx) => {
    const before = await mustFind(trx, id);
    const expires = new Date(now.getTime() + hours * 3_600_000).toISOString();
    const after = (await repo.updateEndpoint(trx, id, {
      secret,
      previous_secret: hours > 0 ? before.secret : null,
      previous_secret_expires_at: hours > 0 ? expires : null,
      updated_at: now.toISOString(),
    }))!;
    await recordAudit(trx, {
      actorId: staffId,
      action: 'rotate-secret',
      entity: 'webhook',
      entityId: id,
      after: { overlap_hours: hours },
    });
    return { ...(await viewOf(trx, after)), secret };
  });
}

// ---- staff: deliveries ----

function deliveryView(row: repo.DeliveryListRow, attempts: repo.AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: ZWebhookEventType.parse(row.event_type),
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
    attempt_log: attempts
      .filter((a) => a.delivery_id === row.id)
      .map((a) => ({
        attempted_at: a.attempted_at,
        status_code: a.status_code,
        answer_excerpt: a.answer_excerpt,
        error: a.error,
        duration_ms: a.duration_ms,
      })),
  };
}

export async function listDeliveries(
  db: Db,
  endpointId: number,
  query: { status?: WebhookDelivery['status'] | undefined; limit: number },
): Promise<WebhookDelivery[]> {
  await mustFind(db, endpointId);
  const rows = await repo.listDeliveries(db, endpointId, query);
  const attempts = await repo.attemptsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => deliveryView(r, attempts));
}

/** Staff send a delivery again (delivered or given up): the same event id, so receivers can drop a repeat. */
export async function resendDelivery(
  db: Db,
  endpointId: number,
  deliveryId: number,
  staffId: number,
): Promise<WebhookDelivery> {
  return db.transaction().execute(async (trx) => {
    await mustFind(trx, endpointId);
    const row = await repo.findDelivery(trx, endpointId, deliveryId);
    if (!row) throw new AppError('webhook-delivery-not-found');
    await repo.requeueDelivery(trx, deliveryId, nowIso());
    await recordAudit(trx, {
      actorId: staffId,
      action: 'resend',
      entity: 'webhook',
      entityId: endpointId,
      before: { delivery: deliveryId, event_id: row.event_id, status: row.status },
    });
    const updated = (await repo.findDelivery(trx, endpointId, deliveryId))!;
    return deliveryView(updated, await repo.attemptsOf(trx, [deliveryId]));
  });
}
