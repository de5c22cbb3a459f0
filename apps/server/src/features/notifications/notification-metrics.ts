import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/dialect.js';
import { outboxBacklog, type DeliveryOutcome } from './deliveries.repository.js';

export type NotificationMetrics = {
  /** Counts one send's outcome (the worker's `onOutcome`). */
  countOutcome: (channel: string, outcome: DeliveryOutcome['status']) => void;
};

/**
 * The delivery outbox in Prometheus terms. The backlog gauges read the database on each scrape
 * (one indexed query shared by the gauges of that scrape); they describe the shared outbox, so
 * every instance reports the same figures (aggregate them with max, not sum). The outcome
 * counter is this instance's worker's.
 */
export function registerNotificationMetrics(
  registry: Registry,
  options: { db: Db; log?: FastifyBaseLogger; now?: () => Date },
): NotificationMetrics {
  const now = options.now ?? (() => new Date());
  type Backlog = { at: number; pending: number; due: number; oldestDueAt: string | null };
  let inFlight: Promise<Backlog | null> | null = null;
  // The gauges of one scrape are collected together: the first starts the query, the others share it.
  const backlog = () =>
    (inFlight ??= (async () => {
      const at = now();
      try {
        return { at: at.getTime(), ...(await outboxBacklog(options.db, at.toISOString())) };
      } catch (err) {
        // The database is down: these series go missing for this scrape (readiness says why).
        options.log?.warn({ err }, 'could not read the notification outbox for the metrics');
        return null;
      } finally {
        inFlight = null;
      }
    })());

  new Gauge({
    name: 'puntoverde_notification_deliveries_pending',
    help: 'Undelivered notification deliveries (push and e-mail) in the outbox: due = the worker should be sending them now; waiting = a retry after a failure, or held for quiet hours.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const b = await backlog();
      this.reset();
      if (!b) return;
      this.set({ state: 'due' }, b.due);
      this.set({ state: 'waiting' }, b.pending - b.due);
    },
  });
  new Gauge({
    name: 'puntoverde_outbox_lag_seconds',
    help: 'How long the oldest due undelivered notification has been waiting (since it was written, or since its retry or quiet-hours wait ended); 0 when none is due.',
    registers: [registry],
    async collect() {
      const b = await backlog();
      this.reset();
      if (!b) return;
      this.set(b.oldestDueAt ? Math.max(0, (b.at - Date.parse(b.oldestDueAt)) / 1000) : 0);
    },
  });
  const outcomes = new Counter({
    name: 'puntoverde_notification_deliveries_total',
    help: "Notification sends by this instance's worker, by channel (push, email) and outcome: sent; retry (will be tried again); failed (refused or out of attempts); gone (the device unsubscribed); skipped (no address or device).",
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  return {
    countOutcome: (channel, outcome) => outcomes.inc({ channel, outcome }),
  };
}
