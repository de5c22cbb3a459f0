import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import type { BranchInvitationsTable } from '../../db/types.js';

/**
 * Invitations of branch offices (the branch accounts themselves are identity's users, reached
 * through identity.service). Each function takes `db` or a transaction first.
 */
export type InvitationRow = Selectable<BranchInvitationsTable>;

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
