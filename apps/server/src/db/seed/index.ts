import type { Db } from '../dialect.js';
import type { SeedContext, Seeder } from './seeder.js';

export type { SeedContext, SeedLog, Seeder } from './seeder.js';

/**
 * Runs seeders in the order given. The db layer knows no feature: the list of the features'
 * seeders is assembled where the server is composed (../../demo-seed.ts) and passed in.
 */
export async function runSeeders(db: Db, seeders: readonly Seeder[], ctx: SeedContext): Promise<void> {
  for (const seeder of seeders) {
    await seeder.run(db, ctx);
    ctx.log.info(`demo seed: ${seeder.name}`);
  }
}
