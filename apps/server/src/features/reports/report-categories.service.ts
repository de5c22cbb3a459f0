import {
  type ReportCategoryCreate,
  type ReportCategoryUpdate,
  type ReportCategoryView,
  REPORT_CATEGORY_CODE_PATTERN,
  type ZReportCategoryCreate,
  type ZReportCategoryUpdate,
} from '@puntoverde/contract';
import type { z } from 'zod';
import { nowIso, type Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import * as repo from './report-categories.repository.js';

/**
 * Report categories are data staff edit: create, rename, disable and order. Codes never change
 * (reports and Open311 service codes keep them) and categories are disabled, never deleted, so
 * old reports keep their name. Every change is audited in the same transaction.
 *
 * The list is tiny and read on every report view: it is kept in memory per database, dropped at
 * once when this instance edits it, and re-read after {@link CATEGORY_TTL_MS} (other instances).
 */
const CATEGORY_TTL_MS = 30_000;
const cache = new WeakMap<object, { at: number; rows: Promise<ReportCategoryView[]> }>();

export type { ReportCategoryCreate, ReportCategoryUpdate };

function toView(row: repo.ReportCategoryRow): ReportCategoryView {
  return {
    code: row.code,
    label: row.label,
    description: row.description,
    asks_container: Number(row.asks_container) === 1,
    position: row.position,
    active: Number(row.active) === 1,
  };
}

/** Every category (active or not), in staff's order. */
export function allCategories(db: Executor): Promise<ReportCategoryView[]> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CATEGORY_TTL_MS) return hit.rows;
  const rows = repo.listCategoryRows(db).then((r) => r.map(toView));
  const entry = { at: Date.now(), rows };
  cache.set(db, entry);
  rows.catch(() => {
    if (cache.get(db) === entry) cache.delete(db);
  });
  return rows;
}

export async function activeCategories(db: Executor): Promise<ReportCategoryView[]> {
  return (await allCategories(db)).filter((c) => c.active);
}

/** code → current name, for views (an unknown code shows as itself). */
export async function categoryLabels(db: Executor): Promise<Map<string, string>> {
  return new Map((await allCategories(db)).map((c) => [c.code, c.label]));
}

/** The category a new report may use: it exists and is active (400 on `field` otherwise). */
export async function requireActiveCategory(db: Executor, code: string, field = 'category'): Promise<ReportCategoryView> {
  const found = (await allCategories(db)).find((c) => c.code === code && c.active);
  if (!found) throw AppError.field('report-category-invalid', field);
  return found;
}

function dropCache(db: object): void {
  cache.delete(db);
}

/** `Poda de árboles` → `poda_de_arboles`. */
export function codeFromLabel(label: string): string {
  const code = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^[0-9_]+/, '')
    .slice(0, 40)
    .replace(/_+$/, '');
  return REPORT_CATEGORY_CODE_PATTERN.test(code) ? code : `categoria_${Date.now().toString(36)}`;
}

type Create = z.output<typeof ZReportCategoryCreate>;
type Update = z.output<typeof ZReportCategoryUpdate>;

export async function createCategory(db: Executor, input: Create, admin: AuthUser): Promise<ReportCategoryView> {
  const code = input.code ?? codeFromLabel(input.label);
  const created = await db.transaction().execute(async (trx) => {
    if (await repo.findCategory(trx, code)) throw AppError.field('report-category-code-taken', input.code ? 'code' : 'label');
    const rows = await repo.listCategoryRows(trx);
    const at = nowIso();
    await repo.insertCategory(trx, {
      code,
      label: input.label,
      description: input.description,
      asks_container: input.asks_container ? 1 : 0,
      active: input.active ? 1 : 0,
      position: Math.max(0, ...rows.map((r) => r.position)) + 10,
      created_at: at,
      updated_at: at,
    });
    const after = toView((await repo.findCategory(trx, code))!);
    await recordAudit(trx, { actorId: admin.id, action: 'create', entity: 'report_category', entityId: code, after });
    return after;
  });
  dropCache(db);
  return created;
}

/** Rename, describe, enable or disable (the code stays). */
export async function updateCategory(db: Executor, code: string, input: Update, admin: AuthUser): Promise<ReportCategoryView> {
  const updated = await db.transaction().execute(async (trx) => {
    const row = await repo.findCategory(trx, code);
    if (!row) throw new AppError('report-category-not-found');
    const before = toView(row);
    await repo.updateCategory(trx, code, {
      label: input.label,
      description: input.description,
      asks_container: input.asks_container ? 1 : 0,
      active: input.active ? 1 : 0,
      updated_at: nowIso(),
    });
    const after = toView((await repo.findCategory(trx, code))!);
    const onlyActive = before.active !== after.active && JSON.stringify({ ...before, active: null }) === JSON.stringify({ ...after, active: null });
    const action = onlyActive ? (after.active ? 'activate' : 'deactivate') : 'update';
    await recordAudit(trx, { actorId: admin.id, action, entity: 'report_category', entityId: code, before, after });
    return after;
  });
  dropCache(db);
  return updated;
}

/** A new order: `codes` lists every category once, first to last. */
export async function orderCategories(db: Executor, codes: string[], admin: AuthUser): Promise<ReportCategoryView[]> {
  const ordered = await db.transaction().execute(async (trx) => {
    const rows = await repo.listCategoryRows(trx);
    const known = new Set(rows.map((r) => r.code));
    if (codes.length !== rows.length || new Set(codes).size !== codes.length || codes.some((c) => !known.has(c))) {
      throw AppError.field('validation-failed', 'codes', 'Indica cada categoría una sola vez, en el orden que quieres.');
    }
    const before = rows.map((r) => r.code);
    const at = nowIso();
    for (const [i, code] of codes.entries()) await repo.updateCategory(trx, code, { position: (i + 1) * 10, updated_at: at });
    await recordAudit(trx, { actorId: admin.id, action: 'reorder', entity: 'report_category', entityId: null, before, after: codes });
    return (await repo.listCategoryRows(trx)).map(toView);
  });
  dropCache(db);
  return ordered;
}
