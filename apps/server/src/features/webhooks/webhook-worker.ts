import { WEBHOOK_ANSWER_EXCERPT_CHARS, WEBHOOK_HEADERS } from '@puntoverde/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DialectName, Db } from '../../db/dialect.js';
import { isAddressRefused } from '../../lib/outbound/guarded-fetch.js';
import * as repo from './webhooks.repository.js';
import type { AttemptOutcome, ClaimedDelivery } from './webhooks.repository.js';
import { signatureHeader } from './webhooks.service.js';
import { createPollingLoop } from '../../lib/polling-loop.js';

/**
 * Drains the webhook outbox, like the notification worker drains its own: claims due deliveries
 * with a lease (a worker that dies mid-send leaves them to be taken again when the lease ends),
 * posts each signed body through the guarded outbound fetch with a timeout, and records the
 * attempt with the delivery's new state in one commit. A failed send is tried again on the
 * Standard Webhooks schedule, for about a day; then the delivery is given up (staff can re-send).
 */
export type WebhookWorkerOptions = {
  db: Db;
  dialect: DialectName;
  /** The guarded fetch (lib/outbound/guarded-fetch.ts): refuses inward addresses on every connection. */
  fetch: typeof fetch;
  log?: FastifyBaseLogger | undefined;
  pollMs?: number;
  batchSize?: number;
  concurrency?: number;
  leaseMs?: number;
  timeoutMs?: number;
  now?: () => Date;
};

export type WebhookRunResult = { delivered: number; retried: number; failed: number };

export type WebhookWorker = {
  start(): void;
  stop(): Promise<void>;
  /** Sends everything due now; what tests call, with their own clock. */
  runOnce(): Promise<WebhookRunResult>;
  kick(): void;
};

/**
 * Waits after each failed attempt (Standard Webhooks' schedule): 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h. Eight attempts over about 27 hours; after the last, the delivery is failed.
 */
export const RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 20;
  const concurrency = options.concurrency ?? 8;
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pollMs = options.pollMs ?? 1000;


  /** Posts one delivery and says what to record. */
  async function send(row: ClaimedDelivery): Promise<AttemptOutcome> {
    const startedAt = now();
    const started = performance.now();
    const { id } = JSON.parse(row.payload) as { id: string };
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    let statusCode: number | null = null;
    let answer: string | null = null;
    let error: string | null = null;
    try {
      const res = await options.fetch(row.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'PuntoVerde-Webhooks/1',
          [WEBHOOK_HEADERS.id]: id,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signatureHeader(row, id, timestamp, row.payload, startedAt),
        },
        body: row.payload,
        // A redirect is a failure (Standard Webhooks): the endpoint must answer itself.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      statusCode = res.status;
      answer = (await res.text().catch(() => '')).slice(0, WEBHOOK_ANSWER_EXCERPT_CHARS);
    } catch (err) {
      error = isAddressRefused(err)
        ? 'dirección rechazada: no es pública'
        : err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
          ? `sin respuesta en ${timeoutMs} ms`
          : err instanceof Error
            ? (err.cause instanceof Error ? err.cause.message : err.message).slice(0, 300)
            : String(err).slice(0, 300);
    }
    const attempt = {
      attempted_at: startedAt.toISOString(),
      status_code: statusCode,
      answer_excerpt: answer,
      error,
      duration_ms: Math.round(performance.now() - started),
    };
    if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
      return { deliveryId: row.id, attempt, status: 'delivered', at: now().toISOString() };
    }
    const wait = RETRY_SCHEDULE_MS[row.attempts - 1];
    if (wait === undefined) return { deliveryId: row.id, attempt, status: 'failed' };
    return {
      deliveryId: row.id,
      attempt,
      status: 'retry',
      nextAttemptAt: new Date(startedAt.getTime() + wait).toISOString(),
    };
  }

  async function runOnce(): Promise<WebhookRunResult> {
    const result: WebhookRunResult = { delivered: 0, retried: 0, failed: 0 };
    for (;;) {
      const at = now();
      const rows = await repo.claimDue(db, options.dialect, {
        now: at.toISOString(),
        lockedUntil: new Date(at.getTime() + leaseMs).toISOString(),
        limit: batchSize,
      });
      if (rows.length === 0) break;
      const queue = [...rows];
      const lane = async () => {
        for (let row = queue.shift(); row; row = queue.shift()) {
          try {
            const outcome = await send(row);
            await repo.recordAttempt(db, outcome);
            result[outcome.status === 'delivered' ? 'delivered' : outcome.status === 'retry' ? 'retried' : 'failed']++;
            if (outcome.status === 'failed') log?.warn({ delivery: row.id, url: row.url }, 'webhook delivery given up');
          } catch (err) {
            // A database hiccup: the lease ends and the delivery is taken again.
            log?.error({ err, delivery: row.id }, 'webhook delivery bookkeeping failed');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
      await yieldToEventLoop();
      if (loop.stopping()) break;
    }
    return result;
  }

  const loop = createPollingLoop({
    run: runOnce,
    pollMs,
    onError: (err) => log?.error({ err }, 'webhook worker run failed'),
  });

  return {
    start: () => loop.start(),
    stop: () => loop.stop(),
    runOnce,
    kick: () => loop.kick(),
  };
}
