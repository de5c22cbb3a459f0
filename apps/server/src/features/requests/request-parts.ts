import type { Selectable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import type { FilesTable } from '../../db/types.js';
import { withFiles } from '../files/files.service.js';
import { withMaterials } from '../materials/materials.service.js';
import * as repo from './requests.repository.js';

/** The items and photos of a page of requests, named through the materials and files services. */

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
