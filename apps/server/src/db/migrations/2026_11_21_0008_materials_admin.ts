import type { Kysely } from 'kysely';

/**
 * Materials back office: materials can be deactivated instead of deleted (points,
 * containers, campaigns and requests keep referring to their codes). Portable INTEGER 0/1.
 * Frozen in time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('materials')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('materials').dropColumn('active').execute();
}
