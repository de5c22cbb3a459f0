// SIGTERM at ~500 req/s (BENCH_RATE), BENCH_ROUNDS times (default 5): requests in flight at the
// signal (sent more than 50 ms before it) that did not get their answer, and the time to exit.
// The server drains first (SHUTDOWN_DRAIN_MS, default 2 s: health 503, still accepting and
// serving), then stops accepting and finishes what is in flight.
// Targets: 0 failed in-flight requests and exit < 10 s with code 0 every round. Baseline: the
// same load without a signal in the same window (requests that failed anyway).
import { failedInFlight, runShutdownScenario } from '../apps/server/test/shutdown-scenario.js';
import { writeResult } from './lib/harness.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const rate = Number(process.env.BENCH_RATE ?? 500);
const perRound: Array<{
  requests: number;
  failed_in_flight: number;
  errors: Record<string, number>;
  exit_code: number | null;
  exit_ms: number;
}> = [];
for (let i = 0; i < rounds; i++) {
  const run = await runShutdownScenario({ rate });
  const failed = failedInFlight(run);
  const errors: Record<string, number> = {};
  for (const f of failed) errors[f.error ?? String(f.status)] = (errors[f.error ?? String(f.status)] ?? 0) + 1;
  perRound.push({
    requests: run.results.length,
    failed_in_flight: failed.length,
    errors,
    exit_code: run.exitCode,
    exit_ms: run.exitMs,
  });
  console.log(perRound.at(-1));
}
// Baseline: requests sent in the first 2 s of load (long before any signal) that failed.
const baselineRun = await runShutdownScenario({ rate, loadMs: 4000 });
const baselineFailed = baselineRun.results.filter(
  (r) => r.sentAt < baselineRun.signalAt - 2000 && r.status !== 200,
).length;
const failedTotal = perRound.reduce((a, r) => a + r.failed_in_flight, 0);
const exitMax = Math.max(...perRound.map((r) => r.exit_ms));
const meets = failedTotal === 0 && exitMax < 10_000 && perRound.every((r) => r.exit_code === 0);
writeResult('shutdown', {
  figure: 'failed in-flight requests over all rounds',
  failed_in_flight: failedTotal,
  rate_per_s: rate,
  target: 0,
  exit_ms_max: exitMax,
  exit_target_ms: 10_000,
  meets_target: meets,
  rounds: perRound,
  baseline_failed_without_signal: baselineFailed,
});
process.exitCode = meets ? 0 : 1;
