import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../dialect.js';
import { pointsDemoSeeder } from '../../features/points/points.seed.js';

export type SeedContext = { log: FastifyBaseLogger | Pick<Console, 'info' | 'warn'>; config: Config };

/** A demo seeder: idempotent (safe to run at every start), fills one feature's demo content. */
export type Seeder = { name: string; run: (db: Db, ctx: SeedContext) => Promise<void> };

/** Demo seeders in dependency order (users before the content that refers to them). */
export const demoSeeders: Seeder[] = [
  // After the identity seeder: links the demo manager (gestor@demo.puntoverde.co) to its points.
  pointsDemoSeeder,
];

export async function seedDemo(db: Db, ctx: SeedContext): Promise<void> {
  for (const seeder of demoSeeders) {
    await seeder.run(db, ctx);
    ctx.log.info(`demo seed: ${seeder.name}`);
  }
}
