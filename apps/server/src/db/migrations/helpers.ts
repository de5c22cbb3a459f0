import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Helpers for migrations only. Keep them stable: migrations are frozen in time.

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key named `id` on both dialects. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Floating point type with double precision on both dialects. */
export const DOUBLE = 'double precision' as const;
