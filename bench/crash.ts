// Crash safety of the embedded SQLite deployment: the real server (apps/server/src/server.ts)
// in a child process takes concurrent writes (sign-ups, PQR filings with an uploaded photo,
// pickup requests of a signed-in household, bare photo uploads) and is SIGKILLed at a random
// moment once it accepts writes, `--kills=N` times (default 1,000; CRASH_KILLS works too).
// Loopback only; it stops by itself. After each kill, with the server down, the database file
// is opened directly: PRAGMA integrity_check must say ok; every write the server acknowledged
// (a 2xx fully received) must be there, uploads with their bytes under their key; no bytes may
// sit under a final key without their row (orphans, `.tmp` leftovers included) and no file row
// may lack its bytes (half-written). Bytes under `incoming/` are an upload cut between its
// steps: the next start must finish or remove every one of them (not_recovered). Then the
// server restarts on the same data directory. Targets: 0 lost, 0 orphans, 0 half-written,
// 0 not recovered, 0 failed integrity checks. Baseline: the same counts after a clean SIGTERM
// stop at the end.
//
// The leanest honest start: the server entry is compiled once with esbuild at the start of the
// bench (bench/lib/server-bundle.ts: the same code tsx would run, each module keeping its own
// location) and started with plain `node`, in production mode, DEMO=false (demo data is seeded
// by one first start with DEMO=true), on the same SQLite file and data directory every time;
// migrations check, upload recovery and every plugin run at each start as they do in
// production. `--tsx` starts it through tsx instead, the development path (3–6 s a start).
// Each cycle's time is split into start (spawn → health 200), writing (random, 50–500 ms),
// exit (SIGKILL → exit event) and check.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@puntoverde/contract';
import sharp from 'sharp';
import { sqliteDriver } from '../apps/server/src/db/dialect.js';
import { originalKeyOf } from '../apps/server/src/features/files/image-variants.js';
import { DEMO_USERS } from '../apps/server/src/features/identity/identity.seed.js';
import { freePort, repoRoot, writeResult } from './lib/harness.js';
import { bundleServer } from './lib/server-bundle.js';

const option = (name: string) =>
  process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`))?.split('=')[1] ??
  (process.argv.includes(`--${name}`) ? '' : undefined);
const kills = Number(option('kills') ?? process.env.CRASH_KILLS ?? 1000);
const viaTsx = option('tsx') !== undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-crash-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2e7d32' } })
  .png()
  .toBuffer();
const entry = viaTsx ? ['--import', 'tsx', 'apps/server/src/server.ts'] : [await bundleServer()];

/** A write that gets no answer in this time is given up (not acknowledged) and the writer goes on. */
const REQUEST_TIMEOUT_MS = 10_000;

let child: ChildProcess | null = null;
/** Starts the server and resolves once its health check answers 200 (it accepts writes). */
async function start(env: Record<string, string> = {}) {
  child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      DEMO: 'false',
      MAIL_TRANSPORT: 'outbox',
      // Many clients behind a proxy: per-IP rate limits apply to each X-Forwarded-For address.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = child;
  // Up to 5 minutes: on a loaded machine tsx compiling the server takes a while.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (started.exitCode !== null) throw new Error(`server exited with ${started.exitCode} while starting`);
    try {
      if ((await fetch(`${base}/back/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('server did not start within 5 minutes');
}

async function stopGracefully() {
  const dead = new Promise((r) => child!.once('exit', r));
  child!.kill('SIGTERM');
  await dead;
}

const acked = {
  radicados: new Set<string>(),
  emails: new Set<string>(),
  files: new Set<string>(),
  requests: new Set<number>(),
};
let stop = false;
let seq = 0;
const ip = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function upload(from: string): Promise<{ id: string; key: string } | null> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
  const res = await fetch(`${base}/back/api/v1/pqr/attachments`, {
    method: 'POST',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    body: form,
    headers: { 'x-forwarded-for': from },
  });
  if (res.status !== 201) return null;
  const { id, upload_key } = ((await res.json()) as { data: { id: string; upload_key: string } }).data;
  acked.files.add(id);
  return { id, key: upload_key };
}

async function filePqr() {
  const from = ip();
  const photo = await upload(from);
  const res = await fetch(`${base}/back/api/v1/pqr`, {
    method: 'POST',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': from,
      ...(photo ? { 'x-pqr-upload-key': photo.key } : {}),
    },
    body: JSON.stringify({
      type: 'peticion',
      subject: `Prueba de caída ${(seq += 1)}`,
      description: 'Solicitud escrita mientras el servidor se cae a propósito, para probar que no se pierde.',
      name: 'Ana María Pérez',
      document_type: 'CC',
      document_number: '1020304050',
      email: 'ana.perez@example.com',
      phone: '300 123 4567',
      answer_channel: 'email',
      attachments: photo ? [photo.id] : [],
      ...(photo ? { upload_key: photo.key } : {}),
      accept_data_policy: true,
    }),
  });
  if (res.status !== 201 && process.env.CRASH_DEBUG) console.log('pqr', res.status, await res.text());
  if (res.status === 201) acked.radicados.add(((await res.json()) as { data: { radicado: string } }).data.radicado);
}

async function signUp() {
  const email = `caida-${Date.now().toString(36)}-${(seq += 1)}@example.co`;
  const res = await fetch(`${base}/back/api/clientes/registro`, {
    method: 'POST',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip() },
    body: JSON.stringify({
      data_user: {
        tc_id: 2,
        email,
        password: 'PuntoVerde2026!',
        first_name: 'Laura',
        last_name: 'Gómez',
        document_type: 'CC',
        document_number: String(10_000_000 + randomInt(89_000_000)),
        phone: '300 123 4567',
        city: 'Medellín',
        address: 'Calle 10 # 43-12',
        accept_data_policy: true,
      },
    }),
  });
  if (res.status === 201) acked.emails.add(email.toLowerCase());
}

let token = '';
async function login() {
  const res = await fetch(`${base}/back/api/clientes/login`, {
    method: 'POST',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USERS.household, password: DEMO_PASSWORD }),
  });
  if (res.status === 200) token = ((await res.json()) as { data: { token: string } }).data.token;
}

/** The first day from tomorrow that is not a Sunday (a holiday is refused: not acknowledged). */
function pickupDate() {
  const d = new Date(Date.now() + 86_400_000 * (1 + randomInt(10)));
  if (d.getUTCDay() === 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A pickup request of the demo household (signed in; again when its token is refused). */
async function requestPickup() {
  if (!token) await login();
  const res = await fetch(`${base}/back/api/v1/requests`, {
    method: 'POST',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      items: [
        { material: 'pet', estimated_kg: 10 },
        { material: 'carton', estimated_kg: 4.5 },
      ],
      address: 'Carrera 70 # 44-10, Laureles',
      lat: 6.2446,
      lng: -75.5916,
      preferred_date: pickupDate(),
      time_window: 'manana',
      notes: 'Escrita mientras el servidor se cae a propósito.',
      photos: [],
    }),
  });
  if (res.status === 401) token = '';
  if (res.status !== 201 && process.env.CRASH_DEBUG) console.log('request', res.status, await res.text());
  if (res.status === 201) acked.requests.add(((await res.json()) as { data: { id: number } }).data.id);
  // The per-account limit (30 an hour, in memory without Redis) refuses some: wait a little.
  if (res.status === 429) await new Promise((r) => setTimeout(r, 100));
}

/** A bare photo upload (never attached): it must survive a crash like any other write. */
async function uploadOnly() {
  await upload(ip());
}

async function writer(task: () => Promise<unknown>) {
  while (!stop) {
    try {
      await task();
    } catch {
      await new Promise((r) => setTimeout(r, 5)); // connection refused/reset while down
    }
  }
}

let pendingAtLastKill = new Set<string>();
function check() {
  const file = path.join(dataDir, 'puntoverde.sqlite');
  const db = new sqliteDriver.Database(file, { fileMustExist: true });
  try {
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    const radicados = new Set(
      (db.prepare('select radicado from pqr').all() as Array<{ radicado: string }>).map((r) => r.radicado),
    );
    const emails = new Set(
      (db.prepare('select lower(email) as e from users').all() as Array<{ e: string }>).map((r) => r.e),
    );
    const requests = new Set(
      (db.prepare('select id from pickup_requests').all() as Array<{ id: number }>).map((r) => r.id),
    );
    const rows = db.prepare('select public_id, storage_key from files').all() as Array<{
      public_id: string;
      storage_key: string;
    }>;
    const keyOf = new Map(rows.map((r) => [r.public_id, r.storage_key]));
    const keys = new Set(rows.map((r) => r.storage_key));
    const filesDir = path.join(dataDir, 'files');
    const onDisk = existsSync(filesDir)
      ? readdirSync(filesDir, { recursive: true, withFileTypes: true })
          .filter((d) => d.isFile())
          .map((d) => path.relative(filesDir, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
      : [];
    // Bytes waiting under incoming/ are an upload cut between its steps: the next start finishes
    // (row there) or deletes (no row) them, checked at the following kill.
    // So are `*.tmp` files: a write (an image variant's) cut between its bytes and its rename.
    const isPending = (f: string) => f.startsWith('incoming/') || f.endsWith('.tmp');
    const pending = onDisk.filter(isPending);
    const stored = new Set(onDisk.filter((f) => !isPending(f)));
    const waiting = new Set(pending.map((f) => f.replace(/^incoming\//, '')));
    const lost =
      [...acked.radicados].filter((r) => !radicados.has(r)).length +
      [...acked.emails].filter((e) => !emails.has(e)).length +
      [...acked.requests].filter((id) => !requests.has(id)).length +
      [...acked.files].filter((f) => !keyOf.has(f) || !stored.has(keyOf.get(f)!)).length;
    // A responsive variant (`<key>.640w.avif`) belongs to its original's row (image-variants.ts).
    const orphans = [...stored].filter((f) => !keys.has(originalKeyOf(f)));
    const halfWritten = [...keys].filter((k) => !stored.has(k) && !waiting.has(k));
    const notRecovered = [...pendingAtLastKill].filter((f) => pending.includes(f)).length;
    pendingAtLastKill = new Set(pending);
    return {
      integrity,
      lost,
      orphans: orphans.length,
      half_written: halfWritten.length,
      pending: pending.length,
      not_recovered: notRecovered,
      sample: [...orphans, ...halfWritten].slice(0, 2),
    };
  } finally {
    db.close();
  }
}

const totals = {
  kills: 0,
  lost: 0,
  orphans: 0,
  half_written: 0,
  not_recovered: 0,
  pending_seen: 0,
  integrity_failures: 0,
};
const phases = {
  start_ms: [] as number[],
  writing_ms: [] as number[],
  exit_ms: [] as number[],
  check_ms: [] as number[],
};
const cycleMs: number[] = [];
const started = Date.now();
// One start in demo mode seeds the points and accounts the writers use; then a clean stop.
await start({ DEMO: 'true' });
await stopGracefully();
let t = performance.now();
await start();
phases.start_ms.push(performance.now() - t);
const writers = [writer(filePqr), writer(filePqr), writer(uploadOnly), writer(signUp), writer(requestPickup)];
try {
  for (let i = 0; i < kills; i++) {
    const writing = 50 + randomInt(450);
    await new Promise((r) => setTimeout(r, writing));
    phases.writing_ms.push(writing);
    t = performance.now();
    const dead = new Promise((r) => child!.once('exit', r));
    child!.kill('SIGKILL');
    await dead;
    phases.exit_ms.push(performance.now() - t);
    t = performance.now();
    const c = check();
    phases.check_ms.push(performance.now() - t);
    totals.kills += 1;
    totals.lost = Math.max(totals.lost, c.lost);
    totals.orphans = Math.max(totals.orphans, c.orphans);
    totals.half_written = Math.max(totals.half_written, c.half_written);
    totals.not_recovered += c.not_recovered;
    totals.pending_seen += c.pending;
    if (c.integrity !== 'ok') totals.integrity_failures += 1;
    if ((i + 1) % 10 === 0 || c.lost || c.orphans || c.half_written || c.not_recovered || c.integrity !== 'ok') {
      const mean = cycleMs.length ? Math.round(cycleMs.reduce((a, b) => a + b, 0) / cycleMs.length) : 0;
      console.log(
        `kill ${i + 1}/${kills}: integrity ${c.integrity}, lost ${c.lost}, orphans ${c.orphans}, half-written ${c.half_written}, not recovered ${c.not_recovered}; acknowledged ${acked.radicados.size} PQRs, ${acked.emails.size} sign-ups, ${acked.requests.size} pickup requests, ${acked.files.size} uploads; ${mean} ms a cycle`,
      );
    }
    t = performance.now();
    await start();
    phases.start_ms.push(performance.now() - t);
    cycleMs.push(writing + phases.exit_ms.at(-1)! + phases.check_ms.at(-1)! + phases.start_ms.at(-1)!);
  }
} finally {
  stop = true;
  await Promise.all(writers);
}
await stopGracefully();
const baseline = check();
if (process.env.CRASH_KEEP) console.log(`data kept in ${dataDir}`);
else rmSync(dataDir, { recursive: true, force: true });
const meets =
  totals.lost === 0 &&
  totals.orphans === 0 &&
  totals.half_written === 0 &&
  totals.not_recovered === 0 &&
  totals.integrity_failures === 0 &&
  totals.kills === kills;
const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { mean: Math.round(xs.reduce((a, b) => a + b, 0) / (xs.length || 1)), p50: at(0.5), p95: at(0.95) };
};
writeResult('crash', {
  figure:
    'acknowledged writes lost, orphan files, half-written file records, unrecovered uploads and failed integrity checks after SIGKILL',
  ...totals,
  target: { lost: 0, orphans: 0, half_written: 0, not_recovered: 0, integrity_failures: 0 },
  meets_target: meets,
  acknowledged: {
    pqr: acked.radicados.size,
    sign_ups: acked.emails.size,
    pickup_requests: acked.requests.size,
    uploads: acked.files.size,
  },
  sqlite: 'journal_mode=WAL, synchronous=NORMAL',
  server_start: viaTsx ? 'tsx apps/server/src/server.ts' : 'node, esbuild bundle of apps/server/src/server.ts',
  cycle_ms: stats(cycleMs),
  phases_ms: {
    start: stats(phases.start_ms),
    writing: stats(phases.writing_ms),
    exit: stats(phases.exit_ms),
    check: stats(phases.check_ms),
  },
  minutes: Math.round((Date.now() - started) / 600) / 100,
  baseline_after_clean_stop: baseline,
});
process.exitCode = meets ? 0 : 1;
