import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import webpush from 'web-push';
import type { VapidConfig } from '../../config.js';
import { classifyStatus, type PushDevice, type PushMessage, type PushOutcome, type PushSender } from './push-sender.js';

/** A VAPID JWT may live up to 24 h (RFC 8292 §2); we sign one per push service for 12 h and reuse it for 11. */
const VAPID_TTL_S = 12 * 60 * 60;
const VAPID_REUSE_MS = 11 * 60 * 60 * 1000;
const THREAD_URL = new URL('./web-push-thread.mjs', import.meta.url);
/** Send threads run at a lower priority than the event loop that answers requests (Linux). */
const THREAD_NICE = 10;

type ThreadJob = {
  id: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  payload: string;
  ttl: number;
  urgency: string;
  topic: string;
  authorization: string;
  timeoutMs: number;
};
type ThreadAnswer =
  | { id: number; status: number; body: string; retryAfter: string | null }
  | { id: number; error: string; refused?: boolean };

/**
 * A few worker threads that encrypt and send, each over keep-alive connections; messages go to
 * the thread with the fewest in flight. A thread that dies fails its messages as retries (the
 * worker sends them again later) and is replaced on the next send.
 */
function createThreadPool(size: number, allowLoopback: boolean) {
  type Slot = { thread: Worker | null; inFlight: number };
  const slots: Slot[] = Array.from({ length: size }, () => ({ thread: null, inFlight: 0 }));
  const waiting = new Map<number, { slot: Slot; resolve: (answer: ThreadAnswer) => void }>();
  let nextId = 1;

  const settle = (answer: ThreadAnswer) => {
    const entry = waiting.get(answer.id);
    if (!entry) return;
    waiting.delete(answer.id);
    entry.slot.inFlight--;
    entry.resolve(answer);
  };
  const threadOf = (slot: Slot): Worker => {
    if (slot.thread) return slot.thread;
    // No TypeScript loader in the thread: it is plain JavaScript.
    const thread = new Worker(THREAD_URL, { execArgv: [], workerData: { nice: THREAD_NICE, allowLoopback } });
    thread.unref();
    thread.on('message', (answer: ThreadAnswer) => settle(answer));
    const fail = (reason: string) => {
      if (slot.thread !== thread) return;
      slot.thread = null;
      for (const [id, entry] of waiting) if (entry.slot === slot) settle({ id, error: reason });
    };
    thread.on('error', (err) => fail(`send thread failed: ${err.message}`));
    thread.on('exit', (code) => fail(`send thread exited (${code})`));
    slot.thread = thread;
    return thread;
  };

  return {
    send(job: Omit<ThreadJob, 'id'>): Promise<ThreadAnswer> {
      const slot = slots.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
      const id = nextId++;
      return new Promise<ThreadAnswer>((resolve) => {
        waiting.set(id, { slot, resolve });
        slot.inFlight++;
        threadOf(slot).postMessage({ ...job, id } satisfies ThreadJob);
      });
    },
    async close(): Promise<void> {
      await Promise.all(
        slots.map(async (slot) => {
          const thread = slot.thread;
          if (!thread) return;
          slot.thread = null;
          for (const [id, entry] of waiting) if (entry.slot === slot) settle({ id, error: 'sender closed' });
          await thread.terminate();
        }),
      );
    },
  };
}

/**
 * Web Push with VAPID. `web-push` builds each request (aes128gcm payload encryption, RFC 8291)
 * in send threads that POST it over keep-alive connections (plain http too, for a local push
 * service stand-in; web-push's own sender always uses https). The VAPID header (RFC 8292) is
 * signed here once per push service origin and reused until shortly before it expires.
 * Threads: one per core (at most 4), below the event loop's priority. Connections go through
 * the address guard (lib/outbound): an endpoint whose address is not public is never contacted,
 * and its device is forgotten; `allowLoopback` lets a local push service stand-in through.
 */
export function createWebPushSender(
  vapid: VapidConfig,
  options: { timeoutMs?: number; threads?: number; allowLoopback?: boolean } = {},
): PushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pool = createThreadPool(options.threads ?? Math.max(1, Math.min(4, availableParallelism())), options.allowLoopback ?? false);
  const vapidHeaders = new Map<string, { authorization: string; until: number }>();
  const authorizationFor = (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const cached = vapidHeaders.get(audience);
    if (cached && cached.until > Date.now()) return cached.authorization;
    const expiration = Math.floor(Date.now() / 1000) + VAPID_TTL_S;
    const headers = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiration);
    const authorization = String(headers.Authorization);
    vapidHeaders.set(audience, { authorization, until: Date.now() + VAPID_REUSE_MS });
    return authorization;
  };
  return {
    kinds: ['webpush'],
    async send(device: PushDevice, message: PushMessage): Promise<PushOutcome> {
      if (!device.subscription) return { result: 'gone', status: 0 };
      let subscription: webpush.PushSubscription;
      try {
        subscription = JSON.parse(device.subscription) as webpush.PushSubscription;
        new URL(subscription.endpoint);
      } catch {
        return { result: 'gone', status: 0 };
      }
      const answer = await pool.send({
        endpoint: subscription.endpoint,
        keys: subscription.keys,
        payload: message.payload,
        ttl: message.ttlSeconds,
        urgency: message.urgency,
        topic: message.topic,
        authorization: authorizationFor(subscription.endpoint),
        timeoutMs,
      });
      // No push service lives on an inward address: this endpoint will never work.
      if ('error' in answer && answer.refused) return { result: 'gone', status: 0, error: answer.error };
      if ('error' in answer) return { result: 'retry', status: 0, error: answer.error };
      return classifyStatus(answer.status, answer.body, answer.retryAfter);
    },
    close: () => pool.close(),
  };
}
