import { TC_ID } from '@puntoverde/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import type { BranchInvitationsTable, UsersTable } from '../../db/types.js';

/**
 * Rows of branch offices: users with tc_id 3 and id_empresa = their head, plus their
 * invitations. Each function takes `db` or a transaction first.
 */
export type UserRow = Selectable<UsersTable>;
export type InvitationRow = Selectable<BranchInvitationsTable>;

export function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

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

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function updateUser(db: Db, id: number, values: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** The newest invitation of each branch. */
export async function latestInvitations(db: Db, branchIds: number[]): Promise<Map<number, InvitationRow>> {
  if (!branchIds.length) return new Map();
  const rows = await db
    .selectFrom('branch_invitations')
    .selectAll()
    .where('branch_id', 'in', branchIds)
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.branch_id, r]));
}

export async function insertInvitation(db: Db, values: Insertable<BranchInvitationsTable>): Promise<void> {
  await db.insertInto('branch_invitations').values(values).execute();
}

/** Earlier links stop working when a new one is sent. */
export async function expireInvitations(db: Db, branchId: number, at: string): Promise<void> {
  await db
    .updateTable('branch_invitations')
    .set({ expires_at: at })
    .where('branch_id', '=', branchId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
}

export function findInvitation(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('branch_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Spends an invitation if still unused and unexpired; false when someone got there first. */
export async function useInvitation(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('branch_invitations')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
