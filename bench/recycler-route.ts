// Mi ruta de hoy: ordering a recycler's 60 stops of a day (nearest neighbour from the ECA + 2-opt,
// packages/contract/src/recycler-route-plan.ts, what GET /v1/recyclers/me/route runs per ECA).
// Target: ≤ 100 ms per ordering (the worst of the runs). Baselines: the naive order (as the stops
// were assigned) and nearest neighbour alone, in km of the closed tour ECA → stops → ECA; and the
// demo day's eight stops (apps/server/src/features/recyclers/route.seed.ts).
import { metersBetween, planRoute, tourMeters, type RoutePlace } from '../packages/contract/src/recycler-route-plan.js';
import { DEMO_ROUTE_ASSIGNED, DEMO_ROUTE_STOPS } from '../apps/server/src/features/recyclers/route.seed.js';
import { writeResult } from './lib/harness.js';

const STOPS = Number(process.env.BENCH_STOPS ?? 60);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const TARGET_MS = 100;
const ECA = { lat: 6.2471, lng: -75.5902 };

/** A deterministic sequence in [0, 1), so every run orders the same days. */
function sequence(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/** A day of stops scattered over about 5 km around the ECA (Laureles, Estadio, La América). */
function day(seed: number): RoutePlace[] {
  const random = sequence(seed);
  return Array.from({ length: STOPS }, () => ({ lat: ECA.lat + (random() - 0.5) * 0.045, lng: ECA.lng + (random() - 0.5) * 0.045 }));
}

function nearestNeighbour(start: RoutePlace, stops: RoutePlace[]): RoutePlace[] {
  const left = [...stops];
  const out: RoutePlace[] = [];
  let here = start;
  while (left.length) {
    let best = 0;
    for (let i = 1; i < left.length; i += 1) if (metersBetween(here, left[i]!) < metersBetween(here, left[best]!)) best = i;
    here = left.splice(best, 1)[0]!;
    out.push(here);
  }
  return out;
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const ms: number[] = [];
let planned = 0;
let naive = 0;
let nn = 0;
// Warm-up: the first runs include the JIT.
for (let i = 0; i < 5; i += 1) planRoute(ECA, day(1000 + i));
for (let i = 0; i < RUNS; i += 1) {
  const stops = day(20261203 + i);
  const start = performance.now();
  const plan = planRoute(ECA, stops);
  ms.push(performance.now() - start);
  planned += plan.meters;
  naive += plan.naiveMeters;
  nn += tourMeters(ECA, nearestNeighbour(ECA, stops));
}
const sorted = [...ms].sort((a, b) => a - b);
const demo = planRoute(ECA, DEMO_ROUTE_STOPS.slice(0, DEMO_ROUTE_ASSIGNED));
const worst = sorted.at(-1)!;
writeResult('recycler-route', {
  stops: STOPS,
  runs: RUNS,
  target_ms: TARGET_MS,
  order_ms_median: round(sorted[Math.floor(sorted.length / 2)]!),
  order_ms_p95: round(sorted[Math.floor(sorted.length * 0.95)]!),
  order_ms_max: round(worst),
  meets_target: worst <= TARGET_MS,
  km_planned_mean: round(planned / RUNS / 1000),
  baseline_km_naive_mean: round(naive / RUNS / 1000),
  baseline_km_nearest_neighbour_mean: round(nn / RUNS / 1000),
  saving_vs_naive_pct: round((1 - planned / naive) * 100, 1),
  saving_vs_nearest_neighbour_pct: round((1 - planned / nn) * 100, 1),
  demo_day_stops: DEMO_ROUTE_ASSIGNED,
  demo_day_km_planned: round(demo.meters / 1000),
  demo_day_km_naive: round(demo.naiveMeters / 1000),
  method: `${RUNS} seeded days of ${STOPS} stops within ~5 km of the ECA; great-circle km of the closed tour; times of planRoute alone (distance matrix, nearest neighbour, 2-opt to convergence)`,
});
