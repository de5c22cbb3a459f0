import type { AllyCategory, AllyKind } from '@puntoverde/contract';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/dialect.js';
import type { AlliesTable, AllyPointsOfSaleTable } from '../../db/types.js';
import { likePattern } from '../../lib/like-pattern.js';

export type AllyRow = Selectable<AlliesTable>;
export type PointOfSaleRow = Selectable<AllyPointsOfSaleTable>;
export type PointOfSaleValues = Pick<AllyPointsOfSaleTable, 'name' | 'address' | 'city' | 'lat' | 'lng'>;
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

// ---- points of sale ----

/** The points of sale of these allies, in the order they were added. */
export async function listPointsOfSale(db: Executor, allyIds: readonly number[]): Promise<PointOfSaleRow[]> {
  if (!allyIds.length) return [];
  return db
    .selectFrom('ally_points_of_sale')
    .selectAll()
    .where('ally_id', 'in', [...allyIds])
    .orderBy('ally_id')
    .orderBy('id')
    .execute();
}

/** Allies' own address and position, for the ones with no point of sale listed. */
export async function findAllyPlaces(
  db: Executor,
  ids: readonly number[],
): Promise<Pick<AllyRow, 'id' | 'name' | 'address' | 'city' | 'lat' | 'lng'>[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('allies')
    .select(['id', 'name', 'address', 'city', 'lat', 'lng'])
    .where('id', 'in', [...ids])
    .execute();
}

export async function findPointOfSale(db: Executor, allyId: number, id: number): Promise<PointOfSaleRow | undefined> {
  return db
    .selectFrom('ally_points_of_sale')
    .selectAll()
    .where('id', '=', id)
    .where('ally_id', '=', allyId)
    .executeTakeFirst();
}

export async function countPointsOfSale(db: Executor, allyId: number): Promise<number> {
  const { n } = await db
    .selectFrom('ally_points_of_sale')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ally_id', '=', allyId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertPointOfSale(
  db: Executor,
  values: PointOfSaleValues & { ally_id: number; created_at: string; updated_at: string },
): Promise<number> {
  const row = await db.insertInto('ally_points_of_sale').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePointOfSaleRow(
  db: Executor,
  id: number,
  values: PointOfSaleValues & { updated_at: string },
): Promise<void> {
  await db.updateTable('ally_points_of_sale').set(values).where('id', '=', id).execute();
}

export async function deletePointOfSaleRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('ally_points_of_sale').where('id', '=', id).execute();
}
