import {
  MATERIALS_MAX,
  ZBinColor,
  type AdminMaterial,
  type AdminMaterialList,
  type AdminMaterialListQuery,
  type ZAdminMaterialCreate,
  type ZAdminMaterialInput,
} from '@puntoverde/contract';
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/dialect.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import * as repo from './materials.repository.js';
import { buildCatalogue, invalidateCatalogue, normalizeText, type Catalogue } from './materials.service.js';

/**
 * Back office for the materials catalogue, which the materials service holds in memory
 * (getCatalogue): every change here rewrites the derived columns of the points concerned (the
 * points feature bumps its version: map caches follow), bumps the materials version (other
 * instances' catalogues follow) and drops this process's catalogue, so public listings show the
 * change at once.
 *
 * Codes are immutable: points (point_materials by id, but filters, saved links and the map by
 * code), containers, campaigns and pickup requests store material codes, so renaming a code would
 * silently orphan them. Materials are deactivated, never deleted, for the same reason.
 */

type MaterialInput = z.output<typeof ZAdminMaterialInput>;
type MaterialCreate = z.output<typeof ZAdminMaterialCreate>;
type Trx = Transaction<Database>;
type MaterialRow = repo.MaterialRow;

/**
 * What a catalogue change asks of the points feature: how many points accept each material, the
 * derived columns of the points concerned written again, and its caches dropped. The points
 * service's own functions, passed in by the route (points build on materials, not the reverse).
 */
export type MaterialPoints = {
  countsByMaterial: (db: Db | Trx) => Promise<Map<number, number>>;
  refresh: (trx: Trx, catalogue: Catalogue, materialIds: number[]) => Promise<void>;
  invalidateCaches: () => void;
};

/** Highest bit of points.materials_mask (MATERIALS_MAX bits: 0..52, exact in a double). */
const MAX_BIT = MATERIALS_MAX - 1;

function toAdminMaterial(row: MaterialRow, counts: Map<number, number>): AdminMaterial {
  return {
    id: row.id,
    code: row.code,
    name_es: row.name_es,
    name_en: row.name_en,
    parent_code: row.parent_code,
    bin_color: row.bin_color ? ZBinColor.parse(row.bin_color) : null,
    osm_keys: row.osm_keys ? row.osm_keys.split(' ') : [],
    keywords: row.keywords,
    sort: row.sort,
    active: Number(row.active) === 1,
    points_count: counts.get(row.id) ?? 0,
    created_at: row.created_at,
  };
}

/** Every material (active or not), searched by code, names and keywords without accents. */
export async function listMaterialsAdmin(
  db: Db,
  query: AdminMaterialListQuery,
  points: MaterialPoints,
): Promise<AdminMaterialList> {
  // The catalogue holds at most MATERIALS_MAX rows: filtering in memory keeps the accent-free
  // search identical on SQLite and PostgreSQL.
  const [rows, counts] = await Promise.all([repo.listMaterialRows(db), points.countsByMaterial(db)]);
  const words = normalizeText(query.q ?? '').split(' ').filter(Boolean);
  const matching = rows.filter((r) => {
    if (query.active !== undefined && (Number(r.active) === 1) !== query.active) return false;
    const text = normalizeText(`${r.code.replace(/-/g, ' ')} ${r.code} ${r.name_es} ${r.name_en} ${r.keywords} ${r.osm_keys}`);
    return words.every((w) => text.includes(w));
  });
  const start = (query.page - 1) * query.page_size;
  return {
    items: matching.slice(start, start + query.page_size).map((r) => toAdminMaterial(r, counts)),
    total: matching.length,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function getMaterialAdmin(db: Db | Trx, code: string, points: MaterialPoints): Promise<AdminMaterial> {
  const row = await repo.findMaterialByCode(db, code);
  if (!row) throw new AppError('material-not-found');
  return toAdminMaterial(row, await points.countsByMaterial(db));
}

/** The rules shared by create and update: a two-level tree, OSM keys owned by one material. */
function checkInput(rows: MaterialRow[], code: string, input: MaterialInput): void {
  if (input.parent_code !== null) {
    const parent = rows.find((r) => r.code === input.parent_code);
    if (!parent || parent.code === code || parent.parent_code !== null) {
      throw AppError.field('material-parent-invalid', 'parent_code');
    }
    if (Number(parent.active) !== 1 && input.active) {
      throw AppError.field('material-parent-invalid', 'parent_code', 'Ese grupo está desactivado: actívalo primero o elige otro.');
    }
    if (rows.some((r) => r.parent_code === code)) throw AppError.field('material-has-members', 'parent_code');
  }
  if (!input.active && rows.some((r) => r.parent_code === code && Number(r.active) === 1)) {
    throw AppError.field(
      'conflict',
      'active',
      'Este grupo tiene materiales activos: desactívalos primero o muévelos a otro grupo.',
    );
  }
  const keys = [...new Set(input.osm_keys)];
  for (const key of keys) {
    const owner = rows.find((r) => r.code !== code && r.osm_keys.split(' ').includes(key));
    if (owner) {
      throw AppError.field('material-osm-key-taken', 'osm_keys', `La clave ${key} ya pertenece al material «${owner.name_es}».`);
    }
  }
}

function rowValues(input: MaterialInput) {
  return {
    name_es: input.name_es,
    name_en: input.name_en,
    parent_code: input.parent_code,
    bin_color: input.bin_color,
    osm_keys: [...new Set(input.osm_keys)].join(' '),
    keywords: normalizeText(input.keywords),
    active: input.active ? 1 : 0,
  };
}

/** Points of these materials get their mask and search text again; then caches follow. */
async function afterChange(trx: Trx, materialIds: number[], points: MaterialPoints): Promise<void> {
  const catalogue = buildCatalogue(await repo.listMaterialRows(trx));
  await points.refresh(trx, catalogue, materialIds);
  await repo.writeMaterialsVersion(trx, `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`);
}

function caches(points: MaterialPoints): void {
  invalidateCatalogue();
  points.invalidateCaches();
}

function idsOf(rows: MaterialRow[], codes: (string | null)[]): number[] {
  return rows.filter((r) => codes.includes(r.code)).map((r) => r.id);
}

export async function createMaterialAdmin(
  db: Db,
  input: MaterialCreate,
  admin: AuthUser,
  points: MaterialPoints,
): Promise<AdminMaterial> {
  const created = await db.transaction().execute(async (trx) => {
    const rows = await repo.listMaterialRows(trx);
    if (rows.some((r) => r.code === input.code)) throw AppError.field('material-code-taken', 'code');
    checkInput(rows, input.code, input);
    const bit = Math.max(-1, ...rows.map((r) => r.bit)) + 1;
    if (bit > MAX_BIT || rows.length >= MATERIALS_MAX) throw new AppError('materials-full');
    const sort = input.sort ?? Math.max(0, ...rows.map((r) => r.sort)) + 10;
    const insertedId = await repo.insertMaterial(trx, { code: input.code, ...rowValues(input), bit, sort });
    // A new member of a group: points accepting the whole group accept it too (their mask gains its bit).
    await afterChange(trx, idsOf(rows, [input.parent_code]), points);
    const after = await getMaterialAdmin(trx, input.code, points);
    await recordAudit(trx, { actorId: admin.id, action: 'create', entity: 'material', entityId: insertedId, after });
    return after;
  });
  caches(points);
  return created;
}

export async function updateMaterialAdmin(
  db: Db,
  code: string,
  input: MaterialInput,
  admin: AuthUser,
  points: MaterialPoints,
): Promise<AdminMaterial> {
  const updated = await db.transaction().execute(async (trx) => {
    const before = await getMaterialAdmin(trx, code, points);
    const rows = await repo.listMaterialRows(trx);
    checkInput(rows, code, input);
    await repo.updateMaterialRow(trx, code, { ...rowValues(input), ...(input.sort !== undefined ? { sort: input.sort } : {}) });
    // Its points (names and keywords are in their search text) and, when it moves, the points
    // of its old and new group (their masks expand groups).
    await afterChange(trx, [before.id, ...idsOf(rows, [before.parent_code, input.parent_code])], points);
    const after = await getMaterialAdmin(trx, code, points);
    const onlyActive =
      before.active !== after.active &&
      JSON.stringify({ ...before, active: null, points_count: null }) === JSON.stringify({ ...after, active: null, points_count: null });
    const action = onlyActive ? (after.active ? 'activate' : 'deactivate') : 'update';
    await recordAudit(trx, { actorId: admin.id, action, entity: 'material', entityId: before.id, before, after });
    return after;
  });
  caches(points);
  return updated;
}

/** Deactivates (hidden from listings, codes stay valid) or reactivates a material. */
export async function setMaterialActive(
  db: Db,
  code: string,
  active: boolean,
  admin: AuthUser,
  points: MaterialPoints,
): Promise<AdminMaterial> {
  const current = await getMaterialAdmin(db, code, points);
  const { id: _id, code: _code, points_count: _n, created_at: _c, ...input } = current;
  return updateMaterialAdmin(db, code, { ...input, active }, admin, points);
}
