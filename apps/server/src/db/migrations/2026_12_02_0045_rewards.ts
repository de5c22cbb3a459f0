import type { Kysely } from 'kysely';
import { DOUBLE, withId } from './helpers.js';

/**
 * Rewards: the earning table per material (a new row per change, applied from its date), the
 * append-only points ledger and each account's running balance (kept in the ledger's
 * transactions, checked against it by `rewards:verify`), earnings held for staff review, the
 * allies' offers, redemptions with their single-use codes, and the ally staff accounts.
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('reward_rates'))
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id').onDelete('cascade'))
    .addColumn('points_per_kg', 'integer', (c) => c.notNull())
    // Kilos of this material in one pickup above which its points wait for staff review.
    .addColumn('max_kg_per_pickup', DOUBLE, (c) => c.notNull())
    // Bogotá calendar day (YYYY-MM-DD) from which the rate applies.
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reward_rates_material_from')
    .on('reward_rates')
    .columns(['material_id', 'effective_from', 'id'])
    .execute();

  await db.schema
    .createTable('reward_balances')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('reward_ledger'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // earned | redeemed | reversed | expired | adjusted
    .addColumn('kind', 'text', (c) => c.notNull())
    // Signed: what the entry adds to the balance.
    .addColumn('points', 'integer', (c) => c.notNull())
    // What caused it: pickup | redemption | hold | adjustment | entry
    .addColumn('cause_type', 'text', (c) => c.notNull())
    .addColumn('cause_id', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // Bogotá month (YYYY-MM) of the entry: the monthly cap and the figures group by it.
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reward_ledger_user').on('reward_ledger').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('reward_ledger_cause').on('reward_ledger').columns(['cause_type', 'cause_id']).execute();

  await withId(db, db.schema.createTable('reward_holds'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('request_id', 'integer', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // JSON array of Spanish reasons
    .addColumn('reasons', 'text', (c) => c.notNull())
    // pending | approved | rejected | superseded
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'text')
    .addColumn('review_note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reward_holds_status').on('reward_holds').columns(['status', 'id']).execute();
  await db.schema.createIndex('reward_holds_request').on('reward_holds').columns(['request_id']).execute();

  await withId(db, db.schema.createTable('reward_offers'))
    .addColumn('ally_id', 'integer', (c) => c.notNull().references('allies.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('picture_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('cost_points', 'integer', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull())
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_to', 'text', (c) => c.notNull())
    .addColumn('per_person_limit', 'integer', (c) => c.notNull())
    // pending | approved | rejected
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('review_note', 'text')
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reward_offers_ally').on('reward_offers').columns(['ally_id', 'id']).execute();

  await withId(db, db.schema.createTable('reward_redemptions'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('offer_id', 'integer', (c) => c.notNull().references('reward_offers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('points', 'integer', (c) => c.notNull())
    // reserved | confirmed | expired
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('confirmed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reward_redemptions_due')
    .on('reward_redemptions')
    .columns(['status', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('reward_redemptions_offer_user')
    .on('reward_redemptions')
    .columns(['offer_id', 'user_id'])
    .execute();
  await db.schema.createIndex('reward_redemptions_user').on('reward_redemptions').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('reward_ally_staff')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('ally_id', 'integer', (c) => c.notNull().references('allies.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reward_ally_staff').execute();
  await db.schema.dropTable('reward_redemptions').execute();
  await db.schema.dropTable('reward_offers').execute();
  await db.schema.dropTable('reward_holds').execute();
  await db.schema.dropTable('reward_ledger').execute();
  await db.schema.dropTable('reward_balances').execute();
  await db.schema.dropTable('reward_rates').execute();
}
