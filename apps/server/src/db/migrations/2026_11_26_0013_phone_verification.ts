import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Phone verification by SMS code: when the user's phone was confirmed, and the codes sent
 * (keyed hash only, 10 minutes, 5 tries, single use; the rows also count the sends per hour
 * per account and per number). The scheme setting lives in app_setting. Frozen in time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('phone_verified_at', 'text').execute();

  await withId(db, db.schema.createTable('phone_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('phone_codes_user_idx').on('phone_codes').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('phone_codes_phone_idx').on('phone_codes').columns(['phone', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phone_codes').execute();
  await db.schema.alterTable('users').dropColumn('phone_verified_at').execute();
}
