import type { Selectable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import type { FilesTable } from '../../db/types.js';
import { withFiles } from '../files/files.service.js';
import { accountsByIds } from '../identity/identity.service.js';
import { withMaterials } from '../materials/materials.service.js';
import { pointBasics } from '../points/points.service.js';
import * as repo from './requests.repository.js';

/**
 * Requests with their point and requester, items and photos of a page of requests: named through
 * the points, identity, materials and files services (one batched lookup each per page).
 */

/** A request with the point it goes to and the account that asked for it. */
export type RequestRow = repo.RequestCoreRow & {
  point_name: string;
  point_address: string;
  point_city: string;
  point_lat: number;
  point_lng: number;
  requester_name: string;
  requester_tc_id: number;
  requester_id_empresa: number | null;
  requester_phone: string | null;
  requester_phone_verified_at: string | null;
};

/** Names each request's point and requester; a request whose point or account is missing is left out. */
async function withParties(db: Db, rows: repo.RequestCoreRow[]): Promise<RequestRow[]> {
  if (!rows.length) return [];
  const [points, users] = await Promise.all([
    pointBasics(
      db,
      rows.map((r) => r.point_id),
    ),
    accountsByIds(
      db,
      rows.map((r) => r.requester_id),
    ),
  ]);
  const out: RequestRow[] = [];
  for (const r of rows) {
    const p = points.get(r.point_id);
    const u = users.get(r.requester_id);
    if (!p || !u) continue;
    out.push({
      ...r,
      point_name: p.name,
      point_address: p.address,
      point_city: p.city,
      point_lat: p.lat,
      point_lng: p.lng,
      requester_name: u.name,
      requester_tc_id: u.tc_id,
      requester_id_empresa: u.id_empresa,
      requester_phone: u.phone,
      requester_phone_verified_at: u.phone_verified_at,
    });
  }
  return out;
}

/** One request with its point and requester. */
export async function findRequest(db: Db, id: number): Promise<RequestRow | undefined> {
  const row = await repo.findRequest(db, id);
  return row ? (await withParties(db, [row]))[0] : undefined;
}

/** A page of requests with their points and requesters, and how many match in all. */
export async function listRequests(
  db: Db,
  visibility: repo.RequestVisibility,
  filters: repo.RequestListFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: RequestRow[]; total: number }> {
  const { rows, total } = await repo.listRequests(db, visibility, filters, page);
  return { rows: await withParties(db, rows), total };
}

export type ItemRow = Awaited<ReturnType<typeof findItems>>[number];
export type PhotoRow = Selectable<FilesTable> & { request_id: number; position: number };

/** Items of these requests with their material's code and names, by request then id. */
export async function findItems(db: Db, requestIds: number[]) {
  return withMaterials(db, await repo.findItems(db, requestIds), (i, m) => ({
    id: i.id,
    request_id: i.request_id,
    material_id: i.material_id,
    material: m.code,
    name_es: m.name_es,
    name_en: m.name_en,
    estimated_kg: i.estimated_kg,
    units: i.units,
    actual_kg: i.actual_kg,
  }));
}

/** Photos of these requests (their file rows), by request then position. */
export async function findPhotos(db: Db, requestIds: number[]): Promise<PhotoRow[]> {
  const links = await repo.findPhotos(db, requestIds);
  return withFiles(db, links, (l, f) => ({ ...f, request_id: l.request_id, position: l.position }));
}
