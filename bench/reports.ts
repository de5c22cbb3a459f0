// Incident reports with 200,000 of them in the database, loopback, each beside a bare route
// returning the same bytes from memory in the same run (baseline):
//  - the public list for a city viewport (Medellín) at 50 connections: target p99 <= 50 ms;
//  - the duplicate lookup (open reports of the same category within 50 m): target p99 <= 5 ms
//    (one client asking at a time: the latency a person filing a report waits);
//  - Open311 requests.json for a 90-day window, 1,000 results: target p99 <= 100 ms (one client
//    at a time; also measured at 4 connections).
// Open311 reads are limited to 1,200 an hour per client address (routes/open311): one address
// would get 429s after the first few seconds and the figure would measure the limiter's
// refusal. So the server runs with TRUST_PROXY=1, as behind the reverse proxy of a real
// deployment, and every Open311 request comes from its own X-Forwarded-For address (many
// integrators, each within its limit): the limiter still runs on every request; non-2xx
// answers make a run miss its goal.
// PostgreSQL instead of SQLite: BENCH_DATABASE_URL=postgres://... npx tsx bench/reports.ts
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, load, startProcess, writeResult } from './lib/harness.js';

type Targets = {
  count: number;
  seed_seconds: number;
  dialect: string;
  targets: { name: string; path: string; bytes: number; items: number }[];
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-bench-reports-'));
const appPort = await freePort();
const memPort = await freePort();
const env: Record<string, string> = {
  APP_PORT: String(appPort),
  MEM_PORT: String(memPort),
  DATA_DIR: dataDir,
  TRUST_PROXY: '1',
};
if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
if (process.env.REPORTS_COUNT) env.REPORTS_COUNT = process.env.REPORTS_COUNT;
console.log(`seeding ${process.env.REPORTS_COUNT ?? '200,000'} reports and starting the server…`);
const target = await startProcess('bench/lib/reports-target.ts', env);
try {
  const info = JSON.parse(readFileSync(path.join(dataDir, 'reports-targets.json'), 'utf8')) as Targets;
  const byName = new Map(info.targets.map((t) => [t.name, t]));
  const duration = Number(process.env.BENCH_DURATION ?? 10);

  const measure = async (name: string, connections: number, goalP99: number) => {
    const t = byName.get(name);
    if (!t) throw new Error(`no target ${name}`);
    const opts = { connections, duration, warmup: 3 };
    const memory = await load(`http://127.0.0.1:${memPort}/mem/${name}`, opts);
    const api = await load(`http://127.0.0.1:${appPort}${t.path}`, {
      ...opts,
      distinctClients: name.startsWith('open311'),
    });
    return {
      items_in_answer: t.items,
      json_bytes: t.bytes,
      connections,
      goal_p99_ms: goalP99,
      meets_goal: api.latency_p99_ms <= goalP99 && api.non_2xx === 0 && api.errors === 0,
      api,
      same_bytes_from_memory: memory,
    };
  };

  const viewport = await measure('viewport_list', 50, 50);
  const duplicates = await measure('duplicates', 1, 5);
  const open311 = await measure('open311_90_days', 1, 100);
  const open311At4 = await measure('open311_90_days', 4, 100);

  writeResult('reports', {
    database: info.dialect,
    reports_in_database: info.count,
    seed_seconds: info.seed_seconds,
    viewport_list_p99_ms: viewport.api.latency_p99_ms,
    viewport_list_requests_per_s: viewport.api.requests_per_s,
    viewport_list_baseline_p99_ms: viewport.same_bytes_from_memory.latency_p99_ms,
    duplicates_p99_ms: duplicates.api.latency_p99_ms,
    duplicates_baseline_p99_ms: duplicates.same_bytes_from_memory.latency_p99_ms,
    open311_90_days_results: open311.items_in_answer,
    open311_90_days_p99_ms: open311.api.latency_p99_ms,
    open311_90_days_baseline_p99_ms: open311.same_bytes_from_memory.latency_p99_ms,
    open311_90_days_4_connections_p99_ms: open311At4.api.latency_p99_ms,
    open311_90_days_4_connections_non_2xx: open311At4.api.non_2xx,
    open311_client_addresses: 'one X-Forwarded-For address per request (TRUST_PROXY=1, the bench as the proxy): see the header',
    all_goals_met: viewport.meets_goal && duplicates.meets_goal && open311.meets_goal && open311At4.meets_goal,
    viewport_list: viewport,
    duplicates,
    open311_90_days: open311,
    open311_90_days_4_connections: open311At4,
  });
} finally {
  await target.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
