import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/dialect.js';
import type { IdempotencyKeysTable } from '../db/types.js';

/** Rows of `idempotency_keys`, the table the idempotency plugin owns. */
export type IdempotencyRow = Selectable<IdempotencyKeysTable>;
type Claim = { scope: string; key: string; owner: string };

/** Inserts a pending claim; false when the (scope, key) pair is already taken. */
export async function insertPending(db: Db, row: Insertable<IdempotencyKeysTable>): Promise<boolean> {
  const r = await db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.columns(['scope', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findKey(db: Db, scope: string, key: string): Promise<IdempotencyRow | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('idempotency_key', '=', key).executeTakeFirst();
}

export async function deleteExpired(db: Db, now: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).execute();
}

/** Deletes an expired claim, unless another request replaced it meanwhile. */
export async function deleteIfExpiresAt(db: Db, scope: string, key: string, expiresAt: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('idempotency_key', '=', key)
    .where('expires_at', '=', expiresAt)
    .execute();
}

/** Takes over a pending claim abandoned by `previousOwner`; false when someone else took it first. */
export async function takeOver(
  db: Db,
  scope: string,
  key: string,
  previousOwner: string,
  owner: string,
  lockedUntil: string,
): Promise<boolean> {
  const r = await db
    .updateTable('idempotency_keys')
    .set({ owner, locked_until: lockedUntil })
    .where('scope', '=', scope)
    .where('idempotency_key', '=', key)
    .where('state', '=', 'pending')
    .where('owner', '=', previousOwner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function storeAnswer(
  db: Db,
  claim: Claim,
  answer: Pick<IdempotencyRow, 'response_status' | 'response_type' | 'response_body'>,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', ...answer })
    .where('scope', '=', claim.scope)
    .where('idempotency_key', '=', claim.key)
    .where('owner', '=', claim.owner)
    .execute();
}

/** Gives back a claim whose answer was not stored (a 5xx, or a status worth retrying). */
export async function releasePending(db: Db, claim: Claim): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', claim.scope)
    .where('idempotency_key', '=', claim.key)
    .where('owner', '=', claim.owner)
    .where('state', '=', 'pending')
    .execute();
}
