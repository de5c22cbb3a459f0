import type { Kysely } from 'kysely';
import { DOUBLE, withId } from './helpers.js';

/**
 * Campaigns (+ materials, participants), allies and adhered members, FAQ and the
 * back office's audit log. The about page lives in app_setting (key `content.about`).
 * `point_id` and material codes are plain values (the points feature owns those tables).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('allies'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('benefits', 'text', (c) => c.notNull())
    .addColumn('website', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('lat', DOUBLE)
    .addColumn('lng', DOUBLE)
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('allies_kind_idx').on('allies').columns(['kind', 'category']).execute();

  await withId(db, db.schema.createTable('campaigns'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('image_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('point_id', 'integer')
    .addColumn('place_name', 'text')
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('lat', DOUBLE)
    .addColumn('lng', DOUBLE)
    .addColumn('organiser_ally_id', 'integer', (c) => c.references('allies.id').onDelete('set null'))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaigns_dates_idx').on('campaigns').columns(['ends_at', 'starts_at']).execute();

  await db.schema
    .createTable('campaign_materials')
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('material_code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_materials_pk', ['campaign_id', 'material_code'])
    .execute();

  await db.schema
    .createTable('campaign_participants')
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_participants_pk', ['campaign_id', 'user_id'])
    .execute();
  await db.schema.createIndex('campaign_participants_user_idx').on('campaign_participants').column('user_id').execute();

  await withId(db, db.schema.createTable('faq_items'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id']).execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('faq_items').execute();
  await db.schema.dropTable('campaign_participants').execute();
  await db.schema.dropTable('campaign_materials').execute();
  await db.schema.dropTable('campaigns').execute();
  await db.schema.dropTable('allies').execute();
}
