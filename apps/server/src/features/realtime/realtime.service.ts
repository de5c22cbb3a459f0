import {
  EVENTS_PATH,
  EVENTS_TICKET_TTL_MS,
  ZRealtimeEvent,
  type EventsTicket,
  type RealtimeEvent,
} from '@puntoverde/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/dialect.js';
import { isAccountActive } from '../identity/identity.service.js';
import * as repo from './realtime.repository.js';

/**
 * Live updates: an event bus that delivers events to the server-sent-event streams of
 * the users they are addressed to.
 *
 * In memory by default (one instance). With Redis, every instance publishes on one channel and
 * subscribes to it; each instance hands a message to its own local streams of the addressed
 * users. So an event published on instance A reaches a user whose stream is open on instance B.
 * Messages are fire-and-forget: a client that was disconnected refetches when it reconnects.
 */

export type RealtimeListener = (event: RealtimeEvent) => void;

export type RealtimeBus = {
  readonly mode: 'memory' | 'redis';
  /** Delivers `event` to every open stream of each user in `userIds` (on any instance). */
  publish(userIds: readonly number[], event: RealtimeEvent): Promise<void>;
  /** Listens for the events of one user on this instance; returns the unsubscribe function. */
  subscribe(userId: number, listener: RealtimeListener): () => void;
  /** Open local subscriptions (streams) on this instance. */
  localSubscribers(): number;
  close(): Promise<void>;
};

type Envelope = { users: number[]; event: RealtimeEvent };

function createLocalHub(log: FastifyBaseLogger | undefined) {
  const listeners = new Map<number, Set<RealtimeListener>>();
  return {
    deliver: (users: readonly number[], event: RealtimeEvent) => {
      for (const userId of new Set(users)) {
        for (const listener of listeners.get(userId) ?? []) {
          try {
            listener(event);
          } catch (err) {
            log?.warn({ err }, 'realtime listener failed');
          }
        }
      }
    },
    subscribe: (userId: number, listener: RealtimeListener) => {
      let set = listeners.get(userId);
      if (!set) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(listener);
      return () => {
        const s = listeners.get(userId);
        if (!s) return;
        s.delete(listener);
        if (s.size === 0) listeners.delete(userId);
      };
    },
    count: () => {
      let n = 0;
      for (const s of listeners.values()) n += s.size;
      return n;
    },
  };
}

/** One process only: events reach the streams of this instance. */
export function createMemoryBus(log?: FastifyBaseLogger): RealtimeBus {
  const hub = createLocalHub(log);
  return {
    mode: 'memory',
    async publish(userIds, event) {
      if (userIds.length) hub.deliver(userIds, event);
    },
    subscribe: hub.subscribe,
    localSubscribers: hub.count,
    async close() {},
  };
}

/**
 * Redis pub/sub: `publisher` is any connection; `subscriber` must be a dedicated one (a
 * subscribed connection can do nothing else). Resolves once the subscription is active, so an
 * instance never reports ready while it would miss events.
 */
export async function createRedisBus(options: {
  publisher: Redis;
  subscriber: Redis;
  channel: string;
  log?: FastifyBaseLogger;
}): Promise<RealtimeBus> {
  const { publisher, subscriber, channel, log } = options;
  const hub = createLocalHub(log);
  subscriber.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    let envelope: Envelope;
    try {
      const raw = JSON.parse(message) as { users?: unknown; event?: unknown };
      const users = Array.isArray(raw.users) ? raw.users.filter((u): u is number => Number.isInteger(u)) : [];
      const event = ZRealtimeEvent.safeParse(raw.event);
      if (!event.success) return;
      envelope = { users, event: event.data };
    } catch {
      return;
    }
    hub.deliver(envelope.users, envelope.event);
  });
  await subscriber.subscribe(channel);
  return {
    mode: 'redis',
    async publish(userIds, event) {
      if (!userIds.length) return;
      const envelope: Envelope = { users: [...new Set(userIds)], event };
      // Redis is away (the connection's own log line says so): at least the streams on this
      // instance get it, without waiting on reconnection attempts or a log line per event.
      if (publisher.status !== 'ready') {
        hub.deliver(userIds, event);
        return;
      }
      try {
        await publisher.publish(channel, JSON.stringify(envelope));
      } catch {
        hub.deliver(userIds, event);
      }
    },
    subscribe: hub.subscribe,
    localSubscribers: hub.count,
    async close() {
      await subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Tickets for EventSource (it cannot send an Authorization header; see contract/notifications.ts)
// ---------------------------------------------------------------------------------------------

function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('base64url');
}

/** Issues a single-use ticket for the caller's user and session, valid EVENTS_TICKET_TTL_MS. */
export async function issueEventsTicket(
  db: Db,
  user: { id: number; session_id: string },
  now: Date = new Date(),
): Promise<EventsTicket> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + EVENTS_TICKET_TTL_MS).toISOString();
  await repo.deleteExpiredTickets(db, new Date(now.getTime() - EVENTS_TICKET_TTL_MS).toISOString());
  await repo.insertTicket(db, {
    ticket_hash: hashTicket(ticket),
    user_id: user.id,
    session_id: user.session_id,
    expires_at: expiresAt,
    used_at: null,
    created_at: now.toISOString(),
  });
  return { ticket, expires_at: expiresAt, url: `${EVENTS_PATH}?ticket=${encodeURIComponent(ticket)}` };
}

/**
 * Spends a ticket: the user and session it was issued to, or null when unknown, expired or
 * already used. The conditional UPDATE makes two racing uses yield one winner on any database.
 */
export async function redeemEventsTicket(
  db: Db,
  ticket: string,
  now: Date = new Date(),
): Promise<{ user_id: number; session_id: string } | null> {
  const hash = hashTicket(ticket);
  const spent = await repo.markTicketUsed(db, hash, now.toISOString());
  if (!spent) return null;
  const row = await repo.findTicket(db, hash);
  return row ? { user_id: row.user_id, session_id: row.session_id } : null;
}

/** Whether the user may still hold a live stream (exists, active, not deleted). */
export async function isUserActive(db: Db, userId: number): Promise<boolean> {
  return isAccountActive(db, userId);
}
