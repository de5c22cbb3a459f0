// The real app for the soak bench: generated points (SOAK_POINTS, default 5,000) plus a point
// with a PET container at Laureles, SOAK_USERS households (default 400) with bearer tokens
// written to DATA_DIR/soak-users.json (signed again every 10 minutes, before they expire), and
// a JSON line on stdout every SAMPLE_MS with the process's memory, open file descriptors and
// open database files (SQLite) or connections (PostgreSQL).
import { readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { nowIso } from '../../apps/server/src/db/dialect.js';
import { seedGeneratedPoints } from '../../apps/server/src/features/points/points.seed.js';
import { createTestPoints } from '../../apps/server/src/features/points/points.test-data.js';
import { signTestToken } from '../../apps/server/test/test-session.js';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DEMO: 'false',
  NODE_ENV: 'production',
  // Many clients behind a proxy: per-IP budgets apply to each X-Forwarded-For address.
  TRUST_PROXY: 'true',
});
const app = await buildApp({ config });
await seedGeneratedPoints(app.db, Number(process.env.SOAK_POINTS ?? 5000));
const [point] = await createTestPoints(app.db, [
  { name: 'Contenedor Parque Laureles', lat: 6.2446, lng: -75.5916, materials: ['pet', 'carton', 'vidrio'] },
]);
const ids: number[] = [];
for (let i = 0; i < Number(process.env.SOAK_USERS ?? 400); i++) {
  const now = nowIso();
  const row = await app.db
    .insertInto('users')
    .values({
      email: `soak-${i}@example.co`,
      password_hash: null,
      tc_id: 2,
      id_empresa: null,
      is_admin: 0,
      name: `Hogar ${i}`,
      first_name: null,
      last_name: null,
      company_name: null,
      contact_name: null,
      document_type: null,
      document_number: null,
      phone: null,
      address: null,
      city: null,
      lat: null,
      lng: null,
      email_verified_at: now,
      data_policy_version: null,
      data_policy_accepted_at: null,
      active: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.push(row.id);
}
const usersFile = path.join(dataDir, 'soak-users.json');
async function writeTokens() {
  const tokens = [];
  for (const id of ids) tokens.push(await signTestToken(app.db, config.tokenSecret, id));
  writeFileSync(usersFile, JSON.stringify({ point_id: point, tokens }));
}
await writeTokens();
setInterval(() => void writeTokens(), 10 * 60 * 1000).unref();

async function databaseConnections(): Promise<number> {
  if (app.database.dialect === 'postgres') {
    const r = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_stat_activity where datname = current_database()`.execute(app.db);
    return r.rows[0]?.n ?? 0;
  }
  return openFds().filter((f) => /\.sqlite(-wal|-shm)?$/.test(f)).length;
}
function openFds(): string[] {
  return readdirSync('/proc/self/fd').map((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return '';
    }
  });
}
const sampleMs = Number(process.env.SAMPLE_MS ?? 5000);
setInterval(() => {
  const m = process.memoryUsage();
  void databaseConnections().then((db) => {
    const line = { t: Date.now(), rss: m.rss, heap_used: m.heapUsed, external: m.external, fds: openFds().length, db };
    process.stdout.write(`SAMPLE ${JSON.stringify(line)}\n`);
  });
}, sampleMs).unref();

await app.listen({ port: Number(process.env.APP_PORT), host: '127.0.0.1' });
console.log('ready');
for (const s of ['SIGTERM', 'SIGINT'] as const) {
  process.on(s, () => {
    void app.close().then(() => process.exit(0));
  });
}
