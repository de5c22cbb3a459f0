import { sql } from 'kysely';
import type { Db } from '../../db/dialect.js';
import { nowIso } from '../../db/dialect.js';
import { likePattern } from '../../lib/like-pattern.js';

/**
 * The back office's queries on users: search, one user, and the type, admin and active flags.
 * (Accounts are created by createAccount, in accounts.ts, through identity.repository.)
 */

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

export type AdminUserRow = {
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

export type AdminUserFilter = { q?: string; tc_id?: number; active?: boolean; is_admin?: boolean };

/** One page of users (newest first) matching the search, and how many match. Deleted users are left out. */
export async function findAdminUsers(
  db: Db,
  f: AdminUserFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  let base = db.selectFrom('users').where('deleted_at', 'is', null);
  if (f.q) {
    const pattern = likePattern(f.q);
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(document_number, ''))`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (f.tc_id !== undefined) base = base.where('tc_id', '=', f.tc_id);
  if (f.active !== undefined) base = base.where('active', '=', f.active ? 1 : 0);
  if (f.is_admin !== undefined) base = base.where('is_admin', '=', f.is_admin ? 1 : 0);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base.select(COLUMNS).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  return { rows, total: Number(total) };
}

export async function findAdminUser(db: Db, id: number): Promise<AdminUserRow | undefined> {
  return db.selectFrom('users').select(COLUMNS).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function updateUserFlags(
  db: Db,
  id: number,
  set: { tc_id?: number; is_admin?: number; active?: number },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...set, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}
