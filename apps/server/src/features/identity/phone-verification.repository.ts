import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import { findAppSetting, writeAppSetting } from '../../db/app-settings.js';
import type { PhoneCodesTable } from '../../db/types.js';

export type PhoneCodeRow = Selectable<PhoneCodesTable>;

/** The app_setting key of the scheme rule "pickups need a verified phone". */
export const REQUIRE_VERIFIED_PHONE_KEY = 'pickups.require_verified_phone';

export async function insertPhoneCode(db: Db, values: Insertable<PhoneCodesTable>): Promise<number> {
  const row = await db.insertInto('phone_codes').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function markPhoneCodeSent(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('phone_codes').set({ sent_at: at }).where('id', '=', id).execute();
}

export async function deletePhoneCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom('phone_codes').where('id', '=', id).execute();
}

/** Ends every pending code of a user (a new code was sent, the number changed, the phone was verified). */
export async function expirePhoneCodes(db: Db, userId: number, at: string, exceptId?: number): Promise<void> {
  let q = db
    .updateTable('phone_codes')
    .set({ expires_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  await q.execute();
}

/** Codes created since `since` (sent, or being sent right now) for a user or a number. */
export async function countCodesSince(
  db: Db,
  by: { userId: number } | { phone: string },
  since: string,
): Promise<number> {
  let q = db
    .selectFrom('phone_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('created_at', '>', since);
  q = 'userId' in by ? q.where('user_id', '=', by.userId) : q.where('phone', '=', by.phone);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function latestCodeOf(db: Db, userId: number): Promise<PhoneCodeRow | undefined> {
  return db
    .selectFrom('phone_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The user's pending code: sent, unused, unexpired, with tries left. */
export function pendingCodeOf(
  db: Db,
  userId: number,
  now: string,
  maxTries: number,
): Promise<PhoneCodeRow | undefined> {
  return db
    .selectFrom('phone_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('sent_at', 'is not', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxTries)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts one try, atomically: false when the tries were already spent (or it was used meanwhile). */
export async function spendTry(db: Db, id: number, maxTries: number): Promise<boolean> {
  const result = await db
    .updateTable('phone_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxTries)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the code used, once: false when another request used it first. */
export async function consumePhoneCode(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('phone_codes')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePhoneCodesOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('phone_codes').where('user_id', '=', userId).execute();
}

export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  return (await findAppSetting(db, key))?.value;
}

export async function writeSetting(db: Db, key: string, value: string, at: string): Promise<void> {
  await writeAppSetting(db, key, value, at);
}
