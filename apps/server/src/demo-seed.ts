import type { Db } from './db/dialect.js';
import { runSeeders, type SeedContext, type Seeder } from './db/seed/index.js';
import { contentSeeder } from './features/content/content.seed.js';
import { identitySeeder } from './features/identity/identity.seed.js';
import { pointsDemoSeeder } from './features/points/points.seed.js';
import { recyclersDemoSeeder } from './features/recyclers/recyclers.seed.js';
import { recyclersSuiDemoSeeder } from './features/recyclers/sui.seed.js';
import { recyclerRouteDemoSeeder } from './features/recyclers/route.seed.js';
import { recyclersWeighingDemoSeeder } from './features/recyclers/weighing.seed.js';
import { pqrDemoSeeder } from './features/pqr/pqr.seed.js';
import { reportsDemoSeeder } from './features/reports/reports.seed.js';
import { requestsDemoSeeder } from './features/requests/requests.seed.js';
import { rewardsDemoSeeder } from './features/rewards/rewards.seed.js';
import { statisticsDemoSeeder } from './features/statistics/statistics.seed.js';

/**
 * The demo content: each feature owns its seeder (<feature>.seed.ts); the server's start
 * (server.ts, DEMO=1) and `npm run db:seed` (cli/seed.ts) run them in this order.
 */
export const demoSeeders: readonly Seeder[] = [
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
  // After content (allies) and statistics (the year of collections the demo points are earned from).
  rewardsDemoSeeder,
  // After identity and points: the demo organisation of recicladores runs the demo manager's ECA.
  recyclersDemoSeeder,
  // After the organisation: its scales, a month of scale tickets and a few sales.
  recyclersWeighingDemoSeeder,
  // After weighing: the SUI filing settings and this month's payouts to the members.
  recyclersSuiDemoSeeder,
  // After the organisation and its recicladora's account: today's assigned and open pickups.
  recyclerRouteDemoSeeder,
];

export function seedDemo(db: Db, ctx: SeedContext): Promise<void> {
  return runSeeders(db, demoSeeders, ctx);
}
