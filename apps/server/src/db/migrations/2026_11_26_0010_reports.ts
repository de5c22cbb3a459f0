import type { Kysely } from 'kysely';
import { DOUBLE, withId } from './helpers.js';

/**
 * Incident reports: numbered reports with photos, followers and a timeline, and the API keys
 * of the Open311 GeoReport v2 adapter. Frozen in time: no app imports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per year; bumped in the transaction that inserts the report (gapless numbers).
  await db.schema
    .createTable('report_counter')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('reports'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('lat', DOUBLE, (c) => c.notNull())
    .addColumn('lng', DOUBLE, (c) => c.notNull())
    .addColumn('point_id', 'integer', (c) => c.references('points.id').onDelete('set null'))
    .addColumn('container_id', 'integer', (c) => c.references('containers.id').onDelete('set null'))
    .addColumn('reporter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // Kept for reports filed through Open311 by people without an account.
    .addColumn('reporter_name', 'text', (c) => c.notNull())
    .addColumn('reporter_email', 'text')
    .addColumn('reporter_phone', 'text')
    // app | open311
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    // A photo link sent through Open311 (media_url); app photos are files in report_photos.
    .addColumn('media_url', 'text')
    .addColumn('duplicate_of_id', 'integer', (c) => c.references('reports.id').onDelete('set null'))
    .addColumn('status_notes', 'text')
    .addColumn('assigned_to', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('follow_up_sent_at', 'text')
    // si | no
    .addColumn('follow_up_answer', 'text')
    .addColumn('follow_up_answered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('reports_year_sequence_uq', ['year', 'sequence'])
    .execute();
  // Duplicate lookup: same category, a small latitude band, then longitude and status (index only).
  await db.schema.createIndex('reports_category_lat_idx').on('reports').columns(['category', 'lat', 'lng', 'status']).execute();
  // Map viewport: the box, the status filter, the count and the sort keys all from the index.
  await db.schema.createIndex('reports_lat_lng_idx').on('reports').columns(['lat', 'lng', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('reports_created_idx').on('reports').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('reports_status_created_idx').on('reports').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('reports_reporter_idx').on('reports').columns(['reporter_id', 'created_at']).execute();
  await db.schema.createIndex('reports_point_idx').on('reports').columns(['point_id', 'status']).execute();
  await db.schema.createIndex('reports_container_idx').on('reports').columns(['container_id', 'status']).execute();
  await db.schema.createIndex('reports_follow_up_idx').on('reports').columns(['status', 'resolved_at']).execute();

  await db.schema
    .createTable('report_photos')
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().unique().references('files.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    // 1 = staff hid it from the public (a face, a licence plate).
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('report_photos_pk', ['report_id', 'file_id'])
    .execute();

  await withId(db, db.schema.createTable('report_events'))
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    // created | status | note | follow | follow_up | assignment | photo
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    // 1 = handlers only (internal notes, assignments).
    .addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_events_report_idx').on('report_events').columns(['report_id', 'id']).execute();

  await db.schema
    .createTable('report_followers')
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_followers_pk', ['report_id', 'user_id'])
    .execute();
  await db.schema.createIndex('report_followers_user_idx').on('report_followers').columns(['user_id', 'report_id']).execute();

  await withId(db, db.schema.createTable('open311_keys'))
    .addColumn('name', 'text', (c) => c.notNull())
    // SHA-256 of the key; the key itself is shown once.
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('open311_keys').execute();
  await db.schema.dropTable('report_followers').execute();
  await db.schema.dropTable('report_events').execute();
  await db.schema.dropTable('report_photos').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('report_counter').execute();
}
