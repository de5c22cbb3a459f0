import { DEFAULT_MIGRATION_TABLE, Migrator, NO_MIGRATIONS, sql, type MigrationResult } from 'kysely';
import type { DatabaseHandle } from './dialect.js';
import { migrationProvider } from './migrations/index.js';

export class MigrationError extends Error {}

function migrator({ db, schema }: Pick<DatabaseHandle, 'db' | 'schema'>): Migrator {
  // An explicit schema: Kysely otherwise finds its bookkeeping tables in any schema of the database.
  return new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

function check(results: MigrationResult[] | undefined, error: unknown): MigrationResult[] {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`Migration ${failed} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`, { cause: error });
  }
  return results ?? [];
}

/** Applies every pending migration; returns the names applied. */
export async function migrateToLatest(db: Pick<DatabaseHandle, 'db' | 'schema'>): Promise<string[]> {
  const { results, error } = await migrator(db).migrateToLatest();
  return check(results, error).map((r) => r.migrationName);
}

/** Reverts every migration (tests and `db:migrate -- --down`). */
export async function migrateDownAll(db: Pick<DatabaseHandle, 'db' | 'schema'>): Promise<string[]> {
  const { results, error } = await migrator(db).migrateTo(NO_MIGRATIONS);
  return check(results, error).map((r) => r.migrationName);
}

/**
 * Whether the database holds every migration this build ships (the readiness probe): one query
 * on the migrator's own table, no schema introspection. Migrations of a newer build do not
 * count against it (a rolling deploy migrates ahead of the instances still running). Rejects
 * when the table is not there yet.
 */
export async function migrationsApplied({ db, schema }: Pick<DatabaseHandle, 'db' | 'schema'>): Promise<boolean> {
  const names = Object.keys(await migrationProvider.getMigrations());
  const table = sql.table(schema ? `${schema}.${DEFAULT_MIGRATION_TABLE}` : DEFAULT_MIGRATION_TABLE);
  const { rows } = await sql<{ applied: number | string }>`
    select count(*) as applied from ${table} where name in (${sql.join(names)})`.execute(db);
  return Number(rows[0]?.applied) === names.length;
}
