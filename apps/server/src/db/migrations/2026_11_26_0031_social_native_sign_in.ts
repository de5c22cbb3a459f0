import type { Kysely } from 'kysely';

/**
 * Social sign-in from the Android/iOS app (RFC 8252): an attempt started by the app keeps the
 * app's PKCE challenge; its login code or ticket is bound to it instead of a browser cookie and
 * handed over through the app's deep link. Frozen in time: no app imports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('social_auth_requests').addColumn('native_challenge', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('social_auth_requests').dropColumn('native_challenge').execute();
}
