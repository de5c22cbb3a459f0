import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ReportCategoriesTable } from '../../db/types.js';
import type { Executor } from '../../db/dialect.js';

export type ReportCategoryRow = Selectable<ReportCategoriesTable>;

/** Every category, in staff's order. */
export async function listCategoryRows(db: Executor): Promise<ReportCategoryRow[]> {
  return db.selectFrom('report_categories').selectAll().orderBy('position').orderBy('code').execute();
}

export async function findCategory(db: Executor, code: string): Promise<ReportCategoryRow | undefined> {
  return db.selectFrom('report_categories').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function insertCategory(db: Executor, row: Insertable<ReportCategoriesTable>): Promise<void> {
  await db.insertInto('report_categories').values(row).execute();
}

export async function updateCategory(db: Executor, code: string, patch: Updateable<ReportCategoriesTable>): Promise<void> {
  await db.updateTable('report_categories').set(patch).where('code', '=', code).execute();
}
