// GET /back/api/health (the whole app: security headers, auth hook, request ids, DB probe)
// against a bare Fastify route, same process, same run. Target ratio >= 0.85.
// The two are measured in alternating short slices (bare/health, then health/bare, ...) and
// compared by their medians, so a change of load on the machine during the run hits both
// sides alike instead of whichever ran second.
import { freePort, load, startProcess, writeResult, type LoadResult } from './lib/harness.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const slice = Number(process.env.BENCH_DURATION ?? 3);
const appPort = await freePort();
const barePort = await freePort();
const target = await startProcess('bench/lib/health-target.ts', { APP_PORT: String(appPort), BARE_PORT: String(barePort) });
const urls = { bare: `http://127.0.0.1:${barePort}/bare`, health: `http://127.0.0.1:${appPort}/back/api/health` };
const byRequests = (a: LoadResult, b: LoadResult) => a.requests_per_s - b.requests_per_s;
const median = (runs: LoadResult[]) => [...runs].sort(byRequests)[Math.floor(runs.length / 2)]!;
try {
  for (const url of Object.values(urls)) await load(url, { connections: 50, duration: 5, warmup: 0 });
  const runs: Record<'bare' | 'health', LoadResult[]> = { bare: [], health: [] };
  const roundRatios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? (['bare', 'health'] as const) : (['health', 'bare'] as const);
    for (const which of order) runs[which].push(await load(urls[which], { connections: 50, duration: slice, warmup: 0 }));
    roundRatios.push(runs.health.at(-1)!.requests_per_s / runs.bare.at(-1)!.requests_per_s);
  }
  const health = median(runs.health);
  const bare = median(runs.bare);
  const ratio = Math.round((health.requests_per_s / bare.requests_per_s) * 100) / 100;
  const sortedRatios = [...roundRatios].sort((a, b) => a - b);
  writeResult('health', {
    target_ratio: 0.85,
    ratio,
    meets_target: ratio >= 0.85,
    method: `${rounds} alternating rounds of ${slice} s slices at 50 connections; medians compared`,
    round_ratios: roundRatios.map((r) => Math.round(r * 100) / 100),
    round_ratio_median: Math.round((sortedRatios[Math.floor(sortedRatios.length / 2)] ?? 0) * 100) / 100,
    health,
    baseline_bare_fastify: bare,
  });
} finally {
  await target.stop();
}
