import type { AdminUser, AdminUserList, AdminUserListQuery, AdminUserUpdate } from '@puntoverde/contract';
import { sql } from 'kysely';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { likePattern } from '../campaigns/campaigns.repository.js';
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
