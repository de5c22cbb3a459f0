import {
  TC_ID,
  POINTS_LIST_MAX,
  ZContainerStatus,
  ZPointKind,
  type Bbox,
  type Container,
  type ContainerReading,
  type EmptyingRequest,
  type ManagedPoint,
  type PointDetail,
  type PointKind,
  type PointMarker,
  type PointNear,
  type PointsFilters,
  type PointSummary,
  type UpdateContainerRequest,
} from '@puntoverde/contract';
import type { Db, Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { getCatalogue, withMaterials, type Catalogue } from '../materials/materials.service.js';
import { accountsByIds } from '../identity/identity.service.js';
import { openState } from './opening-hours.js';
import * as writer from './point-writer.js';
import { bumpPointsVersion, pointsChangedHere } from './points-version.js';
import { notify } from '../notifications/notifications.service.js';
import { recordCliAudit } from '../admin/audit.service.js';
import { resolveFilters, type ResolvedFilters } from './point-filters.js';
import * as repo from './points.repository.js';
import type { MarkerRow, SummaryRow } from './points.repository.js';

/** Rules of the points feature: filters, the map list, nearest points, a point's page, containers. */

function round5(n: number): number {
  return Math.round(n * 1e5) / 1e5;
}

function toMarker(row: MarkerRow, catalogue: Catalogue): PointMarker {
  return {
    id: row.id,
    lat: round5(row.lat),
    lng: round5(row.lng),
    kind: row.kind as PointKind,
    materials: catalogue.decode(Number(row.materials_mask)),
  };
}

function keepOpen<T extends { opening_hours: string | null }>(rows: T[], filters: ResolvedFilters): T[] {
  if (!filters.openNow) return rows;
  return rows.filter((r) => openState(r.opening_hours, filters.at).open === true);
}

/** The compact map list of one viewport. */
export async function listMarkers(
  db: Executor,
  bbox: Bbox,
  f: PointsFilters,
): Promise<{ points: PointMarker[]; truncated: boolean }> {
  const [catalogue, filters] = await Promise.all([getCatalogue(db), resolveFilters(db, f)]);
  const fetchLimit = POINTS_LIST_MAX + 1;
  let rows = await repo.findMarkersInBbox(db, bbox, filters.row, filters.openNow ? POINTS_LIST_MAX * 4 : fetchLimit);
  rows = keepOpen(rows, filters);
  const truncated = rows.length > POINTS_LIST_MAX;
  return { points: rows.slice(0, POINTS_LIST_MAX).map((r) => toMarker(r, catalogue)), truncated };
}

function toSummary(row: SummaryRow, catalogue: Catalogue, at: Date): PointSummary {
  return {
    id: row.id,
    name: row.name,
    kind: ZPointKind.parse(row.kind),
    address: row.address,
    city: row.city,
    lat: row.lat,
    lng: row.lng,
    materials: catalogue.decode(Number(row.materials_mask)),
    open_now: openState(row.opening_hours, at).open,
  };
}

const EARTH_RADIUS_M = 6371008.8;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

function bboxAround(lat: number, lng: number, radiusM: number): Bbox {
  const dLat = radiusM / 111320;
  const cos = Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  const dLng = radiusM / (111320 * cos);
  return {
    minLat: Math.max(-90, lat - dLat),
    maxLat: Math.min(90, lat + dLat),
    minLng: Math.max(-180, lng - dLng),
    maxLng: Math.min(180, lng + dLng),
  };
}

const NEAR_FETCH_CAP = 2000;
const NEAR_MAX_RADIUS_M = 20_100_000;

/**
 * Nearest active points, nearest first. The spatial index answers boxes, not distances, so the
 * search grows a box until the circle inside it holds `limit` matches (or the whole earth).
 */
export async function nearPoints(
  db: Executor,
  q: { lat: number; lng: number; limit: number; requireAll?: string[] } & PointsFilters,
): Promise<PointNear[]> {
  const [catalogue, filters] = await Promise.all([getCatalogue(db), resolveFilters(db, q)]);
  // Pickup requests: the point must accept every one of these materials.
  for (const code of q.requireAll ?? [])
    filters.row.allMasks = [...(filters.row.allMasks ?? []), catalogue.filterMaskOf([code])];
  let radius = 1000;
  let tooFew = 0;
  for (let round = 0; round < 40; round++) {
    const rows = await repo.findSummariesInBbox(db, bboxAround(q.lat, q.lng, radius), filters.row, NEAR_FETCH_CAP + 1);
    if (rows.length > NEAR_FETCH_CAP && radius > 1) {
      // Too dense to read whole: shrink towards the last radius known to hold too few.
      radius = tooFew > 0 ? (tooFew + radius) / 2 : radius / 4;
      continue;
    }
    const within = keepOpen(rows, filters)
      .map((r) => ({ r, d: distanceMeters(q.lat, q.lng, r.lat, r.lng) }))
      .filter((x) => x.d <= radius || radius >= NEAR_MAX_RADIUS_M)
      .sort((a, b) => a.d - b.d || a.r.id - b.r.id);
    if (within.length >= q.limit || radius >= NEAR_MAX_RADIUS_M) {
      return within
        .slice(0, q.limit)
        .map(({ r, d }) => ({ ...toSummary(r, catalogue, filters.at), distance_m: Math.round(d) }));
    }
    tooFew = radius;
    radius = Math.min(NEAR_MAX_RADIUS_M, radius * 4);
  }
  return [];
}

/**
 * The nearest active point within `withinM` metres of a place, or null: where a report filed
 * there without a point goes.
 */
export async function nearestActivePoint(
  db: Executor,
  lat: number,
  lng: number,
  withinM: number,
): Promise<{ id: number; name: string; address: string; distance_m: number } | null> {
  if (withinM <= 0) return null;
  const rows = await repo.findSummariesInBbox(db, bboxAround(lat, lng, withinM), {}, NEAR_FETCH_CAP);
  let best: { r: (typeof rows)[number]; d: number } | null = null;
  for (const r of rows) {
    const d = distanceMeters(lat, lng, r.lat, r.lng);
    if (d <= withinM && (!best || d < best.d || (d === best.d && r.id < best.r.id))) best = { r, d };
  }
  return best ? { id: best.r.id, name: best.r.name, address: best.r.address, distance_m: Math.round(best.d) } : null;
}

export type ContainerRow = Omit<repo.ContainerPartRow, 'material_id'> & { material: string };

/** The containers of these points with their material's code, by point, catalogue order, then id. */
export async function containersOfPoints(db: Executor, pointIds: number[]): Promise<ContainerRow[]> {
  const rows = await withMaterials(
    db,
    await repo.findContainersOfPoints(db, pointIds),
    ({ material_id: _, ...c }, m) => ({
      row: { ...c, material: m.code },
      sort: m.sort,
    }),
  );
  return rows
    .sort((a, b) => a.row.point_id - b.row.point_id || a.sort - b.sort || a.row.id - b.row.id)
    .map(({ row }) => row);
}

/** Of these user ids, the active, not deleted point managers (tc_id 1). */
export async function activeManagerIds(db: Executor, userIds: number[]): Promise<number[]> {
  const accounts = await accountsByIds(db, userIds);
  return userIds.filter((id) => {
    const a = accounts.get(id);
    return a !== undefined && a.tc_id === TC_ID.manager && a.active === 1 && a.deleted_at === null;
  });
}

/** A container row as the contract shows it (the point page and the staff editor). */
export function toContainer(row: ContainerRow): Container {
  return {
    id: row.id,
    point_id: row.point_id,
    material: row.material,
    capacity_l: row.capacity_l,
    fill_level: row.fill_level,
    status: ZContainerStatus.parse(row.status),
    last_emptied_at: row.last_emptied_at,
    updated_at: row.updated_at,
  };
}

/** A point's page; inactive points are not found. */
export async function getPointDetail(db: Executor, id: number, at: Date): Promise<PointDetail> {
  const [catalogue, row] = await Promise.all([getCatalogue(db), repo.findPointById(db, id)]);
  if (!row || !row.active) throw new AppError('point-not-found');
  const containers = await containersOfPoints(db, [id]);
  const state = openState(row.opening_hours, at);
  return {
    ...toSummary(row, catalogue, at),
    next_change: state.nextChange ? state.nextChange.toISOString() : null,
    opening_hours: row.opening_hours,
    phone: row.phone,
    photo_url: row.photo_url,
    operator: row.operator,
    source: row.source,
    osm_id: row.osm_id,
    is_demo: row.is_demo === 1,
    containers: containers.map(toContainer),
    updated_at: row.updated_at,
  };
}

/**
 * Admins act on any point; a manager only on the points they manage. Anyone else gets the
 * answer for a missing point (404): one answer for every point a caller may not manage.
 */
export async function assertCanManage(db: Executor, user: AuthUser, pointId: number): Promise<void> {
  const point = await repo.findPointById(db, pointId);
  if (!point) throw new AppError('point-not-found');
  if (user.is_admin) return;
  if (user.tc_id !== TC_ID.manager || !(await repo.isManagerOf(db, user.id, pointId)))
    throw new AppError('point-not-found');
}

export async function listContainers(db: Executor, user: AuthUser, pointId: number): Promise<Container[]> {
  await assertCanManage(db, user, pointId);
  return (await containersOfPoints(db, [pointId])).map(toContainer);
}

async function containerOf(db: Executor, pointId: number, containerId: number): Promise<Container> {
  const rows = await containersOfPoints(db, [pointId]);
  const row = rows.find((r) => r.id === containerId);
  if (!row) throw new AppError('container-not-found');
  return toContainer(row);
}

/** A container at or above this fill level is full: its point's managers are told once it crosses it. */
export const CONTAINER_FULL_LEVEL = 90;

/** Sets the fill level and/or status; every fill change is kept as a reading. */
export async function updateContainer(
  db: Db,
  user: AuthUser,
  pointId: number,
  containerId: number,
  body: UpdateContainerRequest,
): Promise<Container> {
  await assertCanManage(db, user, pointId);
  return db.transaction().execute(async (trx) => {
    const container = await repo.findContainer(trx, pointId, containerId);
    if (!container) throw new AppError('container-not-found');
    await repo.updateContainer(trx, containerId, {
      ...(body.fill_level !== undefined ? { fill_level: body.fill_level } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
    });
    if (body.fill_level !== undefined) {
      await repo.insertReading(trx, {
        container_id: containerId,
        kind: 'fill',
        fill_level: body.fill_level,
        kg: null,
        user_id: user.id,
      });
    }
    const updated = await containerOf(trx, pointId, containerId);
    if (
      body.fill_level !== undefined &&
      container.fill_level < CONTAINER_FULL_LEVEL &&
      body.fill_level >= CONTAINER_FULL_LEVEL
    ) {
      const point = await repo.findPointById(trx, pointId);
      for (const managerId of await repo.managerIdsOfPoint(trx, pointId)) {
        if (managerId === user.id) continue;
        await notify(trx, managerId, {
          kind: 'container',
          title: `Contenedor lleno en ${point?.name ?? 'tu punto'}`,
          body: `El contenedor de ${updated.material} (${updated.capacity_l} L) está al ${body.fill_level} %. Programa su vaciado.`,
          link: `/app/tabs/points?container=${containerId}`,
        });
      }
    }
    return updated;
  });
}

/** Records an emptying: kg of the container's material taken away, fill level reset. */
export async function recordEmptying(
  db: Db,
  user: AuthUser,
  pointId: number,
  containerId: number,
  body: Required<EmptyingRequest>,
): Promise<Container> {
  await assertCanManage(db, user, pointId);
  return db.transaction().execute(async (trx) => {
    const container = await repo.findContainer(trx, pointId, containerId);
    if (!container) throw new AppError('container-not-found');
    const now = new Date().toISOString();
    await repo.updateContainer(trx, containerId, { fill_level: body.fill_level_after, last_emptied_at: now });
    await repo.insertReading(trx, {
      container_id: containerId,
      kind: 'emptying',
      fill_level: body.fill_level_after,
      kg: body.kg,
      user_id: user.id,
      created_at: now,
    });
    return containerOf(trx, pointId, containerId);
  });
}

export async function listReadings(
  db: Executor,
  user: AuthUser,
  pointId: number,
  containerId: number,
  limit: number,
): Promise<ContainerReading[]> {
  await assertCanManage(db, user, pointId);
  const container = await repo.findContainer(db, pointId, containerId);
  if (!container) throw new AppError('container-not-found');
  const rows = await repo.findReadings(db, containerId, limit);
  const authors = await accountsByIds(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => ({
    id: r.id,
    container_id: r.container_id,
    kind: r.kind === 'emptying' ? 'emptying' : 'fill',
    fill_level: r.fill_level,
    kg: r.kg,
    user_name: (r.user_id !== null ? authors.get(r.user_id)?.name : undefined) ?? null,
    created_at: r.created_at,
  }));
}

/** The points a manager runs, with their containers (admins see the points they manage too). */
export async function managedPoints(db: Executor, user: AuthUser): Promise<ManagedPoint[]> {
  const points = await repo.findManagedPoints(db, user.id);
  const containers = await containersOfPoints(
    db,
    points.map((p) => p.id),
  );
  return points.map((p) => ({
    id: p.id,
    name: p.name,
    kind: ZPointKind.parse(p.kind),
    address: p.address,
    city: p.city,
    containers: containers.filter((c) => c.point_id === p.id).map(toContainer),
  }));
}

/** Where a point stands, active or not (a report filed at a point takes its place). */
export async function pointLocation(db: Executor, id: number): Promise<{ lat: number; lng: number } | undefined> {
  const row = await repo.findPointById(db, id);
  return row ? { lat: row.lat, lng: row.lng } : undefined;
}

/** How many points accept each material (by material id), for the materials catalogue. */
export function pointCountsByMaterial(db: Executor): Promise<Map<number, number>> {
  return repo.countPointsByMaterial(db);
}

/** Whether a point with this id exists, active or not (for references from other features). */
export type PointBasics = { id: number; name: string; kind: string; address: string; city: string; lat: number; lng: number; active: boolean };

/** Name, kind, place and state of points by id (for features that refer to points, like ECAs). */
export async function pointBasics(db: Executor, ids: number[]): Promise<Map<number, PointBasics>> {
  const rows = await repo.findPointBasics(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { ...r, lat: Number(r.lat), lng: Number(r.lng), active: Boolean(r.active) }]));
}

/** A container by id with the point it stands at (for reports about a container). */
export function containerWithPoint(db: Executor, containerId: number): Promise<{ id: number; point_id: number } | undefined> {
  return repo.findContainerById(db, containerId);
}

export async function pointExists(db: Executor, id: number): Promise<boolean> {
  return (await repo.findPointById(db, id)) !== undefined;
}

/** User ids managing a point (who hears of its requests and reports). */
export async function managerIdsOfPoint(db: Executor, pointId: number): Promise<number[]> {
  return repo.managerIdsOfPoint(db, pointId);
}

/** Whether a user manages a point. */
export async function isManagerOfPoint(db: Executor, userId: number, pointId: number): Promise<boolean> {
  return repo.isManagerOf(db, userId, pointId);
}

/** The points a user manages (id and name), by name. */
export async function pointsManagedBy(db: Executor, userId: number): Promise<{ id: number; name: string }[]> {
  return repo.findPointsManagedBy(db, userId);
}

/** Ids of the points a user manages. */
export async function pointIdsOfManager(db: Executor, userId: number): Promise<number[]> {
  return repo.pointIdsOfManager(db, userId);
}

/**
 * Pickup requests: whether a point exists, is active, and which of `materials` it does
 * not accept (empty = accepts them all). Null when there is no such point.
 */
export async function pointAcceptance(
  db: Executor,
  pointId: number,
  materials: string[],
): Promise<{ active: boolean; missing: string[] } | null> {
  const [catalogue, point] = await Promise.all([getCatalogue(db), repo.findPointById(db, pointId)]);
  if (!point) return null;
  const mask = Number(point.materials_mask);
  const missing = materials.filter((code) => {
    const bit = catalogue.byCode.get(code)?.bit;
    return bit === undefined || Math.floor(mask / 2 ** bit) % 2 !== 1;
  });
  return { active: point.active === 1, missing };
}

/**
 * After a change of materials (names, keywords, groups): the points of these materials get their
 * materials mask and search text again, in the caller's transaction, and map caches follow.
 */
export async function refreshPointsOfMaterials(
  trx: Executor,
  catalogue: Catalogue,
  materialIds: number[],
): Promise<void> {
  await writer.refreshPointsOfMaterials(trx, catalogue, materialIds);
  await bumpPointsVersion(trx);
}

/** Makes this process's next map query see a change at once (after the transaction commits). */
export function invalidatePointCaches(): void {
  pointsChangedHere();
}

/** Full containers of active points: how many, and the `limit` fullest (fullest first). */
export async function fullContainers(db: Executor, limit: number) {
  const [count, fullest] = await Promise.all([repo.countFullContainers(db), repo.findFullestContainers(db, limit)]);
  return {
    count,
    fullest: await withMaterials(db, fullest, (r, m) => ({
      point_id: r.point_id,
      point_name: r.point_name,
      container_id: r.container_id,
      material: m.code,
      material_name: m.name_es,
      fill_level: Number(r.fill_level),
    })),
  };
}

/**
 * The point a command-line tool names by id or by its exact name (trimmed, case-insensitive), or
 * the Spanish line saying why none fits.
 */
export async function findPointForCli(db: Db, idOrName: string): Promise<{ id: number; name: string } | string> {
  const key = idOrName.trim();
  if (/^\d+$/.test(key)) {
    const row = await repo.findPointById(db, Number(key));
    return row ? { id: row.id, name: row.name } : `No existe el punto ${key}.`;
  }
  const ids = key ? await repo.findPointIdsByName(db, key) : [];
  if (ids.length > 1) return `Hay ${ids.length} puntos llamados «${key}» (ids ${ids.join(', ')}); indica el id.`;
  const row = ids[0] === undefined ? undefined : await repo.findPointById(db, ids[0]);
  return row ? { id: row.id, name: row.name } : `No existe el punto «${key}».`;
}

/**
 * Adds an active point manager (type 1) to a point's managers, keeping the others, audited as
 * the command-line tool (the back office's `setPointManagers` replaces the whole list instead).
 */
export async function addPointManagerFromCli(db: Db, pointId: number, userId: number): Promise<void> {
  if (!(await activeManagerIds(db, [userId])).length) {
    throw AppError.field(
      'validation-failed',
      'user_id',
      'Solo puedes asignar usuarios activos de tipo «Responsable del punto»',
    );
  }
  const before = await repo.managerIdsOfPoint(db, pointId);
  await db.transaction().execute(async (trx) => {
    await repo.addManager(trx, pointId, userId);
    await recordCliAudit(trx, {
      action: 'update',
      entity: 'point-managers',
      entityId: pointId,
      before,
      after: [...new Set([...before, userId])],
    });
  });
}
