// Soak: the real app (bench/lib/soak-target.ts, SQLite) under a steady, realistic mix: 90 %
// reads (map viewports and clusters, materials, a point's page, public reports, my pickups) and
// 10 % writes (pickup requests, PQR filings, incident reports), from 4,000 households and random
// client addresses, on loopback. First the capacity of this machine for this mix is measured
// (`--capacity-seconds`, default 30, after 5 s of warm-up: as fast as SOAK_CONNECTIONS = 32
// clients go), then the soak runs at half of it (`--rate=N` to set it) for `--minutes`
// (default 10, SOAK_MINUTES works too; `--minutes=1` for a quick run). The server samples its
// RSS, heap, open file descriptors and database files every 5 s; latency and errors are also
// cut in slices of SOAK_SLICE_S (default 30).
// Targets ("10 minutes at half the measured capacity: 0 errors, p99 ≤ 50 ms, RSS
// growth ≤ 10 %"): 0 errors; p99 ≤ 50 ms over every request of the run after warm-up (the
// worst 30 s slice's p99 is reported beside it, not a target); RSS growth ≤ 10 % and heap growth
// ≤ 10 % (median of the last slice against the first slice after warm-up); descriptors ≤ +10.
// Baseline: the first slice (the same figures before the process has run for long).
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomInt } from 'node:crypto';
// The PQR body builder of the server's test kit (it imports no app module and no vitest).
import { validPqr } from '../apps/server/test/factories/pqr.js';
import { freePort, startProcess, writeResult } from './lib/harness.js';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const minutes = Number(option('minutes') ?? process.env.SOAK_MINUTES ?? 10);
const capacitySeconds = Number(option('capacity-seconds') ?? 30);
const fixedRate = option('rate') ?? process.env.SOAK_RATE;
/** Requests in flight at most (a pool of clients): past it, the schedule waits, and achieved_per_s shows it. */
const maxInFlight = Number(process.env.SOAK_CONNECTIONS ?? 32);
const sliceS = Number(process.env.SOAK_SLICE_S ?? 30);
const warmupS = Math.min(30, (minutes * 60) / 5);
const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-soak-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const target = await startProcess('bench/lib/soak-target.ts', {
  APP_PORT: String(port),
  DATA_DIR: dataDir,
  SAMPLE_MS: '5000',
});

type Sample = { t: number; rss: number; heap_used: number; fds: number; db: number };
const samples: Sample[] = [];
let pending = '';
target.child.stdout?.on('data', (chunk: Buffer) => {
  pending += chunk.toString();
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) if (line.startsWith('SAMPLE ')) samples.push(JSON.parse(line.slice(7)) as Sample);
});

let users = JSON.parse(readFileSync(path.join(dataDir, 'soak-users.json'), 'utf8')) as {
  point_id: number;
  tokens: string[];
};
const refresh = setInterval(() => {
  users = JSON.parse(readFileSync(path.join(dataDir, 'soak-users.json'), 'utf8')) as typeof users;
}, 60_000);

const ip = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const lat = () => 6.2442 + (randomInt(2001) - 1000) / 20000;
const lng = () => -75.5812 + (randomInt(2001) - 1000) / 20000;
const bbox = (half: number) => {
  const [y, x] = [lat(), lng()];
  return [x - half, y - half, x + half, y + half].map((n) => n.toFixed(5)).join(',');
};
let userSeq = 0;
const someone = () => ({ authorization: `Bearer ${users.tokens[(userSeq += 1) % users.tokens.length]}` });
const nextDay = () => {
  const d = new Date(Date.now() + 2 * 86_400_000);
  if (d.getUTCDay() === 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

type Op = { name: string; weight: number; write: boolean; run: () => Promise<Response> };
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-forwarded-for': ip(), ...headers },
  body: JSON.stringify(body),
});
const ops: Op[] = [
  { name: 'map_viewport', weight: 35, write: false, run: () => fetch(`${base}/back/api/v1/points?bbox=${bbox(0.01)}`) },
  {
    name: 'map_clusters',
    weight: 15,
    write: false,
    run: () => fetch(`${base}/back/api/v1/points/clusters?bbox=${bbox(0.2)}&zoom=11`),
  },
  { name: 'materials', weight: 10, write: false, run: () => fetch(`${base}/back/api/v1/materials`) },
  { name: 'point', weight: 10, write: false, run: () => fetch(`${base}/back/api/v1/points/${users.point_id}`) },
  { name: 'reports_list', weight: 10, write: false, run: () => fetch(`${base}/back/api/v1/reports`) },
  {
    name: 'my_pickups',
    weight: 10,
    write: false,
    run: () => fetch(`${base}/back/api/v1/requests`, { headers: someone() }),
  },
  {
    name: 'pickup_request',
    weight: 4,
    write: true,
    run: () =>
      fetch(
        `${base}/back/api/v1/requests`,
        json(
          {
            point_id: users.point_id,
            items: [{ material: 'pet', estimated_kg: 5 }],
            address: 'Carrera 70 # 44-10, Laureles',
            lat: 6.2446,
            lng: -75.5916,
            preferred_date: nextDay(),
            time_window: 'manana',
            notes: 'Portería del edificio.',
            photos: [],
          },
          someone(),
        ),
      ),
  },
  {
    name: 'pqr_filing',
    weight: 3,
    write: true,
    run: () =>
      fetch(
        `${base}/back/api/v1/pqr`,
        json(
          validPqr({
            type: 'peticion',
            subject: 'Horario del punto de reciclaje',
            description: 'Quisiera saber el horario de atención del punto de reciclaje del parque, gracias.',
          }),
        ),
      ),
  },
  {
    name: 'incident_report',
    weight: 3,
    write: true,
    run: () =>
      fetch(
        `${base}/back/api/v1/reports`,
        json(
          {
            category: 'contenedor_lleno',
            description: 'El contenedor de PET está lleno y hay bolsas en el andén.',
            lat: lat(),
            lng: lng(),
            photos: [],
          },
          someone(),
        ),
      ),
  },
];
const totalWeight = ops.reduce((a, o) => a + o.weight, 0);
const pick = () => {
  let r = randomInt(totalWeight);
  for (const o of ops) if ((r -= o.weight) < 0) return o;
  return ops[0]!;
};

type Done = { at: number; ms: number; op: string; ok: boolean; status: number | string };
const done: Done[] = [];
const errorSamples: string[] = [];
async function one() {
  const op = pick();
  const start = performance.now();
  let status: number | string;
  try {
    const res = await op.run();
    status = res.status;
    const text = await res.text();
    if (res.status >= 300 && errorSamples.length < 5)
      errorSamples.push(`${op.name} ${res.status} ${text.slice(0, 160)}`);
  } catch (err) {
    status = (err as Error).message;
    if (errorSamples.length < 5) errorSamples.push(`${op.name} ${status}`);
  }
  done.push({
    at: Date.now(),
    ms: performance.now() - start,
    op: op.name,
    ok: typeof status === 'number' && status < 300,
    status,
  });
}

/** Sends the mix at `rate` a second (Infinity: as fast as the clients go) until `until`. */
const inflight = new Set<Promise<void>>();
async function drive(rate: number, until: number) {
  const from = Date.now();
  let sent = 0;
  while (Date.now() < until) {
    const due = ((Date.now() - from) / 1000) * rate;
    while (sent < due && inflight.size < maxInFlight) {
      sent += 1;
      const p = one().finally(() => inflight.delete(p));
      inflight.add(p);
    }
    await new Promise((r) => setTimeout(r, inflight.size < maxInFlight ? 5 : 1));
  }
  await Promise.all(inflight);
}

// Capacity: 5 s of warm-up, then requests completed per second by 32 clients with no pause.
await drive(Infinity, Date.now() + 5000);
const capacityFrom = Date.now();
const doneBefore = done.length;
await drive(Infinity, capacityFrom + capacitySeconds * 1000);
const capacity = Math.round(((done.length - doneBefore) / ((Date.now() - capacityFrom) / 1000)) * 10) / 10;
const capacityErrors = done.slice(doneBefore).filter((d) => !d.ok).length;
done.length = 0;
errorSamples.length = 0;
const rate = fixedRate ? Number(fixedRate) : Math.max(1, Math.round(capacity / 2));
console.log(`capacity ${capacity} requests/s (${capacityErrors} errors); soak at ${rate}/s for ${minutes} min`);

const started = Date.now();
const endAt = started + minutes * 60_000;
await drive(rate, endAt);
clearInterval(refresh);
await target.stop();
rmSync(dataDir, { recursive: true, force: true });

const p = (xs: number[], q: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 10) / 10;
};
const median = (xs: number[]) => p(xs, 0.5);
const measured = done.filter((d) => d.at >= started + warmupS * 1000);
const slices: Array<{
  from_s: number;
  requests: number;
  errors: number;
  p50_ms: number;
  p99_ms: number;
  rss_mb: number;
  heap_mb: number;
  fds: number;
  db: number;
}> = [];
for (let from = started + warmupS * 1000; from < endAt; from += sliceS * 1000) {
  const inSlice = measured.filter((d) => d.at >= from && d.at < from + sliceS * 1000);
  const mem = samples.filter((s) => s.t >= from && s.t < from + sliceS * 1000);
  if (!inSlice.length) continue;
  slices.push({
    from_s: Math.round((from - started) / 1000),
    requests: inSlice.length,
    errors: inSlice.filter((d) => !d.ok).length,
    p50_ms: p(
      inSlice.map((d) => d.ms),
      0.5,
    ),
    p99_ms: p(
      inSlice.map((d) => d.ms),
      0.99,
    ),
    rss_mb: Math.round(median(mem.map((s) => s.rss)) / 1e5) / 10,
    heap_mb: Math.round(median(mem.map((s) => s.heap_used)) / 1e5) / 10,
    fds: Math.max(0, ...mem.map((s) => s.fds)),
    db: Math.max(0, ...mem.map((s) => s.db)),
  });
}
const first = slices[0]!;
const last = slices.at(-1)!;
const growth = (a: number, b: number) => (a ? Math.round(((b - a) / a) * 1000) / 10 : 0);
const errors = done.filter((d) => !d.ok).length;
const p99Max = Math.max(...slices.map((s) => s.p99_ms));
const p99Run = p(
  measured.map((d) => d.ms),
  0.99,
);
const perOp = Object.fromEntries(
  ops.map((o) => {
    const mine = measured.filter((d) => d.op === o.name);
    return [
      o.name,
      {
        requests: mine.length,
        errors: mine.filter((d) => !d.ok).length,
        p99_ms: p(
          mine.map((d) => d.ms),
          0.99,
        ),
      },
    ];
  }),
);
const result = {
  figure: 'errors, p99 over the run and memory growth at half the measured capacity of a 90/10 read/write mix',
  minutes,
  capacity_per_s: capacity,
  capacity_errors: capacityErrors,
  rate_per_s: rate,
  rate_is_half_capacity: !fixedRate,
  max_in_flight: maxInFlight,
  achieved_per_s: Math.round((done.length / (minutes * 60)) * 10) / 10,
  requests: done.length,
  errors,
  error_rate: done.length ? Math.round((errors / done.length) * 1e5) / 1e5 : 0,
  p99_ms: p99Run,
  p50_ms: p(
    measured.map((d) => d.ms),
    0.5,
  ),
  p99_ms_worst_slice: p99Max,
  rss_growth_pct: growth(first.rss_mb, last.rss_mb),
  heap_growth_pct: growth(first.heap_mb, last.heap_mb),
  fds_growth: last.fds - first.fds,
  db_connections_max: Math.max(...slices.map((s) => s.db)),
  target: { errors: 0, p99_ms: 50, rss_growth_pct: 10, heap_growth_pct: 10, fds_growth: 10 },
  target_p99_refers_to: 'every request of the run after warm-up (p99_ms); p99_ms_worst_slice is reported, not a target',
  load_average: loadavg().map((l) => Math.round(l * 100) / 100),
  baseline_first_slice: first,
  slices,
  per_operation: perOp,
  error_samples: errorSamples,
};
const meets =
  errors === 0 &&
  p99Run <= 50 &&
  result.rss_growth_pct <= 10 &&
  result.heap_growth_pct <= 10 &&
  result.fds_growth <= 10;
writeResult('soak', { ...result, meets_target: meets });
process.exitCode = meets ? 0 : 1;
