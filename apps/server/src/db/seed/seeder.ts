import type { Config } from '../../config.js';
import type { Db } from '../dialect.js';

/**
 * What a feature's demo seeder is. Apart from the list of seeders (index.ts), so a seeder does
 * not import the module that imports it.
 */

/** Where seeders report: the server's pino logger or the console (CLI). */
export type SeedLog = { info: (message: string) => void; warn: (message: string) => void };

export type SeedContext = { log: SeedLog; config: Config };

/** A demo seeder: idempotent (safe to run at every start), fills one feature's demo content. */
export type Seeder = { name: string; run: (db: Db, ctx: SeedContext) => Promise<void> };
