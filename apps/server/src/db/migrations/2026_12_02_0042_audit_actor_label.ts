import type { Kysely } from 'kysely';

/**
 * Who made a change that no account made: the command-line tools write `cli:<OS user>`.
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('actor_label', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('actor_label').execute();
}
