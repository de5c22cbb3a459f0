// Identity costs: one argon2id hash (m=19456 KiB, t=2, p=1), one login over HTTP (argon2 verify +
// session + tokens), and an authenticated GET /v1/me (JWT verify + user + live-session lookup)
// against GET /back/api/health on the same server, to show what the per-request session check costs.
import { hashPassword, verifyPassword } from '../apps/server/src/features/identity/passwords.js';
import { freePort, load, startProcess, writeResult } from './lib/harness.js';

const PASSWORD = 'Reciclo-Papel-2026';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

const hashMs: number[] = [];
let hash = '';
for (let i = 0; i < 10; i += 1) {
  const start = performance.now();
  hash = await hashPassword(PASSWORD);
  hashMs.push(performance.now() - start);
}
const verifyMs: number[] = [];
for (let i = 0; i < 10; i += 1) {
  const start = performance.now();
  await verifyPassword(hash, PASSWORD);
  verifyMs.push(performance.now() - start);
}

const port = await freePort();
const target = await startProcess('bench/lib/identity-target.ts', { APP_PORT: String(port), BENCH_PASSWORD: PASSWORD });
try {
  const base = `http://127.0.0.1:${port}`;
  const loginMs: number[] = [];
  let token = '';
  for (let i = 0; i < 20; i += 1) {
    const start = performance.now();
    const res = await fetch(`${base}/back/api/clientes/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench@example.co', password: PASSWORD }),
    });
    loginMs.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
    token = ((await res.json()) as { data: { token: string } }).data.token;
  }
  const opts = { connections: 50, duration: Number(process.env.BENCH_DURATION ?? 10), warmup: 3 };
  const health = await load(`${base}/back/api/health`, opts);
  const me = await load(`${base}/back/api/v1/me`, { ...opts, headers: { authorization: `Bearer ${token}` } });
  writeResult('identity', {
    argon2id_hash_ms_median: round(median(hashMs)),
    argon2id_verify_ms_median: round(median(verifyMs)),
    login_http_ms_median: round(median(loginMs)),
    me_requests_per_s: me.requests_per_s,
    me_vs_health_ratio: Math.round((me.requests_per_s / health.requests_per_s) * 100) / 100,
    me,
    health,
  });
} finally {
  await target.stop();
}
