import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './2026_11_21_0001_foundation.js';

/**
 * Every migration, in order. Names sort by date; add new ones at the end with the next
 * timestamp. A static list (not a folder scan) so bundlers and tsx treat them alike.
 */
const migrations: Record<string, Migration> = {
  '2026_11_21_0001_foundation': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
