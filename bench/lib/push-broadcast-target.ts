// The server side of bench/push-broadcast.ts: the real app on a SQLite file (or PostgreSQL with
// BENCH_DATABASE_URL), 100,000 users each with a Web Push subscription at the local sink, and
// two bench-only control routes: POST /bench/broadcast (a staff broadcast to everyone, timed)
// and POST /bench/drain?seconds=N (runs the delivery worker for N seconds, counts the sends).
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { createDatabase } from '../../apps/server/src/db/dialect.js';
import { createBroadcast } from '../../apps/server/src/features/notifications/push.service.js';
import { notificationWorkerOf } from '../../apps/server/src/routes/notifications/index.js';

const USERS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 100_000);
const sinkPort = Number(process.env.SINK_PORT);
const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-bench-push-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const config = loadConfig(
  { NODE_ENV: 'production', LOG_LEVEL: 'silent', DEMO: 'false', NOTIFICATION_WORKER: 'false', PUSH_ALLOW_LOOPBACK: 'true', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  { dataDir, webDistDir: path.join(dataDir, 'no-web') },
);
const database = createDatabase(databaseUrl ? { databaseUrl } : { sqliteFile: path.join(dataDir, 'puntoverde.sqlite') });
const app = await buildApp({ config, database, logger: false });

// One browser key pair for every subscription: each push is still encrypted on its own.
const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
const at = new Date().toISOString();
const BATCH = 1000;
const db = app.db;
const admin = await db
  .insertInto('users')
  .values({ email: 'staff@bench.puntoverde.co', tc_id: 2, is_admin: 1, name: 'Staff', created_at: at, updated_at: at })
  .returning('id')
  .executeTakeFirstOrThrow();
await db.transaction().execute(async (trx) => {
  for (let start = 0; start < USERS; start += BATCH) {
    const n = Math.min(BATCH, USERS - start);
    const users = await trx
      .insertInto('users')
      .values(Array.from({ length: n }, (_, i) => ({ email: `u${start + i}@bench.puntoverde.co`, tc_id: 2, name: `Usuario ${start + i}`, city: 'Medellín', created_at: at, updated_at: at })))
      .returning('id')
      .execute();
    await trx
      .insertInto('devices')
      .values(
        users.map((u, i) => {
          const endpoint = `http://127.0.0.1:${sinkPort}/push/${start + i}`;
          return { user_id: u.id, session_id: null, player_id: `bench-${start + i}`, kind: 'webpush', endpoint, subscription: JSON.stringify({ endpoint, keys }), user_agent: null, created_at: at, last_seen_at: at };
        }),
      )
      .execute();
    // Quiet hours off (the bench may run at night); exercises the per-window hold of broadcasts.
    await trx
      .insertInto('notification_settings')
      .values(users.map((u) => ({ user_id: u.id, quiet_enabled: 0, quiet_start: '21:00', quiet_end: '07:00', updated_at: at })))
      .execute();
  }
});

app.post('/bench/broadcast', async () => {
  const started = performance.now();
  const b = await createBroadcast(db, { title: 'Jornada de reciclaje', body: 'Este sábado en el parque principal.', link: '/campaign', audience: { type: 'all' } }, admin.id);
  return { recipients: b.recipients, queued: b.figures.queued, enqueue_ms: Math.round(performance.now() - started) };
});
app.post<{ Querystring: { seconds?: string } }>('/bench/drain', async (request) => {
  const seconds = Number(request.query.seconds ?? 20);
  const worker = notificationWorkerOf(app);
  const count = async () => Number((await db.selectFrom('notification_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'sent').executeTakeFirstOrThrow()).n);
  const before = await count();
  const started = performance.now();
  worker.start();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  await worker.stop();
  const elapsed = (performance.now() - started) / 1000;
  const sent = (await count()) - before;
  const failed = Number((await db.selectFrom('notification_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '!=', 'sent').where('status', '!=', 'pending').executeTakeFirstOrThrow()).n);
  return { sent, failed, seconds: Math.round(elapsed * 10) / 10, pushes_per_s: Math.round(sent / elapsed) };
});

await app.listen({ port: Number(process.env.APP_PORT), host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
