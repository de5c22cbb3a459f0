import type { Insertable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import type { Open311KeysTable } from '../../db/types.js';

export async function insertKey(db: Db, row: Insertable<Open311KeysTable>) {
  return db.insertInto('open311_keys').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function listKeys(db: Db) {
  return db.selectFrom('open311_keys').selectAll().orderBy('id', 'desc').execute();
}

export async function findKey(db: Db, id: number) {
  return db.selectFrom('open311_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findKeyByHash(db: Db, keyHash: string) {
  return db.selectFrom('open311_keys').select(['id', 'revoked_at']).where('key_hash', '=', keyHash).executeTakeFirst();
}

export async function revokeKey(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('open311_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

export async function touchKey(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('open311_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}
