import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Push notifications: the kind of each notification record, Web Push / FCM devices, the
 * delivery outbox written in the same transaction as the record, preferences per kind and
 * channel with quiet hours, staff broadcasts and once-only scheduled jobs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('kind', 'text', (c) => c.notNull().defaultTo('general')).execute();
  await db.schema.alterTable('notifications').addColumn('broadcast_id', 'integer').execute();

  // The push service endpoint (Web Push) or the registration token (FCM): one device each.
  await db.schema.alterTable('devices').addColumn('endpoint', 'text').execute();
  await db.schema.createIndex('devices_endpoint_idx').on('devices').column('endpoint').execute();

  await withId(db, db.schema.createTable('notification_deliveries'))
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    // push: one row per device; email: device_id is null.
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
    // pending | sent | failed | gone | skipped
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('clicked_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('broadcast_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notification_deliveries_due_idx')
    .on('notification_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('notification_deliveries_notification_idx')
    .on('notification_deliveries')
    .column('notification_id')
    .execute();
  await db.schema
    .createIndex('notification_deliveries_broadcast_idx')
    .on('notification_deliveries')
    .columns(['broadcast_id', 'status'])
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind', 'channel'])
    .execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('quiet_enabled', 'integer', (c) => c.notNull())
    // HH:MM, Bogotá time
    .addColumn('quiet_start', 'text', (c) => c.notNull())
    .addColumn('quiet_end', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('notification_broadcasts'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    // all | tc_id | city
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('audience_value', 'text')
    .addColumn('send_at', 'text', (c) => c.notNull())
    // scheduled | sent | cancelled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('notification_broadcasts_due_idx')
    .on('notification_broadcasts')
    .columns(['status', 'send_at'])
    .execute();

  // Scheduled jobs that must run once (a campaign's reminder): the key is claimed by inserting it.
  await db.schema
    .createTable('notification_jobs')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('done_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_jobs').execute();
  await db.schema.dropTable('notification_broadcasts').execute();
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('notification_deliveries').execute();
  await db.schema.dropIndex('devices_endpoint_idx').execute();
  await db.schema.alterTable('devices').dropColumn('endpoint').execute();
  await db.schema.alterTable('notifications').dropColumn('broadcast_id').execute();
  await db.schema.alterTable('notifications').dropColumn('kind').execute();
}
