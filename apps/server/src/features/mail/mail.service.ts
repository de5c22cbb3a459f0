import type { FastifyBaseLogger } from 'fastify';
import type { DialectName, Db } from '../../db/dialect.js';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import { createPollingLoop } from '../../lib/polling-loop.js';
import * as repo from './mail.repository.js';
import type { QueuedMailRow } from './mail.repository.js';

/**
 * The app's mailer: every message is written to the `mail_queue` table and sent from there, so
 * an SMTP server that is slow or down never holds up (or fails) the request that caused the
 * message, and a message is not lost when its first try fails. `send()` returns once the
 * message is stored; this process then sends it at once, in the background. A failed try is
 * tried again on RETRY_SCHEDULE_MS by the worker (`start()`, one per instance with the
 * notification worker's switch), which also takes over the messages of an instance that died
 * mid-send once their lease ends. A sent message's row is deleted: it may hold a live link.
 */
export type MailQueue = Mailer & {
  start(): void;
  stop(): Promise<void>;
  /** Sends everything due now (tests, with their own clock). */
  runOnce(): Promise<{ sent: number; retried: number; failed: number }>;
  /** Resolves once the sends this process started have ended (tests read the outbox after it). */
  idle(): Promise<void>;
};

/** Waits after each failed try: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h; then the message is given up (~21 h). */
export const RETRY_SCHEDULE_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000] as const;

/** Given-up messages are kept this long for staff to see in the log's context, then dropped. */
const FAILED_KEPT_MS = 30 * 24 * 3600 * 1000;

/** Sent messages taken off the queue in one statement at most. */
const DELETE_GROUP_MAX = 200;

/**
 * Takes sent messages off the queue in groups: one delete at a time, each taking every message
 * sent while the previous one ran (a burst of filings sends its e-mails in a few statements
 * instead of one each). The first message of a quiet moment goes at once. Resolves once the
 * delete that took `id` has committed.
 */
function createGroupedDelete(run: (ids: number[]) => Promise<void>): (id: number) => Promise<void> {
  let waiting: { id: number; resolve: () => void; reject: (err: unknown) => void }[] = [];
  let running = false;
  const drain = async () => {
    running = true;
    while (waiting.length) {
      const group = waiting.slice(0, DELETE_GROUP_MAX);
      waiting = waiting.slice(group.length);
      try {
        await run(group.map((g) => g.id));
        for (const g of group) g.resolve();
      } catch (err) {
        for (const g of group) g.reject(err);
      }
    }
    running = false;
  };
  return (id) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ id, resolve, reject });
      if (!running) void drain();
    });
}

export function createMailQueue(options: {
  db: Db;
  dialect: DialectName;
  /** What actually sends: SMTP or the local outbox (lib/mailer.ts). */
  transport: Mailer;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'> | undefined;
  pollMs?: number;
  /** How long a try may take before another worker takes the message again (SMTP timeouts are long). */
  leaseMs?: number;
  batchSize?: number;
  now?: () => Date;
}): MailQueue {
  const { db, transport, log } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const batchSize = options.batchSize ?? 20;
  const inFlight = new Set<Promise<unknown>>();
  let lastPurge = 0;
  const sentOff = createGroupedDelete((ids) => repo.deleteMails(db, ids));

  /** One try of a claimed message; says how it ended. Never throws. */
  async function attempt(row: QueuedMailRow): Promise<'sent' | 'retried' | 'failed'> {
    const message: MailMessage = {
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      ...(row.html_body !== null ? { html: row.html_body } : {}),
    };
    try {
      await transport.send(message);
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const wait = RETRY_SCHEDULE_MS[row.attempts - 1];
      try {
        if (wait === undefined) {
          await repo.markFailed(db, row.id, error);
          log?.error({ mail: row.id, to: row.to_address, subject: row.subject, error }, 'e-mail given up');
          return 'failed';
        }
        await repo.scheduleRetry(db, row.id, new Date(now().getTime() + wait).toISOString(), error);
        log?.warn({ mail: row.id, attempts: row.attempts, error }, `e-mail not sent, tried again in ${wait / 1000} s`);
      } catch (bookkeeping) {
        // The lease ends and the message is taken again.
        log?.error({ err: bookkeeping, mail: row.id }, 'e-mail queue bookkeeping failed');
      }
      return 'retried';
    }
    try {
      await sentOff(row.id);
    } catch (err) {
      // Sent but still queued: it would go twice once its lease ends; say so.
      log?.error({ err, mail: row.id }, 'e-mail sent but not taken off the queue');
    }
    return 'sent';
  }

  function track<T>(p: Promise<T>): Promise<T> {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  }

  async function runOnce() {
    const result = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const at = now();
      if (at.getTime() - lastPurge > 3600_000) {
        lastPurge = at.getTime();
        await repo.purgeFailed(db, new Date(at.getTime() - FAILED_KEPT_MS).toISOString());
      }
      const rows = await repo.claimDue(db, options.dialect, {
        now: at.toISOString(),
        lockedUntil: new Date(at.getTime() + leaseMs).toISOString(),
        limit: batchSize,
      });
      if (rows.length === 0) break;
      // One at a time: an SMTP server takes a handful of connections, and nothing waits on these.
      for (const row of rows) result[await track(attempt(row))]++;
      if (loop.stopping()) break;
    }
    return result;
  }

  async function idle(): Promise<void> {
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  }

  const loop = createPollingLoop({
    run: runOnce,
    pollMs: options.pollMs ?? 5000,
    onError: (err) => log?.error({ err }, 'mail worker run failed'),
  });

  return {
    get mode() {
      return transport.mode;
    },
    outbox: () => transport.outbox(),
    async send(message) {
      const at = now();
      const stored = repo.insertMail(db, {
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        created_at: at.toISOString(),
        // Claimed by this process from the start: its first try follows the insert.
        locked_until: new Date(at.getTime() + leaseMs).toISOString(),
      });
      // Tracked from the insert on, so that idle() also waits for a message still being stored.
      void track(stored.then(attempt, () => undefined));
      await stored;
    },
    start: () => loop.start(),
    async stop() {
      await loop.stop();
      await idle();
    },
    runOnce,
    idle,
  };
}
