import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

// PQR. Frozen in time: no imports from the app.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per year; its last_value is bumped in the same transaction as the PQR insert,
  // so radicados are gapless and never repeat (the row lock serialises concurrent filings).
  await db.schema
    .createTable('pqr_counter')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('pqr'))
    .addColumn('radicado', 'text', (c) => c.notNull().unique())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('personal_data_kind', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('requester_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('document_number', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('answer_channel', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('filed_at', 'text', (c) => c.notNull())
    .addColumn('received_on', 'text', (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull())
    .addColumn('original_due_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('transfer_due_date', 'text', (c) => c.notNull())
    .addColumn('extension_reason', 'text')
    .addColumn('extended_at', 'text')
    .addColumn('extension_previous_due_date', 'text')
    .addColumn('paused_on', 'text')
    .addColumn('paused_business_days_left', 'integer')
    .addColumn('information_request', 'text')
    .addColumn('information_requested_at', 'text')
    .addColumn('assigned_to', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('answer_text', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('answered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('transfer_entity', 'text')
    .addColumn('transfer_reason', 'text')
    .addColumn('transferred_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('data_policy_accepted_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('pqr_year_sequence_uq', ['year', 'sequence'])
    .execute();
  await db.schema.createIndex('pqr_due_date_idx').on('pqr').columns(['status', 'due_date']).execute();
  await db.schema.createIndex('pqr_requester_idx').on('pqr').column('requester_user_id').execute();
  await db.schema.createIndex('pqr_filed_at_idx').on('pqr').column('filed_at').execute();

  await withId(db, db.schema.createTable('pqr_event'))
    .addColumn('pqr_id', 'integer', (c) => c.notNull().references('pqr.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    /** Who acted, kept even if the account goes away: a staff name, "Peticionario" or "Sistema". */
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    /** 1 = staff only (notes, assignments). */
    .addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pqr_event_pqr_idx').on('pqr_event').column('pqr_id').execute();

  // A file belongs to at most one PQR (the unique file_id), as a filing, answer or reply attachment.
  await withId(db, db.schema.createTable('pqr_attachment'))
    .addColumn('pqr_id', 'integer', (c) => c.notNull().references('pqr.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.references('pqr_event.id').onDelete('set null'))
    .addColumn('file_id', 'integer', (c) => c.notNull().unique().references('files.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pqr_attachment_pqr_idx').on('pqr_attachment').column('pqr_id').execute();

  // Anonymous uploads made from the PQR form: the hashed key ties them to the browser that sent them.
  await withId(db, db.schema.createTable('pqr_upload'))
    .addColumn('file_id', 'integer', (c) => c.notNull().unique().references('files.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pqr_upload_key_idx').on('pqr_upload').column('key_hash').execute();

  // Admin-editable calendar exceptions on top of weekends and public holidays.
  await db.schema
    .createTable('pqr_calendar_day')
    .addColumn('date', 'text', (c) => c.primaryKey())
    .addColumn('is_working', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pqr_calendar_day').execute();
  await db.schema.dropTable('pqr_upload').execute();
  await db.schema.dropTable('pqr_attachment').execute();
  await db.schema.dropTable('pqr_event').execute();
  await db.schema.dropTable('pqr').execute();
  await db.schema.dropTable('pqr_counter').execute();
}
