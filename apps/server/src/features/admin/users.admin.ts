import type { AdminUser, AdminUserList, AdminUserListQuery, AdminUserUpdate, ZAdminCreateManager } from '@puntoverde/contract';
import type { z } from 'zod';
import { sql } from 'kysely';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { likePattern } from '../../lib/like-pattern.js';
import { AccountInputError, createAccount } from '../identity/accounts.service.js';
import { recordAudit } from './audit.repository.js';

/** Back-office user administration: search, view, change type, admin flag and active state. */

const COLUMNS = [
  'id',
  'email',
  'name',
  'tc_id',
  'id_empresa',
  'is_admin',
  'active',
  'email_verified_at',
  'document_type',
  'document_number',
  'phone',
  'city',
  'created_at',
] as const;

type Row = {
  id: number;
  email: string;
  name: string;
  tc_id: number;
  id_empresa: number | null;
  is_admin: number;
  active: number;
  email_verified_at: string | null;
  document_type: string | null;
  document_number: string | null;
  phone: string | null;
  city: string | null;
  created_at: string;
};

function toAdminUser(r: Row): AdminUser {
  return { ...r, is_admin: r.is_admin === 1, active: r.active === 1 };
}

export async function listUsers(db: Db, query: AdminUserListQuery): Promise<AdminUserList> {
  let base = db.selectFrom('users').where('deleted_at', 'is', null);
  if (query.q) {
    const pattern = likePattern(query.q);
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(document_number, ''))`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (query.tc_id !== undefined) base = base.where('tc_id', '=', query.tc_id);
  if (query.active !== undefined) base = base.where('active', '=', query.active ? 1 : 0);
  if (query.is_admin !== undefined) base = base.where('is_admin', '=', query.is_admin ? 1 : 0);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(COLUMNS)
    .orderBy('id', 'desc')
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return { items: rows.map(toAdminUser), total: Number(total), page: query.page, page_size: query.page_size };
}

export async function getUser(db: Db, id: number): Promise<AdminUser> {
  const row = await db.selectFrom('users').select(COLUMNS).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw new AppError('user-not-found');
  return toAdminUser(row);
}

/**
 * Changes type, admin flag or active state. An admin cannot demote or deactivate themselves
 * (the back office would lock its last user out). A deactivated user's next request is
 * refused at once: the auth plugin checks `active` on every request.
 */
export async function updateUser(db: Db, id: number, change: AdminUserUpdate, admin: AuthUser): Promise<AdminUser> {
  const before = await getUser(db, id);
  if (id === admin.id && (change.is_admin === false || change.active === false)) {
    throw new AppError('cannot-change-own-account');
  }
  const set: { tc_id?: number; is_admin?: number; active?: number; updated_at: string } = { updated_at: nowIso() };
  if (change.tc_id !== undefined) set.tc_id = change.tc_id;
  if (change.is_admin !== undefined) set.is_admin = change.is_admin ? 1 : 0;
  if (change.active !== undefined) set.active = change.active ? 1 : 0;
  const action = change.active === false && before.active ? 'deactivate' : change.active === true && !before.active ? 'activate' : 'update';
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set(set).where('id', '=', id).execute();
    await recordAudit(trx, { actorId: admin.id, action, entity: 'user', entityId: id, before, after: change });
  });
  return getUser(db, id);
}

/** What user administration needs from the identity feature (its service, app.identity). */
export type IdentityLinks = {
  /** Sends the account a link to set its password, in the background. */
  queueRecovery(email: string): void;
  resendVerification(auth: AuthUser): Promise<{ sent: boolean; email: string }>;
};

function asAuthUser(user: AdminUser): AuthUser {
  return {
    id: user.id,
    tc_id: user.tc_id,
    id_empresa: user.id_empresa,
    is_admin: user.is_admin,
    email: user.email,
    name: user.name,
    session_id: 'admin',
  };
}

/**
 * Creates a point manager (tc_id 1) without a password and e-mails them the identity
 * feature's set-a-password link (the password recovery flow), so no password travels by mail.
 */
export async function createManager(
  db: Db,
  identity: IdentityLinks,
  input: z.output<typeof ZAdminCreateManager>,
  admin: AuthUser,
): Promise<AdminUser> {
  const exists = await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst();
  if (exists) throw AppError.field('email-already-in-use', 'email');
  const id = await db.transaction().execute(async (trx) => {
    let row;
    try {
      row = await createAccount(trx, {
        tc_id: 1,
        email: input.email,
        password: null,
        name: input.name,
        phone: input.phone,
        email_verified: false,
      });
    } catch (err) {
      if (err instanceof AccountInputError) throw AppError.field('validation-failed', 'email', err.message);
      throw err;
    }
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'create',
      entity: 'user',
      entityId: row.id,
      after: { email: input.email, name: input.name, phone: input.phone, tc_id: 1 },
    });
    return row.id;
  });
  identity.queueRecovery(input.email);
  return getUser(db, id);
}

/** Sends the user a new e-mail verification link (nothing when already verified). */
export async function resendVerificationFor(
  db: Db,
  identity: IdentityLinks,
  id: number,
  admin: AuthUser,
): Promise<{ sent: boolean; email: string }> {
  const user = await getUser(db, id);
  if (!user.active) throw new AppError('conflict', { message: 'La cuenta está desactivada: actívala antes de reenviar la verificación.' });
  const result = await identity.resendVerification(asAuthUser(user));
  await recordAudit(db, { actorId: admin.id, action: 'resend-verification', entity: 'user', entityId: id, after: result });
  return result;
}
