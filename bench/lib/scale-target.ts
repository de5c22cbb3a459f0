// One instance of the real app for the scale-out bench: DATABASE_URL (PostgreSQL) and REDIS_URL
// shared with the other instance, its own APP_PORT. With SCALE_SEED=1 (the first instance) it
// seeds generated points, a point run by a manager and two accounts with a password, and
// writes their ids to SEED_FILE before printing "ready". With PUSH_SINK_URL, it also seeds
// SCALE_PUSH_SUBSCRIPTIONS users (300) each with a Web Push subscription at that stand-in, and
// every instance answers POST /bench/broadcast (a staff broadcast to everyone, its worker kicked)
// and POST /bench/die (SIGKILLs itself after writing its sends in flight to KILL_FILE).
import { createECDH, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { nowIso } from '../../apps/server/src/db/dialect.js';
import { createAccount } from '../../apps/server/src/features/identity/accounts.service.js';
import { createBroadcast } from '../../apps/server/src/features/notifications/push.service.js';
import { seedGeneratedPoints } from '../../apps/server/src/features/points/points.seed.js';
import { createPoints } from '../../apps/server/test/factories/points.js';
import { createBearerUser } from '../../apps/server/test/factories/users.js';
import { notificationWorkerOf } from '../../apps/server/src/routes/notifications/index.js';

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DEMO: 'false',
  NODE_ENV: 'production',
  TRUST_PROXY: '1',
  PUSH_ALLOW_LOOPBACK: 'true',
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
  const sinkUrl = process.env.PUSH_SINK_URL;
  if (sinkUrl) {
    // One browser key pair for every subscription: each push is still encrypted on its own.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    const at = nowIso();
    const n = Number(process.env.SCALE_PUSH_SUBSCRIPTIONS ?? 300);
    const users = await app.db
      .insertInto('users')
      .values(
        Array.from({ length: n }, (_, i) => ({
          email: `push${i}@bench.puntoverde.co`,
          tc_id: 2,
          name: `Suscriptor ${i}`,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    await app.db
      .insertInto('devices')
      .values(
        users.map((u, i) => {
          const endpoint = `${sinkUrl}/push/${i}`;
          return {
            user_id: u.id,
            session_id: null,
            player_id: `bench-push-${i}`,
            kind: 'webpush',
            endpoint,
            subscription: JSON.stringify({ endpoint, keys }),
            user_agent: null,
            created_at: at,
            last_seen_at: at,
          };
        }),
      )
      .execute();
    // Quiet hours off: the bench may run at night.
    await app.db
      .insertInto('notification_settings')
      .values(
        users.map((u) => ({
          user_id: u.id,
          quiet_enabled: 0,
          quiet_start: '21:00',
          quiet_end: '07:00',
          updated_at: at,
        })),
      )
      .execute();
  }
  writeFileSync(
    process.env.SEED_FILE!,
    JSON.stringify({ point_id: point, household: household.id, manager: manager.id, filers }),
  );
}
if (process.env.PUSH_SINK_URL) {
  app.post('/bench/broadcast', async () => {
    const staff = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'gestor@example.co')
      .executeTakeFirstOrThrow();
    const b = await createBroadcast(
      app.db,
      {
        title: 'Jornada de reciclaje',
        body: 'Este sábado en el parque principal.',
        link: '/campaign',
        audience: { type: 'all' },
      },
      staff.id,
    );
    notificationWorkerOf(app).kick();
    return { recipients: b.recipients, queued: b.figures.queued };
  });
  // Writes the sends in flight (started, outcome not committed) to KILL_FILE and SIGKILLs this
  // process in the same tick: the count is the one at the kill.
  app.post('/bench/die', () => {
    writeFileSync(
      process.env.KILL_FILE!,
      JSON.stringify({ in_flight: notificationWorkerOf(app).inFlight(), at: Date.now() }),
    );
    process.kill(process.pid, 'SIGKILL');
  });
}
await app.listen({ port: Number(process.env.APP_PORT), host: '127.0.0.1' });
console.log('ready');
for (const s of ['SIGTERM', 'SIGINT'] as const) {
  process.on(s, () => {
    void app.close().then(() => process.exit(0));
  });
}
