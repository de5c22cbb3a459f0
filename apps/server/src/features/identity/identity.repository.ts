import { TC_ID } from '@puntoverde/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import type { AuthTokensTable, ConsentsTable, DevicesTable, SessionsTable, UsersTable } from '../../db/types.js';

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type AuthTokenRow = Selectable<AuthTokensTable>;
export type ConsentRow = Selectable<ConsentsTable>;

export type AuthTokenPurpose = 'reset-password' | 'verify-email';

// ---- users ----

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Users by id (a batch lookup: one query for a page of rows of another feature). */
export function findUsersByIds(db: Db, ids: readonly number[]): Promise<UserRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** Live staff accounts (active admins, not deleted), by name. */
export function listActiveAdmins(db: Db): Promise<Pick<UserRow, 'id' | 'name' | 'email'>[]> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('is_admin', '=', 1)
    .where('active', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .execute();
}

/** Whether the user may still act: active and not deleted. */
export async function isUserActive(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('active', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The branch offices of a company head (live ones, by name). */
export function listBranchesOf(db: Db, headId: number): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id_empresa', '=', headId)
    .where('tc_id', '=', TC_ID.company)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Every account under a company head (branches of any kind, deleted ones included), by name. */
export function listAccountsOfCompany(db: Db, headId: number): Promise<Pick<UserRow, 'id' | 'name'>[]> {
  return db.selectFrom('users').select(['id', 'name']).where('id_empresa', '=', headId).orderBy('name').execute();
}

/** Any row holding the e-mail (deleted accounts are anonymised, so a match is a live account). */
export function findUserHoldingEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** A live (not deleted) user by lower-cased e-mail. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function emailExists(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** A company head (not a branch) already registered with this NIT. */
export async function companyNitExists(db: Db, nit: string, exceptUserId?: number): Promise<boolean> {
  let q = db
    .selectFrom('users')
    .select('id')
    .where('document_type', '=', 'NIT')
    .where('document_number', '=', nit)
    .where('id_empresa', 'is', null)
    .where('deleted_at', 'is', null);
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Db, values: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: number, values: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** Whether an account other than `userId` has `phone` verified (a verified number belongs to one account). */
export async function isPhoneVerifiedByOther(db: Db, phone: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .where('phone_verified_at', 'is not', null)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countActiveBranches(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id_empresa', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- sessions and refresh tokens ----

export async function insertSession(db: Db, values: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(values).execute();
}

export async function insertRefreshToken(
  db: Db,
  values: { session_id: string; token_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('refresh_tokens').values(values).execute();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens as rt')
    .innerJoin('sessions as s', 's.id', 'rt.session_id')
    .select([
      'rt.id',
      'rt.session_id',
      'rt.expires_at',
      'rt.used_at',
      's.user_id',
      's.revoked_at',
      's.expires_at as session_expires_at',
    ])
    .where('rt.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a refresh token used; false when it already was (a concurrent exchange = reuse). */
export async function markRefreshTokenUsed(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function touchSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** The live session check behind every bearer token: one primary-key lookup. */
/** Takes the user's row lock for the rest of the transaction (an update that changes nothing). */
export async function lockUserRow(db: Db, id: number, updatedAt: string): Promise<void> {
  await db.updateTable('users').set({ updated_at: updatedAt }).where('id', '=', id).execute();
}

/**
 * The account behind a live session (not revoked, not past its end), with the columns a bearer
 * token's check needs: one query on every authenticated request.
 */
export async function findSessionUser(db: Db, sessionId: string, userId: number, now: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.tc_id', 'u.id_empresa', 'u.is_admin', 'u.email', 'u.name', 'u.active', 'u.deleted_at', 'u.must_change_password'])
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
}

export function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listLiveSessions(db: Db, userId: number, now: string): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * Revokes sessions (optionally all of a user's but one), deletes their unused refresh tokens
 * and unlinks the push devices they linked. Returns how many sessions ended.
 */
export async function revokeSessions(
  db: Db,
  where: { sessionId: string } | { userId: number; exceptSessionId?: string },
  reason: string,
  at: string,
): Promise<number> {
  let ids: string[];
  if ('sessionId' in where) {
    ids = [where.sessionId];
  } else {
    let q = db.selectFrom('sessions').select('id').where('user_id', '=', where.userId).where('revoked_at', 'is', null);
    if (where.exceptSessionId) q = q.where('id', '!=', where.exceptSessionId);
    ids = (await q.execute()).map((r) => r.id);
  }
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  await db.deleteFrom('refresh_tokens').where('session_id', 'in', ids).execute();
  await db.updateTable('devices').set({ user_id: null, session_id: null }).where('session_id', 'in', ids).execute();
  return Number(result.numUpdatedRows);
}

/** Drops sessions and one-time links that expired before `cutoff` (their rows serve no one). */
export async function deleteExpiredSessionsAndLinks(db: Db, cutoff: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', cutoff).execute();
  await db.deleteFrom('auth_tokens').where('expires_at', '<', cutoff).execute();
}

// ---- one-time tokens (reset, verification) ----

export async function insertAuthToken(db: Db, values: Insertable<AuthTokensTable>): Promise<void> {
  await db.insertInto('auth_tokens').values(values).execute();
}

export function findAuthToken(db: Db, tokenHash: string, purpose: AuthTokenPurpose): Promise<AuthTokenRow | undefined> {
  return db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Marks one token used; false when it already was (single use, even under a race). */
export async function consumeAuthToken(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('auth_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every pending token of a purpose (a new link replaces the old ones). */
export async function expireAuthTokens(db: Db, userId: number, purpose: AuthTokenPurpose, at: string): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

// ---- devices ----

/** Links a push device id to the user and session (creating or taking over the row). */
export async function linkDevice(
  db: Db,
  values: { player_id: string; user_id: number; session_id: string; user_agent: string | null; at: string },
): Promise<void> {
  const existing = await db
    .selectFrom('devices')
    .select('id')
    .where('player_id', '=', values.player_id)
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('devices')
      .set({
        user_id: values.user_id,
        session_id: values.session_id,
        user_agent: values.user_agent,
        last_seen_at: values.at,
      })
      .where('id', '=', existing.id)
      .execute();
    return;
  }
  await db
    .insertInto('devices')
    .values({
      player_id: values.player_id,
      user_id: values.user_id,
      session_id: values.session_id,
      kind: null,
      subscription: null,
      user_agent: values.user_agent,
      created_at: values.at,
      last_seen_at: values.at,
    })
    .execute();
}

export function listDevices(db: Db, userId: number): Promise<DeviceRow[]> {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function deleteDevice(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('devices').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ---- consents ----

export async function insertConsent(db: Db, values: Insertable<ConsentsTable>): Promise<void> {
  await db.insertInto('consents').values(values).execute();
}

export function listConsents(db: Db, userId: number): Promise<ConsentRow[]> {
  return db
    .selectFrom('consents')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('accepted_at')
    .orderBy('id')
    .execute();
}

// ---- account deletion ----

/** Removes what identity holds about a user beyond the anonymised row and the consent record. */
export async function deleteIdentityData(db: Db, userId: number, at: string): Promise<void> {
  await db.deleteFrom('devices').where('user_id', '=', userId).execute();
  await revokeSessions(db, { userId }, 'account-deleted', at);
  await db.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
  await db
    .updateTable('consents')
    .set({ withdrawn_at: at })
    .where('user_id', '=', userId)
    .where('withdrawn_at', 'is', null)
    .execute();
}
