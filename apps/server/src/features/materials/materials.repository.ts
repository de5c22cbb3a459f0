import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/dialect.js';
import { findAppSetting, writeAppSetting } from '../../db/app-settings.js';
import type { Database } from '../../db/types.js';

/** Queries of the materials catalogue. Each takes `db` or a transaction first and returns rows. */
export type Executor = Kysely<Database> | Transaction<Database>;

export async function listMaterialRows(db: Executor) {
  return db.selectFrom('materials').selectAll().orderBy('sort').execute();
}

export type MaterialRow = Awaited<ReturnType<typeof listMaterialRows>>[number];

export async function findMaterialByCode(db: Executor, code: string): Promise<MaterialRow | undefined> {
  return db.selectFrom('materials').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The materials of these codes (active or not), for checking and naming what a record refers to. */
export function findMaterialsByCodes(db: Executor, codes: string[]) {
  if (!codes.length) return Promise.resolve([]);
  return db
    .selectFrom('materials')
    .select(['id', 'code', 'parent_code', 'name_es', 'name_en'])
    .where('code', 'in', codes)
    .execute();
}

export type MaterialValues = {
  name_es: string;
  name_en: string;
  parent_code: string | null;
  bin_color: string | null;
  osm_keys: string;
  keywords: string;
  active: number;
};

export async function insertMaterial(db: Executor, row: MaterialValues & { code: string; bit: number; sort: number }): Promise<number> {
  const inserted = await db
    .insertInto('materials')
    .values({ ...row, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateMaterialRow(db: Executor, code: string, set: MaterialValues & { sort?: number }): Promise<void> {
  await db.updateTable('materials').set(set).where('code', '=', code).execute();
}

const VERSION_KEY = 'materials.version';

/** Changes whenever the catalogue changes: each process's in-memory catalogue compares it. */
export async function readMaterialsVersion(db: Executor): Promise<string> {
  return (await findAppSetting(db, VERSION_KEY))?.value ?? '0';
}

export async function writeMaterialsVersion(db: Executor, value: string): Promise<void> {
  await writeAppSetting(db, VERSION_KEY, value);
}
