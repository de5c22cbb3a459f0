import type { Selectable } from 'kysely';
import type { Db, DialectName, Executor } from '../../db/dialect.js';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/types.js';

/** Rows of the webhooks: endpoints, events, the delivery outbox and each attempt's answer. */

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

// ---- endpoints ----

export function insertEndpoint(db: Executor, values: Omit<EndpointRow, 'id'>): Promise<EndpointRow> {
  return db.insertInto('webhook_endpoints').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findEndpoint(db: Executor, id: number): Promise<EndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function listEndpoints(db: Executor): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('deleted_at', 'is', null).orderBy('id').execute();
}

/** Endpoints that take new events: active, not removed (few rows: the caller filters by type). */
export function activeEndpoints(db: Executor): Promise<Pick<EndpointRow, 'id' | 'events'>[]> {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('active', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function updateEndpoint(
  db: Executor,
  id: number,
  patch: Partial<Omit<EndpointRow, 'id' | 'created_at' | 'created_by'>>,
): Promise<EndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set(patch)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Pending and failed deliveries of each endpoint. */
export async function deliveryCounts(
  db: Executor,
  endpointIds: number[],
): Promise<Map<number, { pending: number; failed: number }>> {
  const out = new Map<number, { pending: number; failed: number }>();
  if (endpointIds.length === 0) return out;
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => ['endpoint_id', 'status', eb.fn.countAll<number | string>().as('n')])
    .where('endpoint_id', 'in', endpointIds)
    .where('status', 'in', ['pending', 'failed'])
    .groupBy(['endpoint_id', 'status'])
    .execute();
  for (const r of rows) {
    const c = out.get(r.endpoint_id) ?? { pending: 0, failed: 0 };
    if (r.status === 'pending') c.pending = Number(r.n);
    else c.failed = Number(r.n);
    out.set(r.endpoint_id, c);
  }
  return out;
}

/** A removed endpoint's waiting deliveries end as failed: nothing more goes to it. */
export async function failPendingOf(db: Executor, endpointId: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', locked_until: null })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

// ---- events and the outbox ----

export async function insertEvent(
  db: Executor,
  values: { id: string; type: string; payload: string; created_at: string },
): Promise<void> {
  await db.insertInto('webhook_events').values(values).execute();
}

export async function insertDeliveries(
  db: Executor,
  eventId: string,
  endpointIds: number[],
  at: string,
): Promise<void> {
  if (endpointIds.length === 0) return;
  await db
    .insertInto('webhook_deliveries')
    .values(
      endpointIds.map((endpoint_id) => ({
        event_id: eventId,
        endpoint_id,
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        locked_until: null,
        delivered_at: null,
        created_at: at,
      })),
    )
    .execute();
}

export type ClaimedDelivery = DeliveryRow & {
  payload: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
};

/**
 * Takes up to `limit` due deliveries of active endpoints until `lockedUntil`. PostgreSQL: rows
 * locked with FOR UPDATE SKIP LOCKED so instances never take the same row; SQLite has a single
 * writer, and the UPDATE's own condition keeps a row from being taken twice.
 */
export async function claimDue(
  db: Db,
  dialect: DialectName,
  options: { now: string; lockedUntil: string; limit: number },
): Promise<ClaimedDelivery[]> {
  const ids = await db.transaction().execute(async (trx) => {
    let q = trx
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select('d.id')
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', options.now)
      .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<', options.now)]))
      .where('e.active', '=', 1)
      .where('e.deleted_at', 'is', null)
      .orderBy('d.next_attempt_at')
      .orderBy('d.id')
      .limit(options.limit);
    if (dialect === 'postgres') q = q.forUpdate('d').skipLocked();
    const found = (await q.execute()).map((r) => r.id);
    if (found.length === 0) return [];
    await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({ locked_until: options.lockedUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', found)
      .where('status', '=', 'pending')
      .execute();
    return found;
  });
  if (ids.length === 0) return [];
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .selectAll('d')
    .select(['ev.payload', 'e.url', 'e.secret', 'e.previous_secret', 'e.previous_secret_expires_at'])
    .where('d.id', 'in', ids)
    .orderBy('d.id')
    .execute();
}

export type AttemptOutcome = {
  deliveryId: number;
  attempt: Omit<AttemptRow, 'id' | 'delivery_id'>;
} & ({ status: 'delivered'; at: string } | { status: 'retry'; nextAttemptAt: string } | { status: 'failed' });

/** Records one attempt and its delivery's new state in one commit. */
export async function recordAttempt(db: Db, outcome: AttemptOutcome): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_attempts')
      .values({ delivery_id: outcome.deliveryId, ...outcome.attempt })
      .execute();
    const patch =
      outcome.status === 'delivered'
        ? { status: 'delivered', delivered_at: outcome.at, locked_until: null }
        : outcome.status === 'retry'
          ? { next_attempt_at: outcome.nextAttemptAt, locked_until: null }
          : { status: 'failed', locked_until: null };
    await trx
      .updateTable('webhook_deliveries')
      .set(patch)
      .where('id', '=', outcome.deliveryId)
      .where('status', '=', 'pending')
      .execute();
  });
}

// ---- staff: the delivery record ----

export type DeliveryListRow = DeliveryRow & { event_type: string };

export function listDeliveries(
  db: Executor,
  endpointId: number,
  options: { status?: string | undefined; limit: number },
): Promise<DeliveryListRow[]> {
  let q = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
    .selectAll('d')
    .select('ev.type as event_type')
    .where('d.endpoint_id', '=', endpointId);
  if (options.status) q = q.where('d.status', '=', options.status);
  return q.orderBy('d.id', 'desc').limit(options.limit).execute();
}

export function findDelivery(
  db: Executor,
  endpointId: number,
  deliveryId: number,
): Promise<DeliveryListRow | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
    .selectAll('d')
    .select('ev.type as event_type')
    .where('d.endpoint_id', '=', endpointId)
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
}

export function attemptsOf(db: Executor, deliveryIds: number[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('id', 'desc')
    .execute();
}

/** Re-send: the delivery waits again, due now, with a fresh count of attempts (the old ones stay listed). */
export async function requeueDelivery(db: Executor, deliveryId: number, at: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', attempts: 0, next_attempt_at: at, locked_until: null, delivered_at: null })
    .where('id', '=', deliveryId)
    .execute();
}
