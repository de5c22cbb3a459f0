import type { RateLimiter } from '../../lib/rate-limiter.js';
import { tooManyRequests, UNCAPPED } from './identity-context.js';

/**
 * Failed logins slow down the one who fails, never lock the owner out (OWASP Authentication
 * Cheat Sheet, «Login Throttling»): counted per (account, client address) and per client
 * address, each past its free failures waits a delay that doubles from one second up to
 * fifteen minutes. The owner logging in from elsewhere is never stopped, and a password reset
 * (proof of the mailbox) starts the account's counts afresh.
 */
export const LOGIN_THROTTLE = {
  freeFailuresPerAddress: 5,
  freeFailuresPerIp: 20,
  maxDelayMs: 15 * 60 * 1000,
  /** Failures are forgotten a day after the last one. */
  windowMs: 24 * 60 * 60 * 1000,
} as const;

/** The wait after `failures` failures when the first `free` cost nothing. */
export function loginDelayMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - free, 30), LOGIN_THROTTLE.maxDelayMs);
}

export type LoginThrottleKeys = {
  pairFailures: string;
  pairWait: string;
  ipFailures: string;
  ipWait: string;
};

export function createLoginThrottle(rateLimiter: RateLimiter) {
  /** Hits counted so far under `key` (0 when none). */
  async function countOf(key: string): Promise<number> {
    return UNCAPPED - (await rateLimiter.peek(key, UNCAPPED)).remaining;
  }

  return {
    /** The account's throttle keys: a password reset moves the account to a new generation. */
    async keys(username: string, ip: string): Promise<LoginThrottleKeys> {
      const generation = await countOf(`login-generation:${username}`);
      const pair = `${username}:${generation}:${ip}`;
      return {
        pairFailures: `login-fail:${pair}`,
        pairWait: `login-wait:${pair}`,
        ipFailures: `login-fail-ip:${ip}`,
        ipWait: `login-wait-ip:${ip}`,
      };
    },

    /** 429 with Retry-After while this address must still wait for this account, or at all. */
    async enforceDelay(keys: LoginThrottleKeys): Promise<void> {
      for (const key of [keys.pairWait, keys.ipWait]) {
        const wait = await rateLimiter.peek(key, 1);
        if (!wait.allowed) throw tooManyRequests(wait.retryAfterS);
      }
    },

    /** Counts a failure for the pair and the address, and starts the wait each has earned. */
    async recordFailure(keys: LoginThrottleKeys): Promise<void> {
      const [pair, ip] = await Promise.all([
        rateLimiter.hit(keys.pairFailures, UNCAPPED, LOGIN_THROTTLE.windowMs),
        rateLimiter.hit(keys.ipFailures, UNCAPPED, LOGIN_THROTTLE.windowMs),
      ]);
      const waits: Array<[string, number]> = [
        [keys.pairWait, loginDelayMs(UNCAPPED - pair.remaining, LOGIN_THROTTLE.freeFailuresPerAddress)],
        [keys.ipWait, loginDelayMs(UNCAPPED - ip.remaining, LOGIN_THROTTLE.freeFailuresPerIp)],
      ];
      // A wait is a key that lives for the delay (the limiter's window); peek refuses while it does.
      await Promise.all(waits.filter(([, ms]) => ms > 0).map(([key, ms]) => rateLimiter.hit(key, 0, ms)));
    },

    /**
     * The address proved it knows the password: its failures on this account are forgotten
     * (not those of the address as a whole, which may be guessing other accounts).
     */
    async forgivePair(keys: LoginThrottleKeys): Promise<void> {
      await Promise.all([rateLimiter.reset(keys.pairFailures), rateLimiter.reset(keys.pairWait)]);
    },

    /** Following a reset link proved the mailbox: the account's login throttle starts afresh. */
    async startAfresh(email: string): Promise<void> {
      await rateLimiter.hit(`login-generation:${email}`, UNCAPPED, 365 * 24 * 60 * 60 * 1000);
    },
  };
}
