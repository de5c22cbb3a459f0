import { TC_ID, type AdminUser, type AdminUserList, type AdminUserListQuery, type AdminUserUpdate, type ZAdminCreateManager } from '@puntoverde/contract';
import type { z } from 'zod';
import type { Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import { AccountInputError, createAccount } from './accounts.service.js';
import { emailExists } from './identity.repository.js';
import { findAdminUser, findAdminUsers, updateUserFlags, type AdminUserRow } from './users.admin.repository.js';

/** Back-office user administration: search, view, change type, admin flag and active state. */

function toAdminUser(r: AdminUserRow): AdminUser {
  return { ...r, is_admin: r.is_admin === 1, active: r.active === 1 };
}

export async function listUsers(db: Db, query: AdminUserListQuery): Promise<AdminUserList> {
  const { rows, total } = await findAdminUsers(
    db,
    { q: query.q, tc_id: query.tc_id, active: query.active, is_admin: query.is_admin },
    { limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { items: rows.map(toAdminUser), total, page: query.page, page_size: query.page_size };
}

export async function getUser(db: Db, id: number): Promise<AdminUser> {
  const row = await findAdminUser(db, id);
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
  const set: { tc_id?: number; is_admin?: number; active?: number } = {};
  if (change.tc_id !== undefined) set.tc_id = change.tc_id;
  if (change.is_admin !== undefined) set.is_admin = change.is_admin ? 1 : 0;
  if (change.active !== undefined) set.active = change.active ? 1 : 0;
  const action = change.active === false && before.active ? 'deactivate' : change.active === true && !before.active ? 'activate' : 'update';
  await db.transaction().execute(async (trx) => {
    await updateUserFlags(trx, id, set);
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
    must_change_password: false,
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
  if (await emailExists(db, input.email)) throw AppError.field('email-already-in-use', 'email');
  const id = await db.transaction().execute(async (trx) => {
    let row;
    try {
      row = await createAccount(trx, {
        tc_id: TC_ID.manager,
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
      after: { email: input.email, name: input.name, phone: input.phone, tc_id: TC_ID.manager },
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
