// Serves, in one process, the real app with 100,000 generated points (port APP_PORT) and a bare
// Fastify (port MEM_PORT) answering the very same bytes from memory, so the points benchmark
// compares them in the same run. Picks viewports of about 10, 100 and 2,000 points and writes
// them to DATA_DIR/points-targets.json before printing "ready".
import Fastify from 'fastify';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { seedGeneratedPoints } from '../../apps/server/src/features/points/points.seed.js';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const count = Number(process.env.POINTS_COUNT ?? 100000);
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', DEMO: 'false' });
const app = await buildApp({ config });
const started = performance.now();
await seedGeneratedPoints(app.db, count);
const seedSeconds = Math.round((performance.now() - started) / 100) / 10;

type Target = { name: string; path: string; points: number; json: string };

async function body(url: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
  return res.body;
}

/** A square around Medellín's centre grown or shrunk until it holds about `want` points. */
async function viewport(name: string, want: number): Promise<Target> {
  const lat = 6.2442;
  const lng = -75.5812;
  let lo = 0.0001;
  let hi = 2;
  let best: Target | null = null;
  for (let i = 0; i < 40; i++) {
    const half = Math.sqrt(lo * hi);
    const bbox = [lng - half, lat - half, lng + half, lat + half].map((n) => n.toFixed(5)).join(',');
    const url = `/back/api/v1/points?bbox=${bbox}`;
    const json = await body(url);
    const n = (JSON.parse(json) as { data: { points: unknown[] } }).data.points.length;
    if (!best || Math.abs(n - want) < Math.abs(best.points - want)) best = { name, path: url, points: n, json };
    if (Math.abs(n - want) <= want * 0.05) break;
    if (n < want) lo = half;
    else hi = half;
  }
  if (!best) throw new Error('no viewport');
  return best;
}

const targets: Target[] = [await viewport('viewport_100', 100), await viewport('viewport_10', 10), await viewport('viewport_2000', 2000)];
const nearPath = '/back/api/v1/points/near?lat=6.2442&lng=-75.5812&limit=10';
targets.push({ name: 'near', path: nearPath, points: 10, json: await body(nearPath) });

// The same bytes on the wire: the body and its encodings made once, picked per accept-encoding.
const mem = Fastify({ logger: false });
for (const t of targets) {
  const br = brotliCompressSync(t.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  const gz = gzipSync(t.json, { level: 6 });
  mem.get(`/mem/${t.name}`, async (request, reply) => {
    reply.type('application/json; charset=utf-8');
    const accept = request.headers['accept-encoding'] ?? '';
    if (t.json.length < 1024) return reply.send(t.json);
    if (accept.includes('br')) return reply.header('content-encoding', 'br').send(br);
    if (accept.includes('gzip')) return reply.header('content-encoding', 'gzip').send(gz);
    return reply.send(t.json);
  });
}
await app.listen({ port: Number(process.env.APP_PORT), host: '127.0.0.1' });
await mem.listen({ port: Number(process.env.MEM_PORT), host: '127.0.0.1' });
writeFileSync(
  path.join(dataDir, 'points-targets.json'),
  JSON.stringify({
    count,
    seed_seconds: seedSeconds,
    dialect: app.database.dialect,
    targets: targets.map(({ name, path: p, points, json }) => ({ name, path: p, points, bytes: Buffer.byteLength(json) })),
  }),
);
console.log('ready');
for (const s of ['SIGTERM', 'SIGINT'] as const) {
  process.on(s, () => {
    void Promise.all([app.close(), mem.close()]).then(() => process.exit(0));
  });
}
