import type { Db } from '../dialect.js';
import type { SeedContext, Seeder } from './seeder.js';
import { identitySeeder } from '../../features/identity/identity.seed.js';
import { pointsDemoSeeder } from '../../features/points/points.seed.js';
import { contentSeeder } from '../../features/content/content.seed.js';
import { pqrDemoSeeder } from '../../features/pqr/pqr.seed.js';
import { requestsDemoSeeder } from '../../features/requests/requests.seed.js';
import { statisticsDemoSeeder } from '../../features/statistics/statistics.seed.js';
import { reportsDemoSeeder } from '../../features/reports/reports.seed.js';

export type { SeedContext, SeedLog, Seeder } from './seeder.js';

/** Demo seeders in dependency order (users before the content that refers to them). */
export const demoSeeders: Seeder[] = [
  // First: the other seeders refer to the demo users.
  identitySeeder,
  // After the identity seeder: links the demo manager (gestor@demo.puntoverde.co) to its points.
  pointsDemoSeeder,
  // After points: campaigns link to the nearest demo point.
  contentSeeder,
  // After identity: demo PQRs filed by the demo household and handled by the demo admin.
  pqrDemoSeeder,
  // After identity and points: demo pickup requests at the demo manager's points.
  requestsDemoSeeder,
  // After requests: a year of collected pickups for Mis cifras and certificates.
  statisticsDemoSeeder,
  // After identity and points: demo incident reports at the demo manager's points and around.
  reportsDemoSeeder,
];

export async function seedDemo(db: Db, ctx: SeedContext): Promise<void> {
  for (const seeder of demoSeeders) {
    await seeder.run(db, ctx);
    ctx.log.info(`demo seed: ${seeder.name}`);
  }
}
