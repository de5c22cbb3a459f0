// Does «¿Olvidaste tu contraseña?» tell a known address from an unknown one by its timing?
// 1,000 first requests for known accounts and 1,000 for unknown addresses, interleaved in
// random order over one keep-alive connection; the figure is the difference of the medians
// (target < 1 ms). Baseline in the same run: the median of GET /back/api/health.
import { freePort, startProcess, writeResult } from './lib/harness.js';

const TRIALS = Number(process.env.BENCH_TRIALS ?? 1000);
const TARGET_MS = 1;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const round = (n: number) => Math.round(n * 1000) / 1000;

const port = await freePort();
const target = await startProcess('bench/lib/forgot-target.ts', { APP_PORT: String(port), FORGOT_ACCOUNTS: String(TRIALS) });
try {
  const base = `http://127.0.0.1:${port}`;
  const forgot = async (email: string) => {
    const start = performance.now();
    const res = await fetch(`${base}/back/api/clientes/forgotpassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data_user: { email } }),
    });
    await res.arrayBuffer();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}`);
    return ms;
  };
  // Warm-up on addresses outside both samples.
  for (let i = 0; i < 50; i += 1) await forgot(`calentamiento-${i}@example.org`);
  const healthMs: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    const start = performance.now();
    await (await fetch(`${base}/back/api/health`)).arrayBuffer();
    healthMs.push(performance.now() - start);
  }
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < TRIALS; i += 1) {
    // Each pair in random order, so neither kind always follows the other's background work.
    const knownFirst = Math.random() < 0.5;
    if (knownFirst) known.push(await forgot(`olvido-${i}@example.co`));
    unknown.push(await forgot(`nadie-${i}@example.co`));
    if (!knownFirst) known.push(await forgot(`olvido-${i}@example.co`));
  }
  const difference = Math.abs(median(known) - median(unknown));
  writeResult('forgot-password-timing', {
    trials_each: TRIALS,
    known_median_ms: round(median(known)),
    unknown_median_ms: round(median(unknown)),
    median_difference_ms: round(difference),
    target_ms: TARGET_MS,
    pass: difference < TARGET_MS,
    baseline_health_median_ms: round(median(healthMs)),
  });
  if (difference >= TARGET_MS) process.exitCode = 1;
} finally {
  await target.stop();
}
