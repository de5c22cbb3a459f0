import type {
  AdminPoint,
  AdminPointList,
  AdminPointListQuery,
  Container,
  PointKind,
  ZAdminContainerInput,
  ZAdminPointInput,
} from '@puntoverde/contract';
import type { z } from 'zod';
import type { Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import { getCatalogue, normalizeText } from '../materials/materials.service.js';
import { isValidOpeningHours } from './opening-hours.js';
import { invalidateClusters } from './point-clusters.js';
import { toPointRow } from './point-writer.js';
import { bumpPointsVersion } from './points-version.js';
import { accountsByIds, type AccountRow } from '../identity/identity.service.js';
import { activeManagerIds, containersOfPoints, toContainer } from './points.service.js';
import * as pointsRepo from './points.repository.js';

/**
 * Back office for waste points and their containers: writes go through the repository and the
 * point writer (derived columns: materials mask, search text), then the points version is bumped
 * so map caches rebuild. Every change is written to the audit log in the same transaction.
 */

type PointInput = z.output<typeof ZAdminPointInput>;
type ContainerInput = z.output<typeof ZAdminContainerInput>;

async function toAdminPoints(db: Db, ids: number[]): Promise<AdminPoint[]> {
  if (!ids.length) return [];
  const { points, materials, managers, containers } = await pointsRepo.findAdminPointParts(db, ids);
  const accounts = await accountsByIds(
    db,
    managers.map((m) => m.user_id),
  );
  const managersOf = (pointId: number) =>
    managers
      .filter((m) => m.point_id === pointId)
      .map((m) => accounts.get(m.user_id))
      .filter((a): a is AccountRow => !!a)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const catalogue = await getCatalogue(db);
  const codeOf = new Map([...catalogue.byCode.values()].map((m) => [m.id, m.code]));
  const byId = new Map(points.map((p) => [p.id, p]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    return [
      {
        id: p.id,
        name: p.name,
        kind: p.kind as PointKind,
        address: p.address,
        city: p.city,
        lat: p.lat,
        lng: p.lng,
        opening_hours: p.opening_hours,
        phone: p.phone,
        operator: p.operator,
        materials: materials
          .filter((m) => m.point_id === id)
          .map((m) => codeOf.get(m.material_id))
          .filter((c): c is string => !!c)
          .sort(),
        active: p.active === 1,
        source: p.source,
        managers: managersOf(id).map((m) => ({ id: m.id, name: m.name, email: m.email })),
        containers_count: Number(containers.find((c) => c.point_id === id)?.n ?? 0),
        updated_at: p.updated_at,
      },
    ];
  });
}

export async function listPointsAdmin(db: Db, query: AdminPointListQuery): Promise<AdminPointList> {
  const q_words = query.q ? normalizeText(query.q).split(/\s+/).filter(Boolean) : [];
  const { ids, total } = await pointsRepo.findAdminPointIds(
    db,
    { q_words, kind: query.kind, active: query.active },
    { limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { items: await toAdminPoints(db, ids), total, page: query.page, page_size: query.page_size };
}

export async function getPointAdmin(db: Db, id: number): Promise<AdminPoint> {
  const [point] = await toAdminPoints(db, [id]);
  if (!point) throw new AppError('point-not-found');
  return point;
}

async function rowFor(db: Db, input: PointInput, source: 'manual' | 'osm' | 'demo' | 'generated', osmId: string | null) {
  if (input.opening_hours && !isValidOpeningHours(input.opening_hours)) {
    throw AppError.field('validation-failed', 'opening_hours', 'Horario no válido: usa el formato de OpenStreetMap, p. ej. «Mo-Fr 08:00-17:00»');
  }
  const catalogue = await getCatalogue(db);
  const unknown = input.materials.filter((c) => !catalogue.byCode.has(c));
  if (unknown.length) throw AppError.field('unknown-material', 'materials');
  // toPointRow takes the columns it stores; the form's `active` is applied by the caller.
  return toPointRow(catalogue, { ...input, photo_url: null, source, osm_id: osmId });
}

export async function createPointAdmin(db: Db, input: PointInput, admin: AuthUser): Promise<AdminPoint> {
  const { point, materialIds } = await rowFor(db, input, 'manual', null);
  const id = await db.transaction().execute(async (trx) => {
    const [newId] = await pointsRepo.insertPoints(trx, [{ point, materialIds }]);
    if (newId === undefined) throw new Error('point insert returned no id');
    if (!input.active) await pointsRepo.setPointActive(trx, newId, false);
    await bumpPointsVersion(trx);
    await recordAudit(trx, { actorId: admin.id, action: 'create', entity: 'point', entityId: newId, after: input });
    return newId;
  });
  invalidateClusters(db);
  return getPointAdmin(db, id);
}

export async function updatePointAdmin(db: Db, id: number, input: PointInput, admin: AuthUser): Promise<AdminPoint> {
  const before = await getPointAdmin(db, id);
  const existing = await pointsRepo.findPointById(db, id);
  const source = (existing?.source ?? 'manual') as 'manual' | 'osm' | 'demo' | 'generated';
  const { point, materialIds } = await rowFor(db, input, source, existing?.osm_id ?? null);
  // Demo points stay marked as demo after an edit.
  point.is_demo = existing?.is_demo ?? point.is_demo;
  await db.transaction().execute(async (trx) => {
    await pointsRepo.updatePointRow(trx, id, point, materialIds);
    await pointsRepo.setPointActive(trx, id, input.active);
    await bumpPointsVersion(trx);
    const action = before.active && !input.active ? 'deactivate' : !before.active && input.active ? 'activate' : 'update';
    await recordAudit(trx, { actorId: admin.id, action, entity: 'point', entityId: id, before, after: input });
  });
  invalidateClusters(db);
  return getPointAdmin(db, id);
}

/** Replaces the point's managers; each must be an active user of type 1. */
export async function setPointManagers(db: Db, id: number, userIds: number[], admin: AuthUser): Promise<AdminPoint> {
  const before = await getPointAdmin(db, id);
  const unique = [...new Set(userIds)];
  if (unique.length) {
    const ok = await activeManagerIds(db, unique);
    if (ok.length !== unique.length) {
      throw AppError.field('validation-failed', 'user_ids', 'Solo puedes asignar usuarios activos de tipo «Responsable del punto»');
    }
  }
  await db.transaction().execute(async (trx) => {
    await pointsRepo.removeManagers(trx, id);
    for (const userId of unique) await pointsRepo.addManager(trx, id, userId);
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'update',
      entity: 'point-managers',
      entityId: id,
      before: before.managers.map((m) => m.id),
      after: unique,
    });
  });
  return getPointAdmin(db, id);
}

export async function listPointContainers(db: Db, pointId: number): Promise<Container[]> {
  await getPointAdmin(db, pointId);
  return (await containersOfPoints(db, [pointId])).map(toContainer);
}

async function materialId(db: Db, code: string): Promise<number> {
  const m = (await getCatalogue(db)).byCode.get(code);
  if (!m) throw AppError.field('unknown-material', 'material');
  return m.id;
}

async function containerOf(db: Db, pointId: number, id: number): Promise<Container> {
  const row = (await containersOfPoints(db, [pointId])).find((c) => c.id === id);
  if (!row) throw new AppError('container-not-found');
  return toContainer(row);
}

export async function createContainerAdmin(db: Db, pointId: number, input: ContainerInput, admin: AuthUser): Promise<Container> {
  await getPointAdmin(db, pointId);
  const material = await materialId(db, input.material);
  const id = await db.transaction().execute(async (trx) => {
    const newId = await pointsRepo.insertContainer(trx, {
      point_id: pointId,
      material_id: material,
      capacity_l: input.capacity_l,
      fill_level: input.fill_level,
      status: input.status,
      last_emptied_at: null,
    });
    await recordAudit(trx, { actorId: admin.id, action: 'create', entity: 'container', entityId: newId, after: { point_id: pointId, ...input } });
    return newId;
  });
  return containerOf(db, pointId, id);
}

export async function updateContainerAdmin(
  db: Db,
  pointId: number,
  id: number,
  input: ContainerInput,
  admin: AuthUser,
): Promise<Container> {
  const before = await containerOf(db, pointId, id);
  const material = await materialId(db, input.material);
  await db.transaction().execute(async (trx) => {
    await pointsRepo.updateContainerRow(trx, pointId, id, {
      material_id: material,
      capacity_l: input.capacity_l,
      status: input.status,
      fill_level: input.fill_level,
    });
    await recordAudit(trx, { actorId: admin.id, action: 'update', entity: 'container', entityId: id, before, after: input });
  });
  return containerOf(db, pointId, id);
}

export async function deleteContainerAdmin(db: Db, pointId: number, id: number, admin: AuthUser): Promise<void> {
  const before = await containerOf(db, pointId, id);
  await db.transaction().execute(async (trx) => {
    await pointsRepo.deleteContainer(trx, id);
    await recordAudit(trx, { actorId: admin.id, action: 'delete', entity: 'container', entityId: id, before });
  });
}
