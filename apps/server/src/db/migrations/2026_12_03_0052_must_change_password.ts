import type { Kysely } from 'kysely';

/**
 * An account whose password was generated for it (admin:create without --password) must set its
 * own before anything else. Frozen in time: no app imports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
}
