import { PostgresAdapter, sql, type Selectable } from 'kysely';
import { CONTAINER_FULL_PERCENT, type Bbox } from '@puntoverde/contract';
import { nowIso, type Db, type Executor } from '../../db/dialect.js';
import { findAppSetting, writeAppSetting } from '../../db/app-settings.js';
import type { PointsTable } from '../../db/types.js';

/* Queries of the points feature. Each takes `db` or a transaction first and returns rows. */

function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** What the SQL can filter; open_now is applied afterwards from the opening hours. */
export type PointRowFilter = {
  /** Points accepting any of these material bits. */
  anyMask?: number | undefined;
  /** ... and all of these groups of bits (one group per material named in `q`). */
  allMasks?: number[] | undefined;
  kinds?: string[] | undefined;
  /** Each must appear in search_text. */
  terms?: string[] | undefined;
};

const MARKER_COLUMNS = ['p.id', 'p.lat', 'p.lng', 'p.kind', 'p.materials_mask', 'p.opening_hours'] as const;
export type MarkerRow = {
  id: number;
  lat: number;
  lng: number;
  kind: string;
  materials_mask: number;
  opening_hours: string | null;
};

function filtered(db: Executor, f: PointRowFilter) {
  let q = db.selectFrom('points as p').where('p.active', '=', 1);
  if (f.anyMask) q = q.where(sql<boolean>`(p.materials_mask & ${f.anyMask}) <> 0`);
  for (const m of f.allMasks ?? []) q = q.where(sql<boolean>`(p.materials_mask & ${m}) <> 0`);
  if (f.kinds?.length) q = q.where('p.kind', 'in', f.kinds);
  for (const term of f.terms ?? []) q = q.where('p.search_text', 'like', `%${term}%`);
  return q;
}

function inBbox(db: Executor, b: Bbox) {
  if (isPostgres(db)) {
    // Matches the expression of the GiST index points_geo_gist.
    return sql<boolean>`point(p.lng, p.lat) <@ box(point(${b.minLng}, ${b.minLat}), point(${b.maxLng}, ${b.maxLat}))`;
  }
  // R*Tree stores 32-bit floats rounded outwards: it narrows, the exact test follows.
  return sql<boolean>`p.id in (select id from points_rtree where max_lat >= ${b.minLat} and min_lat <= ${b.maxLat} and max_lng >= ${b.minLng} and min_lng <= ${b.maxLng}) and p.lat between ${b.minLat} and ${b.maxLat} and p.lng between ${b.minLng} and ${b.maxLng}`;
}

/** Active points inside a bounding box, at most `limit`. */
export async function findMarkersInBbox(
  db: Executor,
  bbox: Bbox,
  f: PointRowFilter,
  limit: number,
): Promise<MarkerRow[]> {
  return filtered(db, f).where(inBbox(db, bbox)).select(MARKER_COLUMNS).limit(limit).execute();
}

/** Every active point matching the filters (the cluster index). */
export async function findAllMarkers(db: Executor, f: PointRowFilter): Promise<MarkerRow[]> {
  return filtered(db, f).select(MARKER_COLUMNS).execute();
}

const SUMMARY_COLUMNS = [
  'p.id',
  'p.name',
  'p.kind',
  'p.address',
  'p.city',
  'p.lat',
  'p.lng',
  'p.materials_mask',
  'p.opening_hours',
] as const;
export type SummaryRow = Pick<
  Selectable<PointsTable>,
  'id' | 'name' | 'kind' | 'address' | 'city' | 'lat' | 'lng' | 'materials_mask' | 'opening_hours'
>;

export async function findSummariesInBbox(
  db: Executor,
  bbox: Bbox,
  f: PointRowFilter,
  limit: number,
): Promise<SummaryRow[]> {
  return filtered(db, f).where(inBbox(db, bbox)).select(SUMMARY_COLUMNS).limit(limit).execute();
}

export async function findPointById(db: Executor, id: number) {
  return db.selectFrom('points').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Name, kind, place and state of the points with these ids, for features that refer to points. */
export async function findPointBasics(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('points')
    .select(['id', 'name', 'kind', 'address', 'city', 'lat', 'lng', 'active'])
    .where('id', 'in', ids)
    .execute();
}

/** Ids of the points called `name` (trimmed, case-insensitive), for the command-line tools. */
export async function findPointIdsByName(db: Executor, name: string): Promise<number[]> {
  const rows = await db
    .selectFrom('points')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The containers of these points (the service orders them by the material's place in the catalogue). */
export async function findContainersOfPoints(db: Executor, pointIds: number[]) {
  if (!pointIds.length) return [];
  return db
    .selectFrom('containers')
    .select([
      'id',
      'point_id',
      'material_id',
      'capacity_l',
      'fill_level',
      'status',
      'last_emptied_at',
      'updated_at',
    ])
    .where('point_id', 'in', pointIds)
    .execute();
}
export type ContainerPartRow = Awaited<ReturnType<typeof findContainersOfPoints>>[number];

/** A container by id alone, with the point it stands at. */
export function findContainerById(db: Executor, containerId: number) {
  return db.selectFrom('containers').select(['id', 'point_id']).where('id', '=', containerId).executeTakeFirst();
}

export async function findContainer(db: Executor, pointId: number, containerId: number) {
  return db
    .selectFrom('containers')
    .selectAll()
    .where('id', '=', containerId)
    .where('point_id', '=', pointId)
    .executeTakeFirst();
}

/** Ids of the points a user manages (for `GET /v1/me` of point managers). */
/** The points a user manages (id and name), by name. */
export async function findPointsManagedBy(db: Executor, userId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('point_managers as pm')
    .innerJoin('points as p', 'p.id', 'pm.point_id')
    .select(['p.id', 'p.name'])
    .where('pm.user_id', '=', userId)
    .orderBy('p.name')
    .execute();
}

export async function pointIdsOfManager(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('point_managers')
    .select('point_id')
    .where('user_id', '=', userId)
    .orderBy('point_id')
    .execute();
  return rows.map((r) => r.point_id);
}

/** User ids managing a point. */
export async function managerIdsOfPoint(db: Executor, pointId: number): Promise<number[]> {
  const rows = await db.selectFrom('point_managers').select('user_id').where('point_id', '=', pointId).execute();
  return rows.map((r) => r.user_id);
}

export async function isManagerOf(db: Executor, userId: number, pointId: number): Promise<boolean> {
  const row = await db
    .selectFrom('point_managers')
    .select('point_id')
    .where('user_id', '=', userId)
    .where('point_id', '=', pointId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findManagedPoints(db: Executor, userId: number) {
  return db
    .selectFrom('points as p')
    .innerJoin('point_managers as pm', 'pm.point_id', 'p.id')
    .select(['p.id', 'p.name', 'p.kind', 'p.address', 'p.city'])
    .where('pm.user_id', '=', userId)
    .orderBy('p.name')
    .execute();
}

export async function updateContainer(
  db: Executor,
  containerId: number,
  patch: { fill_level?: number; status?: string; last_emptied_at?: string },
) {
  await db
    .updateTable('containers')
    .set({ ...patch, updated_at: nowIso() })
    .where('id', '=', containerId)
    .execute();
}

export async function insertReading(
  db: Executor,
  row: {
    container_id: number;
    kind: 'fill' | 'emptying';
    fill_level: number;
    kg: number | null;
    user_id: number | null;
    created_at?: string;
  },
) {
  await db
    .insertInto('container_readings')
    .values({ ...row, created_at: row.created_at ?? nowIso() })
    .execute();
}

export async function findReadings(db: Executor, containerId: number, limit: number) {
  return db
    .selectFrom('container_readings')
    .select(['id', 'container_id', 'kind', 'fill_level', 'kg', 'user_id', 'created_at'])
    .where('container_id', '=', containerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A point's own columns as written (its id, active flag and timestamps are the database's). */
export type NewPointRow = Omit<Selectable<PointsTable>, 'id' | 'active' | 'created_at' | 'updated_at'>;

/** Inserts points and their material rows; returns the new ids in input order. */
export async function insertPoints(
  db: Executor,
  rows: { point: NewPointRow; materialIds: number[] }[],
): Promise<number[]> {
  if (!rows.length) return [];
  const now = nowIso();
  const inserted = await db
    .insertInto('points')
    .values(rows.map((r) => ({ ...r.point, created_at: now, updated_at: now })))
    .returning('id')
    .execute();
  const ids = inserted.map((r) => r.id);
  const links = rows.flatMap((r, i) =>
    r.materialIds.map((material_id) => ({ point_id: ids[i] as number, material_id })),
  );
  for (let i = 0; i < links.length; i += 2000) {
    await db
      .insertInto('point_materials')
      .values(links.slice(i, i + 2000))
      .execute();
  }
  return ids;
}

export async function updatePointRow(db: Executor, id: number, point: NewPointRow, materialIds: number[]) {
  await db
    .updateTable('points')
    .set({ ...point, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('point_materials').where('point_id', '=', id).execute();
  if (materialIds.length) {
    await db
      .insertInto('point_materials')
      .values(materialIds.map((material_id) => ({ point_id: id, material_id })))
      .execute();
  }
}

export async function findPointByOsmId(db: Executor, osmId: string) {
  return db.selectFrom('points').selectAll().where('osm_id', '=', osmId).executeTakeFirst();
}

export async function materialIdsOfPoint(db: Executor, pointId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('point_materials')
    .select('material_id')
    .where('point_id', '=', pointId)
    .orderBy('material_id')
    .execute();
  return rows.map((r) => r.material_id);
}

const VERSION_KEY = 'points.version';

/** Changes whenever points change: caches (the cluster index) compare it. */
export async function readPointsVersion(db: Executor): Promise<string> {
  return (await findAppSetting(db, VERSION_KEY))?.value ?? '0';
}

export async function writePointsVersion(db: Executor, value: string): Promise<void> {
  await writeAppSetting(db, VERSION_KEY, value);
}

export async function countDemoPoints(db: Db): Promise<number> {
  const row = await db
    .selectFrom('points')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('source', '=', 'demo')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function addManager(db: Executor, pointId: number, userId: number) {
  await db
    .insertInto('point_managers')
    .values({ point_id: pointId, user_id: userId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['point_id', 'user_id']).doNothing())
    .execute();
}

export async function insertContainer(
  db: Executor,
  row: {
    point_id: number;
    material_id: number;
    capacity_l: number;
    fill_level: number;
    status: string;
    last_emptied_at: string | null;
  },
): Promise<number> {
  const now = nowIso();
  const r = await db
    .insertInto('containers')
    .values({ ...row, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

// ---- Back office ----

export type AdminPointFilter = { q_words: string[]; kind?: string; active?: boolean };

/** One page of point ids (by name) matching the back office's search, and how many match. */
export async function findAdminPointIds(
  db: Executor,
  f: AdminPointFilter,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  let base = db.selectFrom('points');
  for (const w of f.q_words) base = base.where('search_text', 'like', `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.kind) base = base.where('kind', '=', f.kind);
  if (f.active !== undefined) base = base.where('active', '=', f.active ? 1 : 0);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select('id')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { ids: rows.map((r) => r.id), total: Number(total) };
}

/** The rows the back office shows for these points: the points, their materials, managers and container counts. */
export async function findAdminPointParts(db: Executor, ids: number[]) {
  const points = await db.selectFrom('points').selectAll().where('id', 'in', ids).execute();
  const materials = await db
    .selectFrom('point_materials')
    .select(['point_id', 'material_id'])
    .where('point_id', 'in', ids)
    .execute();
  const managers = await db
    .selectFrom('point_managers')
    .select(['point_id', 'user_id'])
    .where('point_id', 'in', ids)
    .execute();
  const containers = await db
    .selectFrom('containers')
    .select(['point_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('point_id', 'in', ids)
    .groupBy('point_id')
    .execute();
  return { points, materials, managers, containers };
}

export async function setPointActive(db: Executor, id: number, active: boolean): Promise<void> {
  await db
    .updateTable('points')
    .set({ active: active ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

export async function removeManagers(db: Executor, pointId: number): Promise<void> {
  await db.deleteFrom('point_managers').where('point_id', '=', pointId).execute();
}

export async function updateContainerRow(
  db: Executor,
  pointId: number,
  id: number,
  set: { material_id: number; capacity_l: number; status: string; fill_level: number },
): Promise<void> {
  await db
    .updateTable('containers')
    .set({ ...set, updated_at: nowIso() })
    .where('id', '=', id)
    .where('point_id', '=', pointId)
    .execute();
}

/** Removes a container and its readings. */
export async function deleteContainer(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('container_readings').where('container_id', '=', id).execute();
  await db.deleteFrom('containers').where('id', '=', id).execute();
}

/** Ids of the points that list any of these materials. */
export async function pointIdsWithMaterials(db: Executor, materialIds: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('point_materials')
    .select('point_id')
    .distinct()
    .where('material_id', 'in', materialIds)
    .execute();
  return rows.map((r) => r.point_id);
}

export async function findPointsByIds(db: Executor, ids: number[]) {
  return db.selectFrom('points').selectAll().where('id', 'in', ids).execute();
}

export async function findMaterialLinksOfPoints(db: Executor, pointIds: number[]) {
  return db
    .selectFrom('point_materials')
    .select(['point_id', 'material_id'])
    .where('point_id', 'in', pointIds)
    .execute();
}

/** Rewrites the columns derived from a point's materials and texts. */
export async function updateDerivedColumns(
  db: Executor,
  id: number,
  materialsMask: number,
  searchText: string,
): Promise<void> {
  await db
    .updateTable('points')
    .set({ materials_mask: materialsMask, search_text: searchText })
    .where('id', '=', id)
    .execute();
}

/** Every active point with the columns of the open-data export, by id. */
export async function findActivePointsForExport(db: Executor) {
  return db
    .selectFrom('points')
    .select([
      'id',
      'name',
      'kind',
      'address',
      'city',
      'lat',
      'lng',
      'opening_hours',
      'phone',
      'operator',
      'materials_mask',
      'source',
      'osm_id',
      'is_demo',
      'updated_at',
    ])
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
}

/** Full containers (fill level at or above CONTAINER_FULL_PERCENT) of active points. */
function fullOnActivePoints(db: Executor) {
  return db
    .selectFrom('containers as c')
    .innerJoin('points as p', 'p.id', 'c.point_id')
    .where('c.fill_level', '>=', CONTAINER_FULL_PERCENT)
    .where('p.active', '=', 1);
}

export async function countFullContainers(db: Executor): Promise<number> {
  const row = await fullOnActivePoints(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The fullest containers of active points, fullest first. */
export async function findFullestContainers(db: Executor, limit: number) {
  return fullOnActivePoints(db)
    .select([
      'p.id as point_id',
      'p.name as point_name',
      'c.id as container_id',
      'c.material_id',
      'c.fill_level',
    ])
    .orderBy('c.fill_level', 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute();
}

/** How many points accept each material (by material id). */
export async function countPointsByMaterial(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('point_materials')
    .select(['material_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('material_id')
    .execute();
  return new Map(rows.map((r) => [r.material_id, Number(r.n)]));
}
