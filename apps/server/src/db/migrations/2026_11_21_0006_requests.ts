import type { Kysely } from 'kysely';
import { DOUBLE, withId } from './helpers.js';

/**
 * Pickup requests, their items, photos and timeline; in-app notifications; single-use tickets
 * for the live-updates stream; branch invitations. Frozen in time: no app imports.
 *
 * `pickup_request_items` doubles as the ledger of collected kilograms: each row carries the
 * requester, the company (the head's id, for the head and its branches), the point, the material
 * and the Bogotá day of the collection, each indexed, so per-user, per-company, per-point and
 * per-material totals are one indexed SUM.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('pickup_requests'))
    .addColumn('requester_id', 'integer', (c) => c.notNull().references('users.id'))
    // The company head's id when a head or one of its branches asked; null for households.
    .addColumn('company_id', 'integer', (c) => c.references('users.id'))
    .addColumn('point_id', 'integer', (c) => c.notNull().references('points.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('lat', DOUBLE, (c) => c.notNull())
    .addColumn('lng', DOUBLE, (c) => c.notNull())
    .addColumn('preferred_date', 'text', (c) => c.notNull())
    .addColumn('time_window', 'text', (c) => c.notNull())
    // The day the pickup is expected (Bogotá): the scheduled day once programmed, else the preferred one.
    .addColumn('pickup_date', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('scheduled_at', 'text')
    .addColumn('rejection_reason', 'text')
    .addColumn('cancellation_reason', 'text')
    .addColumn('collected_at', 'text')
    .addColumn('total_estimated_kg', DOUBLE, (c) => c.notNull().defaultTo(0))
    .addColumn('total_actual_kg', DOUBLE)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pickup_requests_requester_idx').on('pickup_requests').columns(['requester_id', 'created_at']).execute();
  await db.schema.createIndex('pickup_requests_company_idx').on('pickup_requests').columns(['company_id', 'created_at']).execute();
  await db.schema
    .createIndex('pickup_requests_point_idx')
    .on('pickup_requests')
    .columns(['point_id', 'status', 'pickup_date'])
    .execute();

  await withId(db, db.schema.createTable('pickup_request_items'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('pickup_requests.id').onDelete('cascade'))
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
    .addColumn('estimated_kg', DOUBLE)
    .addColumn('units', 'integer')
    .addColumn('actual_kg', DOUBLE)
    .addColumn('requester_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer')
    .addColumn('point_id', 'integer', (c) => c.notNull())
    .addColumn('collected_at', 'text')
    // YYYY-MM-DD (Bogotá) of the collection: daily/monthly totals without date arithmetic in SQL.
    .addColumn('collected_on', 'text')
    .execute();
  await db.schema.createIndex('pickup_request_items_request_idx').on('pickup_request_items').column('request_id').execute();
  await db.schema
    .createIndex('pickup_request_items_requester_idx')
    .on('pickup_request_items')
    .columns(['requester_id', 'collected_on'])
    .execute();
  await db.schema
    .createIndex('pickup_request_items_company_idx')
    .on('pickup_request_items')
    .columns(['company_id', 'collected_on'])
    .execute();
  await db.schema
    .createIndex('pickup_request_items_point_idx')
    .on('pickup_request_items')
    .columns(['point_id', 'collected_on'])
    .execute();
  await db.schema
    .createIndex('pickup_request_items_material_idx')
    .on('pickup_request_items')
    .columns(['material_id', 'collected_on'])
    .execute();

  await db.schema
    .createTable('pickup_request_photos')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('pickup_requests.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pickup_request_photos_pk', ['request_id', 'file_id'])
    .execute();
  await db.schema.createIndex('pickup_request_photos_file_idx').on('pickup_request_photos').column('file_id').execute();

  await withId(db, db.schema.createTable('pickup_request_events'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('pickup_requests.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // Kept so the timeline still names the actor if the account goes away.
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('scheduled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pickup_request_events_request_idx').on('pickup_request_events').columns(['request_id', 'id']).execute();

  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('events_tickets')
    // SHA-256 of the ticket (base64url); the ticket itself is never stored.
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_tickets_expires_idx').on('events_tickets').column('expires_at').execute();

  await withId(db, db.schema.createTable('branch_invitations'))
    .addColumn('branch_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('branch_invitations_branch_idx').on('branch_invitations').column('branch_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('branch_invitations').execute();
  await db.schema.dropTable('events_tickets').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('pickup_request_events').execute();
  await db.schema.dropTable('pickup_request_photos').execute();
  await db.schema.dropTable('pickup_request_items').execute();
  await db.schema.dropTable('pickup_requests').execute();
}
