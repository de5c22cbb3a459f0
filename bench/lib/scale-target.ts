// One instance of the real app for the scale-out bench: DATABASE_URL (PostgreSQL) and REDIS_URL
// shared with the other instance, its own APP_PORT. With SCALE_SEED=1 (the first instance) it
// seeds generated points, a point run by a manager and two accounts with a password, and
// writes their ids to SEED_FILE before printing "ready".
import { writeFileSync } from 'node:fs';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { nowIso } from '../../apps/server/src/db/dialect.js';
import { createAccount } from '../../apps/server/src/features/identity/accounts.service.js';
import { seedGeneratedPoints } from '../../apps/server/src/features/points/points.seed.js';
import { createPoints } from '../../apps/server/test/factories/points.js';
import { createBearerUser } from '../../apps/server/test/factories/users.js';

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DEMO: 'false',
  NODE_ENV: 'production',
  TRUST_PROXY: '1',
});
const app = await buildApp({ config });
if (process.env.SCALE_SEED === '1') {
  await seedGeneratedPoints(app.db, 2000);
  const [point] = await createPoints(app.db, [
    { name: 'Contenedor Parque Laureles', lat: 6.2446, lng: -75.5916, materials: ['pet', 'carton'] },
  ]);
  const password = process.env.SCALE_PASSWORD ?? 'Reciclo-Papel-2026';
  const household = await createAccount(app.db, { tc_id: 2, email: 'hogar@example.co', password, name: 'Ana Hogar' });
  const manager = await createAccount(app.db, {
    tc_id: 1,
    email: 'gestor@example.co',
    password,
    name: 'Gestor Laureles',
  });
  await app.db
    .insertInto('point_managers')
    .values({ point_id: point!, user_id: manager.id, created_at: nowIso() })
    .execute();
  // Households with a session each, for the report-filing bursts (one filing per account a burst).
  const filers: string[] = [];
  for (let i = 0; i < Number(process.env.SCALE_FILERS ?? 200); i++) {
    filers.push((await createBearerUser(app.db, config.tokenSecret, { name: `Hogar ${i}` })).token);
  }
  writeFileSync(
    process.env.SEED_FILE!,
    JSON.stringify({ point_id: point, household: household.id, manager: manager.id, filers }),
  );
}
await app.listen({ port: Number(process.env.APP_PORT), host: '127.0.0.1' });
console.log('ready');
for (const s of ['SIGTERM', 'SIGINT'] as const) {
  process.on(s, () => {
    void app.close().then(() => process.exit(0));
  });
}
