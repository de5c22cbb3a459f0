import { IDENTITY_WEB_ROUTES } from '@puntoverde/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import { enforceRateLimit, type HeaderTarget, type RateLimiter } from '../../lib/rate-limiter.js';
import * as repo from './identity.repository.js';
import type { UserRow } from './identity.repository.js';
import { dummyVerify, verifyPassword } from './passwords.js';
import { hashToken, randomToken } from './secrets.js';

/**
 * What every part of the identity service shares: its dependencies, the e-mails still being
 * sent, the per-IP budgets, the caller's live account, one-time links and re-authentication.
 * The parts (sessions, sign-up, recovery, profile, personal data) are composed in identity.service.ts.
 */

export type IdentityDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
};

/** Who is calling, for the session record and the consent proof. */
export type RequestMeta = { ip: string; userAgent: string | null };

/**
 * Budgets per client IP (fixed windows, shared through Redis when configured). They are
 * counted before the body is even parsed, so a flood costs no password hashing.
 */
export const IP_BUDGETS = {
  login: { limit: 50, windowMs: 15 * 60 * 1000 },
  signup: { limit: 10, windowMs: 60 * 60 * 1000 },
  recovery: { limit: 10, windowMs: 60 * 60 * 1000 },
  /** Submitting a reset or verification token. */
  token: { limit: 20, windowMs: 15 * 60 * 1000 },
  verification: { limit: 10, windowMs: 60 * 60 * 1000 },
  refresh: { limit: 300, windowMs: 15 * 60 * 1000 },
} as const;
export type IpBudget = keyof typeof IP_BUDGETS;

/** Large enough never to be reached: the limiter then counts without refusing. */
export const UNCAPPED = 1_000_000_000;

/** Failed re-authentications (change password/e-mail, delete account) per user. */
const REAUTH_FAILURES = { limit: 5, windowMs: 15 * 60 * 1000 };

const SESSION_GONE_MESSAGE = 'Tu sesión expiró. Inicia sesión de nuevo.';

export function tooManyRequests(retryAfterS: number): AppError {
  return new AppError('too-many-requests', { headers: { 'retry-after': String(Math.max(1, retryAfterS)) } });
}

export function sessionGone(): AppError {
  return new AppError('unauthorized', { message: SESSION_GONE_MESSAGE });
}

export function addMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

/** The values a password must not resemble (zxcvbn user inputs). */
export function userInputsOf(values: Array<string | null | undefined>): string[] {
  return values.filter((v): v is string => Boolean(v));
}

export type IdentityContext = ReturnType<typeof createIdentityContext>;

export function createIdentityContext(deps: IdentityDeps) {
  const { db, config, mailer, rateLimiter, log } = deps;
  const pending = new Set<Promise<void>>();

  /** Keeps background work (e-mails, recovery) until it settles, so closing the app can wait for it. */
  function track(work: Promise<void>): void {
    const p = work.finally(() => pending.delete(p));
    pending.add(p);
  }

  /** Sends in the background: answers never wait for SMTP (nor reveal by timing who got a mail). */
  function deliver(message: MailMessage): void {
    track(
      mailer
        .send(message)
        .catch((err: unknown) => log.error({ err, subject: message.subject }, 'could not send e-mail')),
    );
  }

  /** Waits for e-mails still being sent (app close, tests). */
  async function drain(): Promise<void> {
    while (pending.size) await Promise.allSettled([...pending]);
  }

  async function enforceIpBudget(budget: IpBudget, ip: string, reply?: HeaderTarget): Promise<void> {
    const { limit, windowMs } = IP_BUDGETS[budget];
    await enforceRateLimit(rateLimiter, `ip:${budget}:${ip}`, limit * config.ipRateLimitFactor, windowMs, reply);
  }

  async function activeUser(id: number): Promise<UserRow> {
    const user = await repo.findUserById(db, id);
    if (!user || user.deleted_at || !user.active) throw sessionGone();
    return user;
  }

  /** A new one-time link (password reset or e-mail verification); earlier ones of the purpose stop working. */
  async function createLink(
    trx: Db,
    user: Pick<UserRow, 'id' | 'email'>,
    purpose: repo.AuthTokenPurpose,
    ttlMs: number,
  ): Promise<string> {
    const now = nowIso();
    await repo.expireAuthTokens(trx, user.id, purpose, now);
    const token = randomToken(32);
    await repo.insertAuthToken(trx, {
      user_id: user.id,
      purpose,
      token_hash: hashToken(token),
      email: user.email,
      created_at: now,
      expires_at: addMs(now, ttlMs),
      used_at: null,
    });
    const route = purpose === 'reset-password' ? IDENTITY_WEB_ROUTES.resetPassword : IDENTITY_WEB_ROUTES.verifyEmail;
    return `${config.publicUrl}${route}?token=${encodeURIComponent(token)}`;
  }

  /** A pending, unexpired link whose user still has the address it was sent to; else invalid-token. */
  async function usableLink(token: string, purpose: repo.AuthTokenPurpose) {
    const row = await repo.findAuthToken(db, hashToken(token), purpose);
    const now = nowIso();
    if (!row || row.used_at || row.expires_at <= now) throw AppError.field('invalid-token', 'token');
    const user = await repo.findUserById(db, row.user_id);
    if (!user || user.deleted_at || !user.active || user.email !== row.email) throw AppError.field('invalid-token', 'token');
    return { row, user };
  }

  /** The current password again before a sensitive change; failures are budgeted per user. */
  async function reauthenticate(user: UserRow, password: string, field: string): Promise<void> {
    const key = `reauth-fail:${user.id}`;
    const lock = await rateLimiter.peek(key, REAUTH_FAILURES.limit);
    if (!lock.allowed) throw tooManyRequests(lock.retryAfterS);
    const ok = user.password_hash ? await verifyPassword(user.password_hash, password) : await dummyVerify(password);
    if (!ok) {
      await rateLimiter.hit(key, REAUTH_FAILURES.limit, REAUTH_FAILURES.windowMs);
      throw AppError.field('wrong-current-password', field);
    }
    await rateLimiter.reset(key);
  }

  return {
    db,
    config,
    rateLimiter,
    log,
    track,
    deliver,
    drain,
    enforceIpBudget,
    activeUser,
    createLink,
    usableLink,
    reauthenticate,
  };
}
