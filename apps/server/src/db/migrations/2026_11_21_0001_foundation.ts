import type { Kysely } from 'kysely';
import { DOUBLE, withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('tc_id', 'integer', (c) => c.notNull())
    .addColumn('id_empresa', 'integer', (c) => c.references('users.id'))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('company_name', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('document_type', 'text')
    .addColumn('document_number', 'text')
    .addColumn('phone', 'text')
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('lat', DOUBLE)
    .addColumn('lng', DOUBLE)
    .addColumn('email_verified_at', 'text')
    .addColumn('data_policy_version', 'text')
    .addColumn('data_policy_accepted_at', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('users_id_empresa_idx').on('users').column('id_empresa').execute();

  await withId(db, db.schema.createTable('files'))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_owner_idx').on('files').column('owner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('files').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('app_setting').execute();
}
