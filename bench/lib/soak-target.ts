// The real app for the soak bench: generated points (SOAK_POINTS, default 5,000) plus a point
// with a PET container at Laureles, SOAK_USERS households (default 4,000) with bearer tokens
// written to DATA_DIR/soak-users.json (signed again every 10 minutes, before they expire), and
// a JSON line on stdout every SAMPLE_MS with the process's memory, open file descriptors and
// open database files (SQLite) or connections (PostgreSQL).
import { readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { seedGeneratedPoints } from '../../apps/server/src/features/points/points.seed.js';
import { createPoints } from '../../apps/server/test/factories/points.js';
import { createBearerUser, signTestToken, type BearerUser } from '../../apps/server/test/factories/users.js';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DEMO: 'false',
  NODE_ENV: 'production',
  // Many clients behind a proxy: per-IP budgets apply to each X-Forwarded-For address.
  TRUST_PROXY: '1',
});
const app = await buildApp({ config });
await seedGeneratedPoints(app.db, Number(process.env.SOAK_POINTS ?? 5000));
const [point] = await createPoints(app.db, [
  { name: 'Contenedor Parque Laureles', lat: 6.2446, lng: -75.5916, materials: ['pet', 'carton', 'vidrio'] },
]);
const users: BearerUser[] = [];
// Enough households that none files more than people do: at half this machine's capacity the mix
// files ~18 pickup requests and ~14 incident reports a second, which 400 households could only
// do at 30+ an hour each, past the per-account limits (30 pickups, 20 reports an hour) that
// answer 429. With 4,000, a household files ~3 of each in the 10 minutes.
for (let i = 0; i < Number(process.env.SOAK_USERS ?? 4000); i++) {
  users.push(await createBearerUser(app.db, config.tokenSecret, { email: `soak-${i}@example.co`, name: `Hogar ${i}` }));
}
const usersFile = path.join(dataDir, 'soak-users.json');
const writeTokens = (tokens: string[]) => writeFileSync(usersFile, JSON.stringify({ point_id: point, tokens }));
writeTokens(users.map((u) => u.token));
async function signAgain() {
  const tokens = [];
  for (const u of users) tokens.push(await signTestToken(app.db, config.tokenSecret, u.id));
  writeTokens(tokens);
}
setInterval(() => void signAgain(), 10 * 60 * 1000).unref();

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
