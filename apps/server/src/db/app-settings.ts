import { nowIso, type Executor } from './dialect.js';

/**
 * The app_setting table: small named values the scheme keeps in one row each (cache versions,
 * staff settings, the about page). Feature repositories own their keys; this is the one query.
 */

export function findAppSetting(db: Executor, key: string): Promise<{ value: string; updated_at: string } | undefined> {
  return db.selectFrom('app_setting').select(['value', 'updated_at']).where('key', '=', key).executeTakeFirst();
}

/** Sets (or creates) the value of `key`. */
export async function writeAppSetting(db: Executor, key: string, value: string, at: string = nowIso()): Promise<void> {
  await db
    .insertInto('app_setting')
    .values({ key, value, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
    .execute();
}
