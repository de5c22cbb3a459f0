import type { AllyCategory, AllyKind } from '@puntoverde/contract';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/dialect.js';
import type { AlliesTable } from '../../db/types.js';
import { likePattern } from '../../lib/like-pattern.js';

export type AllyRow = Selectable<AlliesTable>;
export type AllyValues = Omit<AlliesTable, 'id' | 'published' | 'created_at' | 'updated_at'> & { published: number };

export type AllyFilter = {
  kind?: AllyKind | undefined;
  category?: AllyCategory | undefined;
  q?: string | undefined;
  includeUnpublished: boolean;
};

function filtered(db: Executor, f: AllyFilter) {
  let query = db.selectFrom('allies');
  if (!f.includeUnpublished) query = query.where('allies.published', '=', 1);
  if (f.kind) query = query.where('allies.kind', '=', f.kind);
  if (f.category) query = query.where('allies.category', '=', f.category);
  if (f.q) {
    const pattern = likePattern(f.q);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(allies.name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(allies.description)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(allies.benefits)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

export async function listAllies(
  db: Executor,
  f: AllyFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AllyRow[]; total: number }> {
  const { total } = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, f)
    .selectAll('allies')
    .orderBy(sql`lower(allies.name)`)
    .orderBy('allies.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: Number(total) };
}

export async function findAlly(db: Executor, id: number, includeUnpublished: boolean): Promise<AllyRow | undefined> {
  let query = db
    .selectFrom('allies')
    .selectAll('allies')
    .where('allies.id', '=', id);
  if (!includeUnpublished) query = query.where('allies.published', '=', 1);
  return query.executeTakeFirst();
}

/** Names of allies by id, in one query. */
export async function findAllyNames(db: Executor, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return db.selectFrom('allies').select(['id', 'name']).where('id', 'in', [...ids]).execute();
}

export async function insertAlly(db: Executor, values: AllyValues & { created_at: string; updated_at: string }) {
  const row = await db.insertInto('allies').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAllyRow(db: Executor, id: number, values: AllyValues & { updated_at: string }) {
  await db.updateTable('allies').set(values).where('id', '=', id).execute();
}

export async function deleteAllyRow(db: Executor, id: number) {
  await db.deleteFrom('allies').where('id', '=', id).execute();
}
