import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Missed visits of a pickup: when a coordinator sends a stop marked "no estaba" out again, the
 * missed attempt (who went, when, why nobody could hand the material over) is kept here and the
 * stop row becomes the new attempt. `attempt` numbers a pickup's attempts from 1.
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('recycler_stop_attempts'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('pickup_requests.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('recycler_members.id').onDelete('cascade'))
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .addColumn('outcome_reason', 'text', (c) => c.notNull())
    .addColumn('outcome_note', 'text')
    .addColumn('outcome_at', 'text', (c) => c.notNull())
    // who sent the pickup out again, and when
    .addColumn('retried_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('retried_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('recycler_stop_attempts_request_attempt', ['request_id', 'attempt'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recycler_stop_attempts').execute();
}
