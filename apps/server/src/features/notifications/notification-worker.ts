import { DEFAULT_BRANDING, brandText, type PublicBranding } from '@puntoverde/contract';
import type { PushPayload, RealtimeEvent } from '@puntoverde/contract';
import { CAMPAIGN_REMINDER_TIME, type NotificationKind } from '@puntoverde/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DialectName, Db } from '../../db/dialect.js';
import type { Mailer } from '../../lib/mailer.js';
import { participantIdsOf, publishedCampaignsStartingBetween } from '../campaigns/campaigns.service.js';
import * as repo from './deliveries.repository.js';
import type { ClaimedDelivery, DeliveryOutcome } from './deliveries.repository.js';
import { notificationCreatedEvent, notify } from './notifications.service.js';
import type { PushDevice, PushSender } from './push-sender.js';
import { announceBroadcast, clickToken, dispatchBroadcast } from './push.service.js';
import { addDays, bogotaClock, bogotaInstant, minutesOf } from './quiet-hours.js';
import { createPollingLoop } from '../../lib/polling-loop.js';

/**
 * Drains the notification outbox after commit: claims due rows, sends each push through the
 * sender of its device's kind (or the e-mail), and records the outcome. One per server
 * instance. Rows are claimed with a short lease that the live worker renews while it holds them
 * (queued or sending): a worker that dies mid-batch leaves them to be
 * taken again within one lease (10 s), and a sent row is never taken again. Outcomes are
 * committed as the push service answers (one commit at a time, each taking every answer that
 * came meanwhile), so a crash sends again only the pushes that were in flight.
 *
 * It also runs the scheduled work: staff broadcasts whose time came, and the reminder of
 * campaigns starting tomorrow (at 18:00 Bogotá the day before).
 */
export type NotificationWorkerOptions = {
  db: Db;
  dialect: DialectName;
  senders: PushSender[];
  mailer: Mailer;
  /** Signs the click token each push carries. */
  secret: string;
  publicUrl: string;
  log?: FastifyBaseLogger | undefined;
  /** The scheme's brand: its name in the push's title, its logo as the push's icon. */
  branding?: () => PublicBranding;
  /** Announces reminders to the users' open pages (the live-updates bus). */
  publish?: ((userIds: number[], event: RealtimeEvent) => Promise<void>) | undefined;
  pollMs?: number;
  batchSize?: number;
  /** Sends in flight at once. */
  concurrency?: number;
  /** Deliveries started per second at most (0 or unset = no limit). */
  maxPerSecond?: number;
  /** Outcomes written per commit at most (answers that come while one commits wait for the next). */
  flushEvery?: number;
  /** How long a claim holds a row; renewed every third of it while the worker holds the row. */
  leaseMs?: number;
  maxAttempts?: number;
  now?: () => Date;
  /** Told every send's outcome (the metrics' counter). */
  onOutcome?: ((channel: string, outcome: DeliveryOutcome['status']) => void) | undefined;
};

export type WorkerRunResult = { sent: number; gone: number; retried: number; failed: number; skipped: number };

export type NotificationWorker = {
  start(): void;
  stop(): Promise<void>;
  /** Sends everything due now (and runs due scheduled work); what tests and benchmarks call. */
  runOnce(): Promise<WorkerRunResult>;
  /** Wakes a sleeping worker (after a commit that wrote deliveries). */
  kick(): void;
  /** Sends started whose outcome is not committed yet: at most what a crash now sends twice. */
  inFlight(): number;
};

/** Lets the event loop answer waiting requests between two pieces of background work. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** 30 s, 1 min, 2 min... capped at one hour, with ±20 % jitter. */
export function backoffMs(attempt: number): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * A claim's lease: short, so a dead worker's rows are taken again within seconds; the live
 * worker renews it every third of it, so a slow send never loses its row to another worker.
 */
export const DEFAULT_LEASE_MS = 10_000;

/**
 * Spaces delivery starts evenly at `perSecond` at most: each caller takes the next free slot and
 * waits for it. A broadcast then drains at a steady rate that leaves the API its share of a small
 * machine's cores, instead of taking every cycle the send threads can get.
 */
export function createPacer(perSecond: number | undefined): () => Promise<void> {
  if (!perSecond) return () => Promise.resolve();
  const gapMs = 1000 / perSecond;
  let nextAt = 0;
  return async () => {
    const t = performance.now();
    const at = Math.max(nextAt, t);
    nextAt = at + gapMs;
    if (at - t >= 1) await new Promise((resolve) => setTimeout(resolve, at - t));
  };
}

export function createNotificationWorker(options: NotificationWorkerOptions): NotificationWorker {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  // Small claims and commits: each is a synchronous SQLite statement on the event loop the API
  // shares (bench/push-broadcast.ts measures the API's latency while a broadcast drains).
  const batchSize = options.batchSize ?? 100;
  const lowWater = Math.max(1, Math.floor(batchSize / 2));
  // Senders encrypt off the event loop (Web Push send threads) and wait on the network: many
  // sends in flight keep the push service busy; the bound keeps memory and sockets in check.
  const concurrency = options.concurrency ?? 64;
  const flushEvery = options.flushEvery ?? 50;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? 6;
  const pollMs = options.pollMs ?? 1000;
  const pace = createPacer(options.maxPerSecond);
  const senderOf = (kind: string | null): PushSender | undefined =>
    options.senders.find((s) => (s.kinds as readonly string[]).includes(kind ?? ''));

  let lastReminderCheck = 0;
  let unrecorded = 0;

  /** Sends one row and says what to record; the caller writes outcomes in groups. */
  async function deliver(row: ClaimedDelivery, result: WorkerRunResult): Promise<DeliveryOutcome> {
    if (row.channel === 'email') {
      if (!row.email || row.email.includes('@deleted.')) {
        result.skipped++;
        return { id: row.id, status: 'skipped', error: 'no e-mail address' };
      }
      try {
        const link = row.link ? `${options.publicUrl}${row.link}` : options.publicUrl;
        await options.mailer.send({ to: row.email, subject: row.title, text: `${row.body}\n\n${link}\n` });
        result.sent++;
        return { id: row.id, status: 'sent' };
      } catch (err) {
        return retryOrFail(row, err instanceof Error ? err.message : String(err), undefined, result);
      }
    }
    const sender = senderOf(row.device_kind);
    if (row.device_id === null || !row.endpoint || !sender) {
      result.skipped++;
      return { id: row.id, status: 'skipped', error: row.device_id === null ? 'device removed' : `no sender for ${row.device_kind ?? 'unknown'}` };
    }
    const branding = options.branding?.() ?? DEFAULT_BRANDING;
    const payload: PushPayload = {
      id: row.notification_id,
      kind: row.kind as NotificationKind,
      title: brandText(row.title, branding.name),
      body: brandText(row.body, branding.name),
      link: row.link,
      click: clickToken(options.secret, row.id),
      ...(branding.logo_url ? { icon: branding.logo_url } : {}),
    };
    const device: PushDevice = { kind: row.device_kind as PushDevice['kind'], subscription: row.subscription, endpoint: row.endpoint };
    const outcome = await sender.send(device, {
      payload: JSON.stringify(payload),
      ttlSeconds: PUSH_TTL_SECONDS,
      topic: `n${row.notification_id}`,
      urgency: row.kind === 'broadcast' ? 'normal' : 'high',
    });
    switch (outcome.result) {
      case 'sent':
        result.sent++;
        return { id: row.id, status: 'sent' };
      case 'gone':
        // The subscription expired or was withdrawn: forget the device (its other pending rows are skipped).
        result.gone++;
        return { id: row.id, status: 'gone', error: outcome.error ?? `HTTP ${outcome.status}`, removeDevice: row.device_id };
      case 'retry':
        return retryOrFail(row, `HTTP ${outcome.status}: ${outcome.error}`, outcome.retryAfterMs, result);
      case 'failed':
        result.failed++;
        log?.warn({ delivery: row.id, status: outcome.status }, 'push refused');
        return { id: row.id, status: 'failed', error: `HTTP ${outcome.status}: ${outcome.error}` };
    }
  }

  function retryOrFail(row: ClaimedDelivery, error: string, afterMs: number | undefined, result: WorkerRunResult): DeliveryOutcome {
    const attempts = row.attempts + 1;
    if (attempts >= maxAttempts) {
      result.failed++;
      return { id: row.id, status: 'failed', error };
    }
    result.retried++;
    const delay = Math.max(afterMs ?? 0, backoffMs(attempts));
    return { id: row.id, status: 'retry', nextAttemptAt: new Date(now().getTime() + delay).toISOString(), error };
  }

  async function scheduled(): Promise<void> {
    const at = now();
    for (const b of await repo.dueBroadcasts(db, at.toISOString())) {
      const recipients = await dispatchBroadcast(db, b.id, at);
      if (recipients) {
        log?.info({ broadcast: b.id, recipients }, 'broadcast written');
        if (options.publish) await announceBroadcast(db, b.id, options.publish).catch((err: unknown) => log?.warn({ err }, 'could not announce a broadcast'));
      }
    }
    // Campaign reminders: once a minute is plenty.
    if (at.getTime() - lastReminderCheck < 60_000) return;
    lastReminderCheck = at.getTime();
    await campaignReminders(at);
  }

  async function campaignReminders(at: Date): Promise<void> {
    const clock = bogotaClock(at);
    if (clock.minute < minutesOf(CAMPAIGN_REMINDER_TIME)) return;
    const tomorrow = addDays(clock.date, 1);
    const campaigns = await publishedCampaignsStartingBetween(
      db,
      bogotaInstant(tomorrow).toISOString(),
      bogotaInstant(addDays(tomorrow, 1)).toISOString(),
    );
    for (const c of campaigns) {
      const written = await db.transaction().execute(async (trx) => {
        if (!(await repo.claimJob(trx, `campaign-reminder:${c.id}:${tomorrow}`, at.toISOString()))) return [];
        const participants = await participantIdsOf(trx, c.id);
        const hour = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', hour: 'numeric', minute: '2-digit' }).format(new Date(c.starts_at));
        const place = c.place_name ?? c.address;
        const out = [];
        for (const userId of participants) {
          out.push({
            userId,
            n: await notify(trx, userId, {
              kind: 'campaign',
              title: `Mañana: ${c.title}`,
              body: `La campaña a la que te inscribiste empieza mañana a las ${hour}${place ? ` en ${place}` : ''}.`,
              link: `/campaign?id=${c.id}`,
            }),
          });
        }
        return out;
      });
      for (const { userId, n } of written) await options.publish?.([userId], notificationCreatedEvent(n)).catch(() => undefined);
    }
  }

  async function runOnce(): Promise<WorkerRunResult> {
    const result: WorkerRunResult = { sent: 0, gone: 0, retried: 0, failed: 0, skipped: 0 };
    await scheduled();
    // Outcomes are committed as the answers come: one commit at a time, each taking every answer
    // that came while the previous one ran (at most `flushEvery`). A crash then sends again only
    // the pushes that were in flight and the few answers of the commit under way.
    let done: DeliveryOutcome[] = [];
    let writing: Promise<void> | null = null;
    /** Rows this run holds (claimed, send not over) with the claim's attempt: what the heartbeat renews. */
    const held = new Map<number, number>();
    const flush = (): void => {
      if (writing || done.length === 0) return;
      const group = done.slice(0, flushEvery);
      done = done.slice(group.length);
      writing = repo
        .finishDeliveries(db, group, now().toISOString())
        .then(
          () => {
            unrecorded -= group.length;
          },
          (err: unknown) => {
            // A database hiccup: the rows are left to their lease and taken again.
            unrecorded -= group.length;
            log?.error({ err, deliveries: group.length }, 'delivery bookkeeping failed');
          },
        )
        .then(yieldToEventLoop)
        .finally(() => {
          writing = null;
          flush();
        });
    };
    const flushed = async (): Promise<void> => {
      flush();
      while (writing) await writing;
    };
    // Rows are claimed in small batches, the next one while the lanes still send the last rows of
    // the current one: SQLite answers on the event loop, so a big claim is a pause of every
    // request, and a lane never waits for the slowest send of a batch before the next starts.
    const queue: ClaimedDelivery[] = [];
    let exhausted = false;
    let claiming: Promise<void> | null = null;
    // A claim runs while the lanes send, with nobody awaiting it: its failure (a database
    // hiccup) must end this run's claiming, never reject where no one listens. The rows claimed
    // so far are still sent and recorded; the next run (pollMs later) claims again.
    const refill = async () => {
      try {
        const at = now();
        const rows = await repo.claimDue(db, options.dialect, {
          now: at.toISOString(),
          lockedUntil: new Date(at.getTime() + leaseMs).toISOString(),
          limit: batchSize,
        });
        if (rows.length === 0) exhausted = true;
        else {
          for (const row of rows) held.set(row.id, row.attempts);
          queue.push(...rows);
        }
      } catch (err) {
        exhausted = true;
        log?.error({ err }, 'claiming deliveries failed');
      }
      await yieldToEventLoop();
    };
    const stopping = () => loop.stopping();
    const take = async (): Promise<ClaimedDelivery | undefined> => {
      for (;;) {
        if (queue.length <= lowWater && !exhausted && !stopping()) {
          claiming ??= refill().finally(() => {
            claiming = null;
          });
        }
        const row = queue.shift();
        if (row) return row;
        if (!claiming) return undefined;
        await claiming;
      }
    };
    const lane = async () => {
      for (let row = await take(); row; row = await take()) {
        try {
          await pace();
          unrecorded++;
          const outcome = await deliver(row, result);
          // Its send is over: the commit that records it follows, and the heartbeat never
          // touches a row that commit writes (two statements locking rows in turn may deadlock).
          held.delete(row.id);
          done.push(outcome);
          options.onOutcome?.(row.channel, outcome.status);
        } catch (err) {
          held.delete(row.id);
          unrecorded--;
          log?.error({ err, delivery: row.id }, 'delivery failed');
        }
        flush();
      }
    };
    // The heartbeat: every third of the lease, the rows still held get a new lease. A row another
    // worker took meanwhile (this process stalled past the lease) is not renewed, and dropped if
    // it is still queued.
    let renewing: Promise<void> = Promise.resolve();
    const heartbeat = setInterval(() => {
      renewing = renewing.then(async () => {
        if (held.size === 0) return;
        const at = now();
        try {
          const kept = new Set(
            await repo.renewLeases(db, [...held].map(([id, attempt]) => ({ id, attempt })), {
              lockedUntil: new Date(at.getTime() + leaseMs).toISOString(),
            }),
          );
          for (let i = queue.length - 1; i >= 0; i--) {
            const id = queue[i]!.id;
            if (!kept.has(id) && held.has(id)) {
              queue.splice(i, 1);
              held.delete(id);
            }
          }
        } catch (err) {
          log?.warn({ err }, 'renewing delivery leases failed');
        }
      });
    }, Math.max(50, Math.floor(leaseMs / 3)));
    try {
      await Promise.all(Array.from({ length: concurrency }, lane));
      await flushed();
    } finally {
      clearInterval(heartbeat);
      await renewing;
    }
    return result;
  }

  const loop = createPollingLoop({
    run: runOnce,
    pollMs,
    onError: (err) => log?.error({ err }, 'notification worker run failed'),
  });

  return {
    start: () => loop.start(),
    stop: () => loop.stop(),
    runOnce,
    kick: () => loop.kick(),
    inFlight: () => unrecorded,
  };
}
