// A staff broadcast to 100,000 Web Push subscriptions: how long it takes to write (one
// notification record and one outbox row per subscription, set-based, in one transaction),
// how fast the delivery worker drains it to a local push service stand-in (each push encrypted
// with aes128gcm and VAPID-signed by web-push, sent with fetch), and what the drain costs the
// other routes: p99 of GET /back/api/v1/campaigns while draining against the same route idle,
// measured in the same run (the baseline), both at the same steady offered load — a quarter of the
// route's measured capacity (BENCH_API_SHARE), open loop, so the figure is the latency people
// meet, not how the two cores are shared out at saturation (a closed loop at saturation is kept
// as a second figure). The worker runs with the default PUSH_MAX_PER_SECOND (600).
// Targets (2 shared cores): enqueue <= 5 s, drain >= 500 pushes/s, p99 within 20 % of idle.
import { freePort, load, startProcess, writeResult } from './lib/harness.js';

const drainSeconds = Number(process.env.BENCH_DURATION ?? 20);
const sinkPort = await freePort();
const appPort = await freePort();
const sink = await startProcess('bench/lib/push-sink.ts', { SINK_PORT: String(sinkPort) });
const target = await startProcess('bench/lib/push-broadcast-target.ts', { SINK_PORT: String(sinkPort), APP_PORT: String(appPort) });
const base = `http://127.0.0.1:${appPort}`;
const otherRoute = `${base}/back/api/v1/campaigns`;
try {
  const capacity = await load(otherRoute, { connections: 10, duration: 8, warmup: 3 });
  const rate = Math.max(20, Math.round(capacity.requests_per_s * Number(process.env.BENCH_API_SHARE ?? 0.25)));
  const idle = await load(otherRoute, { connections: 10, duration: 10, warmup: 2, rate });
  const broadcast = (await (await fetch(`${base}/bench/broadcast`, { method: 'POST' })).json()) as { recipients: number; queued: number; enqueue_ms: number };
  const drainRun = fetch(`${base}/bench/drain?seconds=${drainSeconds}`, { method: 'POST' }).then((r) => r.json() as Promise<{ sent: number; failed: number; seconds: number; pushes_per_s: number }>);
  await new Promise((r) => setTimeout(r, 2000));
  const during = await load(otherRoute, { connections: 10, duration: Math.max(5, drainSeconds - 6), warmup: 0, rate });
  const drain = await drainRun;
  const received = ((await (await fetch(`http://127.0.0.1:${sinkPort}/count`)).json()) as { count: number }).count;
  const p99Ratio = Math.round((during.latency_p99_ms / Math.max(idle.latency_p99_ms, 1)) * 100) / 100;
  writeResult('push-broadcast', {
    subscriptions: broadcast.queued,
    enqueue_ms: broadcast.enqueue_ms,
    target_enqueue_ms: 5000,
    drain_pushes_per_s: drain.pushes_per_s,
    target_drain_pushes_per_s: 500,
    drained_in_window: drain.sent,
    received_by_stand_in: received,
    failed: drain.failed,
    other_route_p99_ratio: p99Ratio,
    target_other_route_p99_ratio: 1.2,
    meets_target: broadcast.enqueue_ms <= 5000 && drain.pushes_per_s >= 500 && p99Ratio <= 1.2,
    other_route_rate_per_s: rate,
    method: `broadcast to all, then the worker runs ${drainSeconds} s; GET /back/api/v1/campaigns at a steady ${rate} req/s (a quarter of its measured capacity, 10 connections) idle (baseline) and while draining`,
    other_route_capacity: capacity,
    other_route_idle: idle,
    other_route_while_draining: during,
  });
} finally {
  await target.stop();
  await sink.stop();
}
