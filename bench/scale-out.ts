// Scale-out: two instances of the real app (bench/lib/scale-target.ts) on one PostgreSQL
// database (a fresh one made on TEST_DATABASE_URL's server, dropped at the end) and one Redis
// (TEST_REDIS_URL, database 11), sharing DATA_DIR (signing secret, outbox), behind a small
// round-robin reverse proxy on 127.0.0.1. Checks, each a count: a session made on A is served
// by B; PQR rate limits are shared (14 filings from one address alternating A and B: exactly
// 10 accepted); a pickup status change made on A reaches the requester's SSE stream open on B;
// 200 concurrent PQR filings split across both get 200 different radicados; every filing's
// confirmation e-mail is in the outbox exactly once (the outbox is not delivered twice).
// Figure: read throughput (GET /points of a viewport) through the proxy with two instances
// against the same proxy with one (the baseline). Skipped (exit 0) without the two URLs.
import autocannon from 'autocannon';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openSse } from '../apps/server/test/sse.js';
import { freePort, startProcess, writeResult } from './lib/harness.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!pgUrl || !redisUrl) {
  console.log('scale-out: set TEST_DATABASE_URL and TEST_REDIS_URL to run it (skipped)');
  process.exit(0);
}
const dbName = `scale_${randomBytes(4).toString('hex')}`;
async function admin(text: string) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}
await admin(`create database ${dbName}`);
const dbUrl = new URL(pgUrl);
dbUrl.pathname = `/${dbName}`;
const redis = new URL(redisUrl);
redis.pathname = '/11';
const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-scale-'));
const seedFile = path.join(dataDir, 'seed.json');
const env = { DATABASE_URL: dbUrl.toString(), REDIS_URL: redis.toString(), DATA_DIR: dataDir, SEED_FILE: seedFile };
const [portA, portB, proxyPort, soloPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
const a = await startProcess('bench/lib/scale-target.ts', { ...env, APP_PORT: String(portA), SCALE_SEED: '1' });
const b = await startProcess('bench/lib/scale-target.ts', { ...env, APP_PORT: String(portB) });
const A = `http://127.0.0.1:${portA}`;
const B = `http://127.0.0.1:${portB}`;

/** A round-robin reverse proxy over `ports` (streams both ways, so SSE passes through). */
function proxy(port: number, ports: number[]): Promise<http.Server> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const target = ports[next++ % ports.length]!;
    const up = http.request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers, agent },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
const both = await proxy(proxyPort, [portA, portB]);
const solo = await proxy(soloPort, [portA]);
const P = `http://127.0.0.1:${proxyPort}`;

const seed = JSON.parse(readFileSync(seedFile, 'utf8')) as { point_id: number };
const password = 'Reciclo-Papel-2026';
const ip = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/back/api/clientes/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip() },
    body: JSON.stringify({ username: email, password }),
  });
  if (res.status !== 200) throw new Error(`login on ${base}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}
const pqr = (base: string, from: string, n: number) =>
  fetch(`${base}/back/api/v1/pqr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({
      type: 'peticion',
      subject: `Consulta de escala ${n}`,
      description: 'Quisiera saber el horario de atención del punto de reciclaje del parque, gracias.',
      name: 'Ana María Pérez',
      document_type: 'CC',
      document_number: '1020304050',
      email: `ciudadana-${n}@example.com`,
      phone: '300 123 4567',
      answer_channel: 'email',
      attachments: [],
      accept_data_policy: true,
    }),
  });

// 1. A session made on A is valid on B.
const household = await login(A, 'hogar@example.co');
const meOnB = await fetch(`${B}/back/api/v1/me`, { headers: { authorization: `Bearer ${household}` } });
const sessionShared = meOnB.status === 200;

// 2. Rate limits are shared: 14 anonymous filings from one address, alternating A and B.
const one = ip();
let accepted = 0;
for (let i = 0; i < 14; i++) if ((await pqr(i % 2 ? B : A, one, 1000 + i)).status === 201) accepted += 1;
const rateLimitShared = accepted === 10;

// 3. A pickup status change on A reaches an SSE stream open on B.
const stream = await openSse(`${B}/back/api/v1/events`, { authorization: `Bearer ${household}` });
await stream.next('ready', { timeoutMs: 10_000 });
const day = new Date(Date.now() + 2 * 86_400_000);
if (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
const created = await fetch(`${A}/back/api/v1/requests`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${household}` },
  body: JSON.stringify({
    point_id: seed.point_id,
    items: [{ material: 'pet', estimated_kg: 5 }],
    address: 'Carrera 70 # 44-10, Laureles',
    lat: 6.2446,
    lng: -75.5916,
    preferred_date: day.toISOString().slice(0, 10),
    time_window: 'manana',
    photos: [],
  }),
});
if (created.status !== 201) throw new Error(`pickup request: ${created.status} ${await created.text()}`);
const requestId = ((await created.json()) as { data: { id: number } }).data.id;
const manager = await login(B, 'gestor@example.co');
const since = stream.messages.length;
const changedAt = Date.now();
const accept = await fetch(`${A}/back/api/v1/requests/${requestId}/status`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${manager}` },
  body: JSON.stringify({ status: 'aceptada' }),
});
let sseCrossed = false;
let sseMs: number | null = null;
if (accept.status === 200) {
  try {
    await stream.next('request.updated', { timeoutMs: 10_000, since });
    sseCrossed = true;
    sseMs = Date.now() - changedAt;
  } catch {
    sseCrossed = false;
  }
}
stream.close();

// 4. 200 concurrent filings through the proxy (both instances): 200 different radicados.
const filings = await Promise.all(
  Array.from({ length: 200 }, (_, i) =>
    pqr(P, ip(), i).then(async (r) =>
      r.status === 201 ? ((await r.json()) as { data: { radicado: string } }).data.radicado : null,
    ),
  ),
);
const radicados = filings.filter((r): r is string => r !== null);
const uniqueRadicados = new Set(radicados).size;

// 5. The outbox delivers once: each accepted filing's confirmation e-mail appears once.
await new Promise((r) => setTimeout(r, 5000));
const mails = readdirSync(path.join(dataDir, 'outbox'))
  .filter((f) => f.endsWith('.json'))
  .map(
    (f) =>
      JSON.parse(readFileSync(path.join(dataDir, 'outbox', f), 'utf8')) as {
        to: string;
        subject: string;
        text: string;
      },
  );
const perRadicado = radicados.map((r) => mails.filter((m) => m.subject.includes(r) || m.text.includes(r)).length);
const duplicatedMails = perRadicado.filter((n) => n > 1).length;
const missingMails = perRadicado.filter((n) => n === 0).length;

// Figure: read throughput through the proxy, two instances vs one.
const url = (base: string) => `${base}/back/api/v1/points?bbox=-75.6,6.23,-75.57,6.26`;
const run = async (base: string) => {
  await autocannon({ url: url(base), connections: 32, duration: 5 });
  const r = await autocannon({ url: url(base), connections: 32, duration: 10 });
  return {
    requests_per_s: Math.round(r.requests.average),
    p99_ms: r.latency.p99,
    non_2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
};
// One, two, one again: a load spike from elsewhere on the machine shows as a gap between the ones.
const single = await run(`http://127.0.0.1:${soloPort}`);
const two = await run(P);
const singleAgain = await run(`http://127.0.0.1:${soloPort}`);

await Promise.all([a.stop(), b.stop()]);
both.close();
solo.close();
await admin(`drop database if exists ${dbName} with (force)`);
rmSync(dataDir, { recursive: true, force: true });

const checks = {
  session_made_on_a_valid_on_b: sessionShared,
  rate_limit_shared: { accepted_of_14: accepted, expected: 10, ok: rateLimitShared },
  sse_change_on_a_reaches_b: { ok: sseCrossed, ms: sseMs },
  radicados: { filed: radicados.length, unique: uniqueRadicados, of: 200 },
  outbox: { duplicated: duplicatedMails, missing: missingMails },
};
const meets =
  sessionShared &&
  rateLimitShared &&
  sseCrossed &&
  radicados.length === 200 &&
  uniqueRadicados === 200 &&
  duplicatedMails === 0 &&
  missingMails === 0;
writeResult('scale-out', {
  figure: 'read requests per second through the proxy, two instances (PostgreSQL + Redis)',
  requests_per_s: two.requests_per_s,
  target: 'every cross-instance check passes; throughput reported against one instance',
  meets_target: meets,
  checks,
  two_instances: two,
  baseline_one_instance: single,
  one_instance_again: singleAgain,
  speed_up: single.requests_per_s ? Math.round((two.requests_per_s / single.requests_per_s) * 100) / 100 : null,
});
process.exitCode = meets ? 0 : 1;
