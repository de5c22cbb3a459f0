// GET /back/api/health (the whole app: security headers, auth hook, request ids, DB ping)
// against a bare Fastify route, same process, same run. Target ratio >= 0.85.
import { freePort, load, startProcess, writeResult } from './lib/harness.js';

const appPort = await freePort();
const barePort = await freePort();
const target = await startProcess('bench/lib/health-target.ts', { APP_PORT: String(appPort), BARE_PORT: String(barePort) });
try {
  const opts = { connections: 50, duration: Number(process.env.BENCH_DURATION ?? 10), warmup: 5 };
  const bare = await load(`http://127.0.0.1:${barePort}/bare`, opts);
  const health = await load(`http://127.0.0.1:${appPort}/back/api/health`, opts);
  const ratio = Math.round((health.requests_per_s / bare.requests_per_s) * 100) / 100;
  writeResult('health', {
    target_ratio: 0.85,
    ratio,
    meets_target: ratio >= 0.85,
    health,
    baseline_bare_fastify: bare,
  });
} finally {
  await target.stop();
}
