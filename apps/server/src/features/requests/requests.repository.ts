import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import type {
  PickupRequestEventsTable,
  PickupRequestItemsTable,
  PickupRequestPhotosTable,
  PickupRequestsTable,
} from '../../db/types.js';

/**
 * Rows of pickup requests. Each function takes `db` or a transaction first. Points, materials,
 * files and users are named through their features' services (request-parts.ts).
 */

export type RequestTableRow = Selectable<PickupRequestsTable>;

const REQUEST_COLUMNS = [
  'r.id',
  'r.requester_id',
  'r.company_id',
  'r.point_id',
  'r.status',
  'r.address',
  'r.lat',
  'r.lng',
  'r.preferred_date',
  'r.time_window',
  'r.pickup_date',
  'r.notes',
  'r.scheduled_at',
  'r.rejection_reason',
  'r.cancellation_reason',
  'r.collected_at',
  'r.total_estimated_kg',
  'r.total_actual_kg',
  'r.created_at',
  'r.updated_at',
] as const;

/** A request's own columns (request-parts.ts adds its point's and requester's). */
export type RequestCoreRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

export function findRequest(db: Db, id: number) {
  return db.selectFrom('pickup_requests as r').select(REQUEST_COLUMNS).where('r.id', '=', id).executeTakeFirst();
}

/** Who may see what in lists: admins everything, others their own, their company's and their points'. */
export type RequestVisibility =
  | { all: true }
  | { all: false; userId: number; companyId: number | null; pointIds: number[] };

export type RequestListFilters = {
  statuses?: string[] | undefined;
  requesterId?: number | undefined;
  companyId?: number | undefined;
  pointId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

function listQuery(db: Db, visibility: RequestVisibility, f: RequestListFilters) {
  let q = db.selectFrom('pickup_requests as r');
  if (!visibility.all) {
    const v = visibility;
    q = q.where((eb) =>
      eb.or([
        eb('r.requester_id', '=', v.userId),
        ...(v.companyId !== null ? [eb('r.company_id', '=', v.companyId)] : []),
        ...(v.pointIds.length ? [eb('r.point_id', 'in', v.pointIds)] : []),
      ]),
    );
  }
  if (f.statuses?.length) q = q.where('r.status', 'in', f.statuses);
  if (f.requesterId !== undefined) q = q.where('r.requester_id', '=', f.requesterId);
  if (f.companyId !== undefined) q = q.where('r.company_id', '=', f.companyId);
  if (f.pointId !== undefined) q = q.where('r.point_id', '=', f.pointId);
  if (f.from) q = q.where('r.pickup_date', '>=', f.from);
  if (f.to) q = q.where('r.pickup_date', '<=', f.to);
  return q;
}

export async function listRequests(
  db: Db,
  visibility: RequestVisibility,
  filters: RequestListFilters,
  page: { limit: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    listQuery(db, visibility, filters)
      .select(REQUEST_COLUMNS)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    listQuery(db, visibility, filters)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findItems(db: Db, requestIds: number[]) {
  if (!requestIds.length) return Promise.resolve([]);
  return db
    .selectFrom('pickup_request_items')
    .select(['id', 'request_id', 'material_id', 'estimated_kg', 'units', 'actual_kg'])
    .where('request_id', 'in', requestIds)
    .orderBy('request_id')
    .orderBy('id')
    .execute();
}

export function findPhotos(db: Db, requestIds: number[]) {
  if (!requestIds.length) return Promise.resolve([]);
  return db
    .selectFrom('pickup_request_photos')
    .select(['file_id', 'request_id', 'position'])
    .where('request_id', 'in', requestIds)
    .orderBy('request_id')
    .orderBy('position')
    .execute();
}

export function findEvents(db: Db, requestId: number) {
  return db
    .selectFrom('pickup_request_events')
    .selectAll()
    .where('request_id', '=', requestId)
    .orderBy('id')
    .execute();
}

export function insertRequest(db: Db, values: Insertable<PickupRequestsTable>) {
  return db.insertInto('pickup_requests').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function insertItems(db: Db, rows: Insertable<PickupRequestItemsTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('pickup_request_items').values(rows).execute();
}

export async function insertPhotos(db: Db, rows: Insertable<PickupRequestPhotosTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('pickup_request_photos').values(rows).execute();
}

export async function insertEvent(db: Db, values: Insertable<PickupRequestEventsTable>): Promise<void> {
  await db.insertInto('pickup_request_events').values(values).execute();
}

/** Files already attached to some request (a photo belongs to one request). */
export async function attachedFileIds(db: Db, fileIds: number[]): Promise<number[]> {
  if (!fileIds.length) return [];
  const rows = await db.selectFrom('pickup_request_photos').select('file_id').where('file_id', 'in', fileIds).execute();
  return rows.map((r) => r.file_id);
}

/**
 * Moves a request from `from` to another status, only if it is still in `from`. False when
 * someone else changed it first: the database decides races (20 managers accepting at once →
 * one row updated), on SQLite and PostgreSQL alike.
 */
export async function updateStatusIf(
  db: Db,
  id: number,
  from: string,
  patch: Partial<Omit<PickupRequestsTable, 'id' | 'total_estimated_kg'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('pickup_requests')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setItemActual(
  db: Db,
  itemId: number,
  values: { actual_kg: number; collected_at: string; collected_on: string },
): Promise<void> {
  await db.updateTable('pickup_request_items').set(values).where('id', '=', itemId).execute();
}

/** The requests (id, requester, company, point) a file is a photo of. */
export function requestsWithPhoto(db: Db, fileId: number) {
  return db
    .selectFrom('pickup_request_photos as ph')
    .innerJoin('pickup_requests as r', 'r.id', 'ph.request_id')
    .select(['r.id', 'r.requester_id', 'r.company_id', 'r.point_id'])
    .where('ph.file_id', '=', fileId)
    .execute();
}

// ---- collected kilograms (the ledger is pickup_request_items with collected_at set) ----

export type CollectedScope = 'requester_id' | 'company_id' | 'point_id' | 'material_id';

/** Total kg collected per value of one scope column (for the given values), from the indexed columns. */
export async function collectedKgBy(
  db: Db,
  scope: CollectedScope,
  values: number[],
  range: { from?: string; to?: string } = {},
): Promise<Map<number, number>> {
  if (!values.length) return new Map();
  let q = db
    .selectFrom('pickup_request_items')
    .select([scope, (eb) => eb.fn.sum<number>('actual_kg').as('kg')])
    .where(scope, 'in', values)
    .where('collected_on', 'is not', null);
  if (range.from) q = q.where('collected_on', '>=', range.from);
  if (range.to) q = q.where('collected_on', '<=', range.to);
  const rows = await q.groupBy(scope).execute();
  return new Map(rows.map((r) => [Number(r[scope]), Number(r.kg ?? 0)]));
}

/** Whose collections a certificate counts: one requester's, or every account of a company's. */
export type CollectedLineScope = { by: 'requester'; id: number } | { by: 'company'; id: number };

/** Collected kg per day, point and material in a period (ids; the caller names them). */
export async function collectedPerDayPointMaterial(db: Db, scope: CollectedLineScope, from: string, to: string) {
  let q = db
    .selectFrom('pickup_request_items')
    .select(['collected_on', 'point_id', 'material_id', (eb) => eb.fn.sum<number>('actual_kg').as('kg')])
    .where('collected_on', '>=', from)
    .where('collected_on', '<=', to)
    .where('actual_kg', 'is not', null);
  q = scope.by === 'company' ? q.where('company_id', '=', scope.id) : q.where('requester_id', '=', scope.id);
  const rows = await q.groupBy(['collected_on', 'point_id', 'material_id']).orderBy('collected_on').execute();
  return rows.map((r) => ({
    collected_on: r.collected_on ?? '',
    point_id: r.point_id,
    material_id: r.material_id,
    kg: Number(r.kg ?? 0),
  }));
}

// ---- account deletion ----

export async function openRequestIdsOf(db: Db, requesterId: number, open: string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('pickup_requests')
    .select('id')
    .where('requester_id', '=', requesterId)
    .where('status', 'in', open)
    .execute();
  return rows.map((r) => r.id);
}

/** Keeps the kilograms (statistics) but drops where the person lives and what they wrote. */
export async function anonymiseRequestsOf(db: Db, requesterId: number, at: string): Promise<void> {
  const ids = (await db.selectFrom('pickup_requests').select('id').where('requester_id', '=', requesterId).execute()).map(
    (r) => r.id,
  );
  if (!ids.length) return;
  const rows = await db.selectFrom('pickup_requests').select(['id', 'lat', 'lng']).where('id', 'in', ids).execute();
  for (const row of rows) {
    // About 1 km: enough for statistics by area, no longer a home address.
    await db
      .updateTable('pickup_requests')
      .set({
        address: 'Dirección eliminada',
        notes: null,
        lat: Math.round(row.lat * 100) / 100,
        lng: Math.round(row.lng * 100) / 100,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .execute();
  }
  await db.deleteFrom('pickup_request_photos').where('request_id', 'in', ids).execute();
}

export function listAllOfRequester(db: Db, requesterId: number) {
  return db
    .selectFrom('pickup_requests')
    .selectAll()
    .where('requester_id', '=', requesterId)
    .orderBy('id')
    .execute();
}

/** Requests no point has accepted or rejected yet (the back office's home). */
export async function countPendingRequests(db: Db): Promise<number> {
  const row = await db
    .selectFrom('pickup_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pendiente')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a recycler's route needs of pickups: at these points, in these statuses, on a day or by id. */
export function routePickups(
  db: Db,
  f: { pointIds?: number[]; ids?: number[]; statuses: string[]; from?: string; to?: string },
) {
  if ((f.pointIds && !f.pointIds.length) || (f.ids && !f.ids.length)) return Promise.resolve([]);
  let q = db
    .selectFrom('pickup_requests as r')
    .select([
      'r.id',
      'r.requester_id',
      'r.point_id',
      'r.status',
      'r.address',
      'r.lat',
      'r.lng',
      'r.pickup_date',
      'r.scheduled_at',
      'r.time_window',
      'r.notes',
      'r.total_estimated_kg',
    ])
    .where('r.status', 'in', f.statuses);
  if (f.pointIds) q = q.where('r.point_id', 'in', f.pointIds);
  if (f.ids) q = q.where('r.id', 'in', f.ids);
  if (f.from) q = q.where('r.pickup_date', '>=', f.from);
  if (f.to) q = q.where('r.pickup_date', '<=', f.to);
  return q.orderBy('r.pickup_date').orderBy('r.scheduled_at').orderBy('r.id').execute();
}
