import type { Kysely, Transaction } from 'kysely';
import { findAppSetting, writeAppSetting } from '../../db/app-settings.js';
import { nowIso } from '../../db/dialect.js';
import type { Database } from '../../db/types.js';

/** Queries of the staff-editable content: the FAQ and the about page (one app_setting row). */
type Executor = Kysely<Database> | Transaction<Database>;

export function findSetting(db: Executor, key: string): Promise<{ value: string; updated_at: string } | undefined> {
  return findAppSetting(db, key);
}

export async function saveSetting(db: Executor, key: string, value: string): Promise<void> {
  await writeAppSetting(db, key, value);
}

const FAQ_COLUMNS = ['id', 'question', 'answer', 'position', 'published', 'updated_at'] as const;

export type FaqRow = { id: number; question: string; answer: string; position: number; published: number; updated_at: string };

/** FAQ items in their order (unpublished ones only when asked). */
export async function findFaqItems(db: Executor, includeUnpublished: boolean): Promise<FaqRow[]> {
  let q = db.selectFrom('faq_items').select(FAQ_COLUMNS);
  if (!includeUnpublished) q = q.where('published', '=', 1);
  return q.orderBy('position').orderBy('id').execute();
}

export async function findFaqItem(db: Executor, id: number): Promise<FaqRow | undefined> {
  return db.selectFrom('faq_items').select(FAQ_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type FaqValues = { question: string; answer: string; position: number; published: number };

export async function insertFaqItem(db: Executor, values: FaqValues): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('faq_items')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateFaqItem(db: Executor, id: number, values: FaqValues): Promise<void> {
  await db
    .updateTable('faq_items')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function deleteFaqItem(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('faq_items').where('id', '=', id).execute();
}
