import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/dialect.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A stream held open for minutes (server-sent events): kept out of the request histogram. */
    stream?: boolean;
  }
  interface FastifyInstance {
    /** Prometheus metrics of this instance, served at GET /back/api/metrics when METRICS_TOKEN is set. */
    metrics: Metrics;
  }
}

export type Metrics = {
  /** METRICS_TOKEN is set: requests are measured and the registry is served. Off, nothing is. */
  enabled: boolean;
  /** Where features register their own metrics (only when enabled). */
  registry: Registry;
};

/** Request latency buckets, in seconds: the API answers in milliseconds, uploads and reports take seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The instance's Prometheus metrics: the Node.js process (CPU, memory, GC, event-loop lag), every
 * request by route pattern (`/back/api/v1/points/:id`, never the raw URL: one series per route,
 * not per id) and status, the 429 refusals of the rate limits, and PostgreSQL's connection pool.
 * Features add theirs to `app.metrics.registry` (the notification outbox). Without METRICS_TOKEN
 * no hook is installed and nothing is measured.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance) {
    const registry = new Registry();
    const enabled = app.config.metricsToken !== undefined;
    app.decorate('metrics', { enabled, registry });
    if (!enabled) return;

    collectDefaultMetrics({ register: registry });
    // One histogram serves both the request count (its _count) and the latency: each series
    // costs a label lookup per request, on every request.
    const latency = new Histogram({
      name: 'puntoverde_http_request_duration_seconds',
      help: 'HTTP requests answered (_count) and the time from the request arriving to the answer sent, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const refusals = new Counter({
      name: 'puntoverde_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit, by route pattern.',
      labelNames: ['route'] as const,
      registers: [registry],
    });
    app.addHook('onResponse', (request, reply, done) => {
      const { url, config } = request.routeOptions;
      // Requests no route matched share one series, whatever their URL.
      const route = url ?? 'unmatched';
      // A stream's hours-long "latency" would swamp the histogram.
      if (!config.stream) {
        latency.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      }
      if (reply.statusCode === 429) refusals.inc({ route });
      done();
    });

    const { poolStats } = app.database;
    if (poolStats) {
      const pool = (name: string, help: string, read: (stats: PoolStats) => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(read(poolStats()));
          },
        });
      pool('puntoverde_db_pool_connections', 'PostgreSQL connections open (idle or in use).', (s) => s.total);
      pool('puntoverde_db_pool_idle_connections', 'PostgreSQL connections open and idle.', (s) => s.idle);
      pool('puntoverde_db_pool_waiting_queries', 'Queries waiting for a free PostgreSQL connection.', (s) => s.waiting);
      pool('puntoverde_db_pool_max_connections', 'Size limit of the PostgreSQL connection pool.', (s) => s.max);
    }
  },
  { name: 'metrics', dependencies: ['config', 'db'] },
);
