// GET /back/api/v1/points (viewports of ~100 and ~10 points) and GET points/near with 100,000
// points in the database, 50 connections, 5 s warm-up, loopback, compressed like a browser asks;
// each beside a bare route returning the same bytes from memory in the same run (ratio).
// Also: the compressed size of a 2,000-point viewport (target < 60 KB).
// Targets: >= 3,000 req/s and p99 <= 40 ms (100 points and near), >= 10,000 req/s and p99 <= 15 ms (10 points).
// PostgreSQL instead of SQLite: BENCH_DATABASE_URL=postgres://... npx tsx bench/points-api.ts
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, load, startProcess, writeResult, type LoadResult } from './lib/harness.js';

type Targets = {
  count: number;
  seed_seconds: number;
  dialect: string;
  targets: { name: string; path: string; points: number; bytes: number }[];
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-bench-points-'));
const appPort = await freePort();
const memPort = await freePort();
const env: Record<string, string> = { APP_PORT: String(appPort), MEM_PORT: String(memPort), DATA_DIR: dataDir };
if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
console.log('seeding 100,000 points and starting the server…');
const target = await startProcess('bench/lib/points-target.ts', env);
try {
  const info = JSON.parse(readFileSync(path.join(dataDir, 'points-targets.json'), 'utf8')) as Targets;
  const byName = new Map(info.targets.map((t) => [t.name, t]));
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const headers = { 'accept-encoding': 'br, gzip' };
  const opts = { connections: 50, duration, warmup: 5, headers };

  const measure = async (name: string, goal: { rps: number; p99: number }) => {
    const t = byName.get(name);
    if (!t) throw new Error(`no target ${name}`);
    const memory = await load(`http://127.0.0.1:${memPort}/mem/${name}`, opts);
    const api = await load(`http://127.0.0.1:${appPort}${t.path}`, opts);
    const ratio = Math.round((api.requests_per_s / memory.requests_per_s) * 100) / 100;
    return {
      points_in_answer: t.points,
      json_bytes: t.bytes,
      goal_requests_per_s: goal.rps,
      goal_p99_ms: goal.p99,
      meets_goal: api.requests_per_s >= goal.rps && api.latency_p99_ms <= goal.p99 && api.non_2xx === 0 && api.errors === 0,
      ratio_to_memory: ratio,
      api: api satisfies LoadResult,
      same_bytes_from_memory: memory,
    };
  };

  const viewport100 = await measure('viewport_100', { rps: 3000, p99: 40 });
  // The same viewport moved on every request (never twice the same box): no answer cache helps, each request
  // queries the R*Tree, serialises and compresses (the cost of people looking at new places).
  const v100 = byName.get('viewport_100')!;
  const uncached100 = await loadVaried(appPort, v100.path, opts);
  const viewport10 = await measure('viewport_10', { rps: 10000, p99: 15 });
  const near = await measure('near', { rps: 3000, p99: 40 });

  // Compressed size of a 2,000-point viewport, as a browser receives it.
  const big = byName.get('viewport_2000')!;
  const sizes: Record<string, number> = {};
  for (const enc of ['br', 'gzip']) {
    const res = await fetch(`http://127.0.0.1:${appPort}${big.path}`, { headers: { 'accept-encoding': enc } });
    if (res.headers.get('content-encoding') !== enc) throw new Error(`no ${enc} encoding`);
    // fetch decodes the body: read the length from the raw bytes instead.
    const raw = await rawLength(`http://127.0.0.1:${appPort}${big.path}`, enc);
    sizes[enc] = raw;
  }

  writeResult('points-api', {
    database: info.dialect,
    points_in_database: info.count,
    seed_seconds: info.seed_seconds,
    viewport_100_requests_per_s: viewport100.api.requests_per_s,
    viewport_100_p99_ms: viewport100.api.latency_p99_ms,
    viewport_10_requests_per_s: viewport10.api.requests_per_s,
    viewport_10_p99_ms: viewport10.api.latency_p99_ms,
    near_requests_per_s: near.api.requests_per_s,
    near_p99_ms: near.api.latency_p99_ms,
    viewport_2000_points: big.points,
    viewport_2000_json_bytes: big.bytes,
    viewport_2000_br_bytes: sizes.br,
    viewport_2000_gzip_bytes: sizes.gzip,
    viewport_2000_under_60kb: Math.max(sizes.br ?? Infinity, sizes.gzip ?? Infinity) < 60 * 1024,
    viewport_100_uncached_requests_per_s: uncached100.requests_per_s,
    viewport_100_uncached_p99_ms: uncached100.latency_p99_ms,
    all_goals_met: viewport100.meets_goal && viewport10.meets_goal && near.meets_goal,
    viewport_100_uncached: uncached100,
    viewport_100: viewport100,
    viewport_10: viewport10,
    near,
  });
} finally {
  await target.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Like harness.load, but every request asks for the bbox shifted by a different offset (within ±0.05°, never the same box twice). */
async function loadVaried(port: number, basePath: string, o: { connections: number; duration: number; warmup: number; headers: Record<string, string> }): Promise<LoadResult> {
  const autocannon = (await import('autocannon')).default;
  const m = /bbox=([^&]+)/.exec(basePath);
  const [a, b, c, d] = (m?.[1] ?? '').split(',').map(Number) as [number, number, number, number];
  let seq = 0;
  const requests = [
    {
      method: 'GET',
      setupRequest: (req: Record<string, unknown>) => {
        // A deterministic walk: distinct boxes, all around Medellín's dense centre.
        seq += 1;
        const dx = ((seq % 1000) - 500) * 0.0001;
        const dy = ((Math.floor(seq / 1000) % 1000) - 500) * 0.0001;
        const bbox = [a + dx, b + dy, c + dx, d + dy].map((n) => n.toFixed(5)).join(',');
        return { ...req, path: `/back/api/v1/points?bbox=${bbox}` };
      },
    },
  ];
  const url = `http://127.0.0.1:${port}`;
  await autocannon({ url, connections: o.connections, duration: o.warmup, headers: o.headers, requests });
  const r = await autocannon({ url, connections: o.connections, duration: o.duration, headers: o.headers, requests });
  return {
    url: `${url}${basePath} (bbox moved on each request, never twice the same)`,
    connections: o.connections,
    duration_s: o.duration,
    requests_per_s: Math.round(r.requests.average),
    latency_p50_ms: r.latency.p50,
    latency_p99_ms: r.latency.p99,
    non_2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    bytes_per_response: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
  };
}

/** Bytes on the wire of a compressed answer (node:http does not decompress). */
async function rawLength(url: string, encoding: string): Promise<number> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}
