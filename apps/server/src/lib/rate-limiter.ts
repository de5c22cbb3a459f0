import type { Redis } from 'ioredis';
import { AppError } from './app-error.js';

export type RateDecision = {
  allowed: boolean;
  remaining: number;
  retryAfterS: number;
  /** Seconds until the window starts again (0 when no window is open). */
  resetS: number;
};

/**
 * Fixed-window counters keyed by whatever the caller chooses (account, IP, radicado...).
 * Shared through Redis when a connection is given, so every instance sees the same budget;
 * in memory otherwise (single instance).
 */
export type RateLimiter = {
  /** Counts one hit against `key`; `allowed` is false once more than `limit` hits fall in the window. */
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  /** Hits so far in the current window, without counting one. */
  peek(key: string, limit: number): Promise<RateDecision>;
  reset(key: string): Promise<void>;
};

/**
 * With Redis, budgets are shared by every instance. While Redis is unreachable (a restart, a
 * network cut) the limiter counts in this instance's memory instead of failing the request or
 * waiting on reconnection attempts: the budget is per instance for that time, and the shared
 * counters take over again once Redis answers.
 */
export function createRateLimiter(redis: Redis | null, prefix = 'rl:'): RateLimiter {
  const memory = createMemoryRateLimiter();
  if (!redis) return memory;
  const shared = createRedisRateLimiter(redis, prefix);
  const up = () => redis.status === 'ready';
  return {
    async hit(key, limit, windowMs) {
      if (!up()) return memory.hit(key, limit, windowMs);
      try {
        return await shared.hit(key, limit, windowMs);
      } catch {
        // Lost mid-command; the connection's own log line says so.
        return memory.hit(key, limit, windowMs);
      }
    },
    async peek(key, limit) {
      if (!up()) return memory.peek(key, limit);
      try {
        return await shared.peek(key, limit);
      } catch {
        return memory.peek(key, limit);
      }
    },
    async reset(key) {
      await memory.reset(key);
      if (up()) await shared.reset(key).catch(() => undefined);
    },
  };
}

function createRedisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const k = prefix + key;
      const results = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return decision(count, limit, ttl > 0 ? ttl : windowMs);
    },
    async peek(key, limit) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      return decision(Number(count ?? 0), limit, ttl > 0 ? ttl : 0, true);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt > Date.now()) return w;
    if (w) windows.delete(key);
    return undefined;
  };
  return {
    hit(key, limit, windowMs) {
      let w = current(key);
      if (!w) {
        w = { count: 0, resetAt: Date.now() + windowMs };
        windows.set(key, w);
        // Keep the map from growing without bound on a long-running single instance.
        if (windows.size > 100_000) for (const [k] of windows) if (!current(k)) windows.delete(k);
      }
      w.count += 1;
      return Promise.resolve(decision(w.count, limit, w.resetAt - Date.now()));
    },
    peek(key, limit) {
      const w = current(key);
      return Promise.resolve(decision(w?.count ?? 0, limit, w ? w.resetAt - Date.now() : 0, true));
    },
    reset(key) {
      windows.delete(key);
      return Promise.resolve();
    },
  };
}

function decision(count: number, limit: number, msLeft: number, peek = false): RateDecision {
  const allowed = peek ? count < limit : count <= limit;
  return {
    allowed,
    remaining: Math.max(0, limit - count),
    retryAfterS: allowed ? 0 : Math.max(1, Math.ceil(msLeft / 1000)),
    resetS: Math.max(0, Math.ceil(msLeft / 1000)),
  };
}

/** Where the budget headers go: a Fastify reply, or anything with the same `header`. */
export type HeaderTarget = {
  header(name: string, value: string): unknown;
  getHeader(name: string): unknown;
};

/**
 * The budget as the IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers):
 * the limit, what is left of it and the seconds until the window starts again.
 */
export function rateLimitHeaders(limit: number, rate: RateDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(rate.remaining),
    'ratelimit-reset': String(rate.resetS),
  };
}

/**
 * Counts one hit under `key`; past `max` in the window, a 429 `too-many-requests` with
 * Retry-After and the RateLimit-* fields. Given the reply, an allowed hit sets those fields on
 * it too (when a route counts against several budgets, the one with the least left shows).
 */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  max: number,
  windowMs: number,
  reply?: HeaderTarget,
): Promise<void> {
  const rate = await limiter.hit(key, max, windowMs);
  if (!rate.allowed) {
    throw new AppError('too-many-requests', {
      headers: { 'retry-after': String(Math.max(1, rate.retryAfterS)), ...rateLimitHeaders(max, rate) },
    });
  }
  if (!reply) return;
  const shown = reply.getHeader('ratelimit-remaining');
  if (shown !== undefined && Number(shown) <= rate.remaining) return;
  for (const [name, value] of Object.entries(rateLimitHeaders(max, rate))) reply.header(name, value);
}
