import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import type {
  SocialAuthRequestsTable,
  SocialIdentitiesTable,
  SocialTicketsTable,
} from '../../db/types.js';

export type SocialIdentityRow = Selectable<SocialIdentitiesTable>;
export type SocialAuthRequestRow = Selectable<SocialAuthRequestsTable>;
export type SocialTicketRow = Selectable<SocialTicketsTable>;
export type SocialTicketPurpose = 'login' | 'complete';

// ---- sign-in attempts in flight ----

export async function insertAuthRequest(db: Db, values: Insertable<SocialAuthRequestsTable>): Promise<void> {
  await db.insertInto('social_auth_requests').values(values).execute();
}

/**
 * Takes (reads and deletes) the attempt of a state: whatever happens next, a state works once.
 * Undefined when unknown or already taken (a concurrent callback lost the race).
 */
export async function takeAuthRequest(db: Db, stateHash: string): Promise<SocialAuthRequestRow | undefined> {
  const row = await db.selectFrom('social_auth_requests').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
  if (!row) return undefined;
  const deleted = await db.deleteFrom('social_auth_requests').where('state_hash', '=', stateHash).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1 ? row : undefined;
}

// ---- identities ----

export function findIdentity(db: Db, provider: string, subject: string): Promise<SocialIdentityRow | undefined> {
  return db
    .selectFrom('social_identities')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function findIdentityById(db: Db, id: number): Promise<SocialIdentityRow | undefined> {
  return db.selectFrom('social_identities').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listIdentitiesOfUser(db: Db, userId: number): Promise<SocialIdentityRow[]> {
  return db.selectFrom('social_identities').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function insertIdentity(db: Db, values: Insertable<SocialIdentitiesTable>): Promise<SocialIdentityRow> {
  return db.insertInto('social_identities').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateIdentity(db: Db, id: number, values: Updateable<SocialIdentitiesTable>): Promise<void> {
  await db.updateTable('social_identities').set(values).where('id', '=', id).execute();
}

/** Links a pending identity to its new account; false when another request linked it first. */
export async function linkPendingIdentity(db: Db, id: number, userId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('social_identities')
    .set({ user_id: userId, linked_at: at, last_login_at: at, updated_at: at })
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteIdentitiesOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('social_identities').where('user_id', '=', userId).execute();
}

// ---- one-time codes and tickets ----

export async function insertTicket(db: Db, values: Insertable<SocialTicketsTable>): Promise<void> {
  await db.insertInto('social_tickets').values(values).execute();
}

export function findTicket(db: Db, tokenHash: string, purpose: SocialTicketPurpose): Promise<SocialTicketRow | undefined> {
  return db
    .selectFrom('social_tickets')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Marks a code or ticket used; false when it already was (single use, even under a race). */
export async function consumeTicket(db: Db, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('social_tickets')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new ticket replaces the identity's earlier unused ones of the same purpose. */
export async function expireTickets(db: Db, identityId: number, purpose: SocialTicketPurpose, at: string): Promise<void> {
  await db
    .updateTable('social_tickets')
    .set({ used_at: at })
    .where('identity_id', '=', identityId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

// ---- housekeeping ----

/**
 * Drops attempts and tickets past their end and pending identities nobody completed in
 * `pendingCutoff` (Ley 1581 de 2012: keep personal data no longer than its purpose needs).
 */
export async function purgeExpired(db: Db, now: string, pendingCutoff: string): Promise<void> {
  await db.deleteFrom('social_auth_requests').where('expires_at', '<', now).execute();
  await db.deleteFrom('social_tickets').where('expires_at', '<', now).execute();
  await db
    .deleteFrom('social_identities')
    .where('user_id', 'is', null)
    .where('updated_at', '<', pendingCutoff)
    .execute();
}

