import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Social sign-in: the identities (provider + subject → user; user_id null while the
 * first sign-in is pending completion), the sign-in attempts in flight (state, nonce and PKCE
 * verifier kept server-side, bound to the browser, single use, 10 minutes) and the one-time
 * login codes and completion tickets handed to the web app (stored hashed). Frozen in time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('social_identities'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('given_name', 'text')
    .addColumn('family_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('linked_at', 'text')
    .addColumn('last_login_at', 'text')
    .addUniqueConstraint('social_identities_provider_subject_uq', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('social_identities_user_idx').on('social_identities').column('user_id').execute();

  await db.schema
    .createTable('social_auth_requests')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('social_auth_requests_expires_idx').on('social_auth_requests').column('expires_at').execute();

  await db.schema
    .createTable('social_tickets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('identity_id', 'integer', (c) => c.notNull().references('social_identities.id').onDelete('cascade'))
    .addColumn('kind', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('social_tickets_identity_idx').on('social_tickets').column('identity_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_tickets').execute();
  await db.schema.dropTable('social_auth_requests').execute();
  await db.schema.dropTable('social_identities').execute();
}
