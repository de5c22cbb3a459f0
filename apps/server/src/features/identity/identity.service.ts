import {
  DATA_POLICY_VERSION,
  DELETE_ACCOUNT_CONFIRMATION,
  MESSAGES_ES,
  EMAIL_VERIFICATION_TTL_MS,
  FORGOT_PASSWORD_MESSAGE_ES,
  IDENTITY_WEB_ROUTES,
  PASSWORD_RESET_TTL_MS,
  SESSION_ABSOLUTE_TTL_MS,
  TC_ID,
  type DeleteAccountRequest,
  type DeviceInfo,
  type Me,
  type PersonalDataExport,
  type SessionInfo,
  type SessionUser,
  type SignupData,
  type TokenPair,
  type ZChangeEmailRequest,
  type ZChangePasswordRequest,
  type ZLoginRequest,
  type ZUpdateProfileRequest,
  isValidDocumentNumber,
  type DocumentType,
} from '@puntoverde/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import { nowIso, type Db } from '../../db/dialect.js';
import type { UsersTable } from '../../db/types.js';
import { signAccessToken } from '../../lib/access-token.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import { enforceRateLimit, type RateLimiter } from '../../lib/rate-limiter.js';
import type { AuthUser } from '../../plugins/auth.js';
import {
  accountDeletedMessage,
  emailChangedMessage,
  passwordChangedMessage,
  resetPasswordMessage,
  verifyEmailMessage,
} from './emails.js';
import { accountKindFields, createAccount, EmailInUseError, isUniqueViolation } from './accounts.service.js';
import * as repo from './identity.repository.js';
import type { UserRow } from './identity.repository.js';
import { dummyVerify, hashPassword, isWeakPassword, needsRehash, verifyPassword } from './passwords.js';
import { isValidColombianPhone } from './phone.js';
import { expirePhoneCodes } from './phone-verification.repository.js';
import { hashToken, randomToken } from './secrets.js';
import { personName, toMe } from './user-view.js';
import type { Updateable } from 'kysely';

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

/** Large enough never to be reached: the limiter then counts without refusing. */
const UNCAPPED = 1_000_000_000;

/** Recovery e-mails per address per hour; beyond it the answer stays the same but nothing is sent. */
const RECOVERY_PER_EMAIL = { limit: 3, windowMs: 60 * 60 * 1000 };
/** Verification re-sends per user per hour. */
const RESEND_PER_USER = { limit: 3, windowMs: 60 * 60 * 1000 };
/** Failed re-authentications (change password/e-mail, delete account) per user. */
const REAUTH_FAILURES = { limit: 5, windowMs: 15 * 60 * 1000 };

const SESSION_GONE_MESSAGE = 'Tu sesión expiró. Inicia sesión de nuevo.';

export type PersonalDataSection = (db: Db, userId: number) => Promise<unknown>;
export type AccountDeletionHook = (trx: Db, userId: number, at: string) => Promise<void>;

export type ProfileInput = z.output<typeof ZUpdateProfileRequest>;
export type LoginInput = z.output<typeof ZLoginRequest>;
export type ChangeEmailInput = z.output<typeof ZChangeEmailRequest>;
export type ChangePasswordInput = z.output<typeof ZChangePasswordRequest>;

function tooManyRequests(retryAfterS: number): AppError {
  return new AppError('too-many-requests', { headers: { 'retry-after': String(Math.max(1, retryAfterS)) } });
}

function sessionGone(): AppError {
  return new AppError('unauthorized', { message: SESSION_GONE_MESSAGE });
}

function addMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

export type IdentityService = ReturnType<typeof createIdentityService>;

export function createIdentityService(deps: IdentityDeps) {
  const { db, config, mailer, rateLimiter, log } = deps;
  const pendingMail = new Set<Promise<void>>();
  const exportSections = new Map<string, PersonalDataSection>();
  const deletionHooks: AccountDeletionHook[] = [];
  let lastPurge = 0;

  /** Sends in the background: answers never wait for SMTP (nor reveal by timing who got a mail). */
  function deliver(message: MailMessage): void {
    const p = mailer
      .send(message)
      .catch((err: unknown) => log.error({ err, subject: message.subject }, 'could not send e-mail'))
      .finally(() => pendingMail.delete(p));
    pendingMail.add(p);
  }

  async function enforceIpBudget(budget: IpBudget, ip: string): Promise<void> {
    const { limit, windowMs } = IP_BUDGETS[budget];
    await enforceRateLimit(rateLimiter, `ip:${budget}:${ip}`, limit * config.ipRateLimitFactor, windowMs);
  }

  /** Hits counted so far under `key` (0 when none). */
  async function countOf(key: string): Promise<number> {
    return UNCAPPED - (await rateLimiter.peek(key, UNCAPPED)).remaining;
  }

  /** The account's throttle keys: a password reset moves the account to a new generation. */
  async function loginKeys(username: string, ip: string) {
    const generation = await countOf(`login-generation:${username}`);
    const pair = `${username}:${generation}:${ip}`;
    return {
      pairFailures: `login-fail:${pair}`,
      pairWait: `login-wait:${pair}`,
      ipFailures: `login-fail-ip:${ip}`,
      ipWait: `login-wait-ip:${ip}`,
    };
  }

  /** 429 with Retry-After while this address must still wait for this account, or at all. */
  async function enforceLoginDelay(keys: Awaited<ReturnType<typeof loginKeys>>): Promise<void> {
    for (const key of [keys.pairWait, keys.ipWait]) {
      const wait = await rateLimiter.peek(key, 1);
      if (!wait.allowed) throw tooManyRequests(wait.retryAfterS);
    }
  }

  /** Counts a failure for the pair and the address, and starts the wait each has earned. */
  async function recordLoginFailure(keys: Awaited<ReturnType<typeof loginKeys>>): Promise<void> {
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
  }

  async function activeUser(id: number): Promise<UserRow> {
    const user = await repo.findUserById(db, id);
    if (!user || user.deleted_at || !user.active) throw sessionGone();
    return user;
  }

  // ---- sessions ----

  async function signFor(userId: number, sessionId: string): Promise<{ token: string; expires_at: string }> {
    const { token, expiresAt } = await signAccessToken(config.tokenSecret, { sub: String(userId), sid: sessionId });
    return { token, expires_at: expiresAt.toISOString() };
  }

  /** Starts a session (a refresh-token family) and returns its first token pair. */
  async function startSession(
    trx: Db,
    userId: number,
    meta: RequestMeta,
    authMethod = 'password',
  ): Promise<TokenPair & { session_id: string }> {
    const now = nowIso();
    const sessionId = randomToken(16);
    const expiresAt = addMs(now, SESSION_ABSOLUTE_TTL_MS);
    await repo.insertSession(trx, {
      id: sessionId,
      user_id: userId,
      auth_method: authMethod,
      created_at: now,
      last_used_at: now,
      expires_at: expiresAt,
      revoked_at: null,
      revoked_reason: null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
    });
    const refreshToken = randomToken(32);
    await repo.insertRefreshToken(trx, {
      session_id: sessionId,
      token_hash: hashToken(refreshToken),
      created_at: now,
      expires_at: expiresAt,
    });
    return { session_id: sessionId, refresh_token: refreshToken, ...(await signFor(userId, sessionId)) };
  }

  /** Occasionally drops sessions and links long expired, so the tables do not grow forever. */
  async function purgeExpired(): Promise<void> {
    if (Date.now() - lastPurge < 60 * 60 * 1000) return;
    lastPurge = Date.now();
    const cutoff = addMs(nowIso(), -24 * 60 * 60 * 1000);
    await db.deleteFrom('sessions').where('expires_at', '<', cutoff).execute();
    await db.deleteFrom('auth_tokens').where('expires_at', '<', cutoff).execute();
  }

  // ---- one-time links ----

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

  // ---- re-authentication ----

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

  async function listSessions(auth: AuthUser): Promise<SessionInfo[]> {
    const rows = await repo.listLiveSessions(db, auth.id, nowIso());
    return rows.map((s) => ({
      id: s.id,
      created_at: s.created_at,
      last_used_at: s.last_used_at,
      expires_at: s.expires_at,
      user_agent: s.user_agent,
      ip: s.ip,
      current: s.id === auth.session_id,
    }));
  }

  async function listDevices(auth: AuthUser): Promise<DeviceInfo[]> {
    const rows = await repo.listDevices(db, auth.id);
    return rows.map((d) => ({
      id: d.id,
      kind: d.kind,
      user_agent: d.user_agent,
      created_at: d.created_at,
      last_seen_at: d.last_seen_at,
    }));
  }

  function userInputsOf(values: Array<string | null | undefined>): string[] {
    return values.filter((v): v is string => Boolean(v));
  }

  return {
    enforceIpBudget,
    startSession,

    /** Other features add their part of "download my data" (Ley 1581 de 2012 art. 8). */
    registerPersonalDataSection(name: string, section: PersonalDataSection): void {
      exportSections.set(name, section);
    },
    /** Other features anonymise or delete their rows of a user inside the deletion transaction. */
    registerAccountDeletionHook(hook: AccountDeletionHook): void {
      deletionHooks.push(hook);
    },
    /** Waits for e-mails still being sent (app close, tests). */
    async drain(): Promise<void> {
      while (pendingMail.size) await Promise.allSettled([...pendingMail]);
    },

    /** The check behind every bearer token: the session is live (not revoked, not past its end). */
    isSessionLive(sessionId: string, userId: number): Promise<boolean> {
      return repo.isSessionLive(db, sessionId, userId, nowIso());
    },

    // ---- sign-up ----

    async register(input: SignupData, meta: RequestMeta): Promise<SessionUser> {
      const isCompany = input.tc_id === TC_ID.company;
      const inputs = isCompany
        ? userInputsOf([input.email, input.company_name, input.contact_name, input.nit])
        : userInputsOf([input.email, input.first_name, input.last_name, input.document_number]);
      if (!isValidColombianPhone(input.phone)) throw AppError.field('validation-failed', 'data_user.phone', MESSAGES_ES.phone);
      if (isWeakPassword(input.password, inputs)) throw AppError.field('weak-password', 'data_user.password');
      if (await repo.emailExists(db, input.email)) throw AppError.field('email-already-in-use', 'data_user.email');
      if (isCompany && (await repo.companyNitExists(db, input.nit))) {
        throw AppError.field('nit-already-in-use', 'data_user.nit');
      }
      const passwordHash = await hashPassword(input.password);
      let created: { user: UserRow; tokens: TokenPair; verifyUrl: string };
      try {
        created = await db.transaction().execute(async (trx) => {
          const user = await createAccount(trx, {
            ...accountKindFields(input),
            tc_id: input.tc_id,
            email: input.email,
            password_hash: passwordHash,
            phone: input.phone,
            city: input.city,
            address: input.address ?? null,
            email_verified: false,
            consent: meta,
          });
          const { session_id: _sid, ...tokens } = await startSession(trx, user.id, meta);
          const verifyUrl = await createLink(trx, user, 'verify-email', EMAIL_VERIFICATION_TTL_MS);
          return { user, tokens, verifyUrl };
        });
      } catch (err) {
        // Two sign-ups racing for the same e-mail: the loser gets the same 409 as above.
        if (err instanceof EmailInUseError) throw AppError.field('email-already-in-use', 'data_user.email');
        throw err;
      }
      deliver(verifyEmailMessage(created.user.email, created.user.name, created.verifyUrl));
      return { ...toMe(created.user), ...created.tokens };
    },

    // ---- login ----

    /**
     * The same 401 `wrong-password` body for an unknown e-mail and a wrong password, after the
     * same argon2 work (dummy verify). Repeated failures slow the failing address down
     * ({@link LOGIN_THROTTLE}): 429 with Retry-After while it must wait, whatever the password.
     */
    async login(input: LoginInput, meta: RequestMeta): Promise<SessionUser> {
      const keys = await loginKeys(input.username, meta.ip);
      await enforceLoginDelay(keys);
      const user = await repo.findUserByEmail(db, input.username);
      const ok = user?.password_hash
        ? await verifyPassword(user.password_hash, input.password)
        : await dummyVerify(input.password);
      if (!user?.password_hash || !ok) {
        await recordLoginFailure(keys);
        throw new AppError('wrong-password');
      }
      // The address proved it knows the password: its failures on this account are forgotten
      // (not those of the address as a whole, which may be guessing other accounts).
      await Promise.all([rateLimiter.reset(keys.pairFailures), rateLimiter.reset(keys.pairWait)]);
      if (!user.active) {
        throw new AppError('forbidden', {
          message: 'Esta cuenta está desactivada. Escríbenos por Ayuda / PQR si crees que es un error.',
        });
      }
      const now = nowIso();
      let passwordHash = user.password_hash;
      if (needsRehash(passwordHash)) {
        passwordHash = await hashPassword(input.password);
        await repo.updateUser(db, user.id, { password_hash: passwordHash });
      }
      const tokens = await db.transaction().execute(async (trx) => {
        const started = await startSession(trx, user.id, meta);
        if (input.playerId) {
          await repo.linkDevice(trx, {
            player_id: input.playerId,
            user_id: user.id,
            session_id: started.session_id,
            user_agent: meta.userAgent?.slice(0, 300) ?? null,
            at: now,
          });
        }
        return started;
      });
      await purgeExpired().catch((err: unknown) => log.warn({ err }, 'could not purge expired sessions'));
      const { session_id: _sid, ...pair } = tokens;
      return { ...toMe({ ...user, password_hash: passwordHash }), ...pair };
    },

    // ---- tokens ----

    /**
     * Exchanges a refresh token for a new pair. Each token works once; presenting a used one
     * means it was copied, so the whole session (family) ends (OWASP ASVS 5.0 §9.2, §10.4).
     */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const now = nowIso();
      const row = await repo.findRefreshToken(db, hashToken(refreshToken));
      if (!row || row.revoked_at || row.session_expires_at <= now || row.expires_at <= now) throw sessionGone();
      const revokeFamily = async () => {
        await repo.revokeSessions(db, { sessionId: row.session_id }, 'refresh-reuse', now);
        log.warn({ sessionId: row.session_id, userId: row.user_id }, 'refresh token reuse: session revoked');
      };
      if (row.used_at) {
        await revokeFamily();
        throw sessionGone();
      }
      const next = randomToken(32);
      const rotated = await db.transaction().execute(async (trx) => {
        if (!(await repo.markRefreshTokenUsed(trx, row.id, now))) return false;
        await repo.insertRefreshToken(trx, {
          session_id: row.session_id,
          token_hash: hashToken(next),
          created_at: now,
          expires_at: row.session_expires_at,
        });
        await repo.touchSession(trx, row.session_id, now);
        return true;
      });
      if (!rotated) {
        await revokeFamily();
        throw sessionGone();
      }
      const user = await repo.findUserById(db, row.user_id);
      if (!user || user.deleted_at || !user.active) {
        await repo.revokeSessions(db, { sessionId: row.session_id }, 'revoked', now);
        throw sessionGone();
      }
      return { refresh_token: next, ...(await signFor(row.user_id, row.session_id)) };
    },

    /** Ends the caller's session and/or the session of the given refresh token. Idempotent. */
    async logout(sessionId: string | null, refreshToken: string | undefined): Promise<void> {
      const now = nowIso();
      if (sessionId) await repo.revokeSessions(db, { sessionId }, 'logout', now);
      if (refreshToken) {
        const row = await repo.findRefreshToken(db, hashToken(refreshToken));
        if (row) await repo.revokeSessions(db, { sessionId: row.session_id }, 'logout', now);
      }
    },

    // ---- recovery ----

    /**
     * The answer to «¿Olvidaste tu contraseña?»: always the same, and computed without touching
     * the account, so its cost cannot tell a known address from an unknown one. The work is
     * {@link queueRecovery}, started once the answer is on its way.
     */
    forgotPasswordAnswer(): { sent: true; message: string } {
      return { sent: true, message: FORGOT_PASSWORD_MESSAGE_ES };
    },

    /**
     * After the answer: a link only when the account exists and the per-address budget allows.
     * Runs in the background (drained on close, like the e-mails it sends).
     */
    queueRecovery(email: string): void {
      const p = (async () => {
        const budget = await rateLimiter.hit(`forgot:${email}`, RECOVERY_PER_EMAIL.limit, RECOVERY_PER_EMAIL.windowMs);
        if (!budget.allowed) return;
        const user = await repo.findUserByEmail(db, email);
        if (!user?.active) return;
        const url = await createLink(db, user, 'reset-password', PASSWORD_RESET_TTL_MS);
        deliver(resetPasswordMessage(user.email, user.name, url));
      })()
        .catch((err: unknown) => log.error({ err }, 'could not prepare a password reset link'))
        .finally(() => pendingMail.delete(p));
      pendingMail.add(p);
    },

    /** Sets the new password, spends the link and ends every session of the user. */
    async resetPassword(token: string, password: string): Promise<{ reset: true; email: string }> {
      const { row, user } = await usableLink(token, 'reset-password');
      if (isWeakPassword(password, userInputsOf([user.email, user.name, user.first_name, user.last_name]))) {
        throw AppError.field('weak-password', 'password');
      }
      const passwordHash = await hashPassword(password);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        if (!(await repo.consumeAuthToken(trx, row.id, now))) throw AppError.field('invalid-token', 'token');
        // Following the link proved the mailbox is theirs.
        await repo.updateUser(trx, user.id, {
          password_hash: passwordHash,
          email_verified_at: user.email_verified_at ?? now,
          updated_at: now,
        });
        await repo.expireAuthTokens(trx, user.id, 'reset-password', now);
        await repo.revokeSessions(trx, { userId: user.id }, 'password-reset', now);
      });
      // Following the link proved the mailbox: the account's login throttle starts afresh.
      await rateLimiter.hit(`login-generation:${user.email}`, UNCAPPED, 365 * 24 * 60 * 60 * 1000);
      deliver(passwordChangedMessage(user.email, user.name, `${config.publicUrl}/auth/login`));
      return { reset: true, email: user.email };
    },

    // ---- e-mail verification ----

    async verifyEmail(token: string): Promise<{ email: string; email_verified_at: string }> {
      const { row, user } = await usableLink(token, 'verify-email');
      const now = nowIso();
      const verifiedAt = user.email_verified_at ?? now;
      await db.transaction().execute(async (trx) => {
        if (!(await repo.consumeAuthToken(trx, row.id, now))) throw AppError.field('invalid-token', 'token');
        await repo.updateUser(trx, user.id, { email_verified_at: verifiedAt, updated_at: now });
        await repo.expireAuthTokens(trx, user.id, 'verify-email', now);
      });
      return { email: user.email, email_verified_at: verifiedAt };
    },

    async resendVerification(auth: AuthUser): Promise<{ sent: boolean; email: string }> {
      const user = await activeUser(auth.id);
      if (user.email_verified_at) return { sent: false, email: user.email };
      await enforceRateLimit(rateLimiter, `resend:${user.id}`, RESEND_PER_USER.limit, RESEND_PER_USER.windowMs);
      const url = await createLink(db, user, 'verify-email', EMAIL_VERIFICATION_TTL_MS);
      deliver(verifyEmailMessage(user.email, user.name, url));
      return { sent: true, email: user.email };
    },

    // ---- reading users ----

    async me(auth: AuthUser): Promise<Me> {
      return toMe(await activeUser(auth.id));
    },

    /** clientes/lista: the user themself, a company head for its own branches, admins; 403 otherwise. */
    async customer(auth: AuthUser, id: number): Promise<Me> {
      const target = await repo.findUserById(db, id);
      if (!target || target.deleted_at) throw new AppError('user-not-found');
      const isSelf = target.id === auth.id;
      const isOwnBranch = auth.tc_id === TC_ID.company && auth.id_empresa === null && target.id_empresa === auth.id;
      // Someone else's account: the same 404 as an id that does not exist.
      if (!isSelf && !isOwnBranch && !auth.is_admin) throw new AppError('user-not-found');
      return toMe(target);
    },

    // ---- profile ----

    async updateProfile(auth: AuthUser, input: ProfileInput): Promise<Me> {
      const user = await activeUser(auth.id);
      const isCompany = user.tc_id === TC_ID.company;
      const isBranch = isCompany && user.id_empresa !== null;
      const allowed: Array<keyof ProfileInput> = isCompany
        ? ['company_name', 'contact_name', 'phone', 'city', 'address', ...(isBranch ? [] : (['nit'] as const))]
        : ['first_name', 'last_name', 'document_type', 'document_number', 'phone', 'city', 'address'];
      const fields: Record<string, string> = {};
      for (const key of Object.keys(input) as Array<keyof ProfileInput>) {
        if (input[key] !== undefined && !allowed.includes(key)) fields[key] = 'Este dato no aplica a tu tipo de cuenta.';
      }
      if (Object.keys(fields).length) {
        throw new AppError('validation-failed', { message: `Revisa: ${Object.keys(fields).join(', ')}.`, fields });
      }
      if (input.phone !== undefined && !isValidColombianPhone(input.phone)) {
        throw AppError.field('validation-failed', 'phone', MESSAGES_ES.phone);
      }
      const docType = (input.document_type ?? user.document_type) as DocumentType | null;
      const docNumber = input.document_number ?? user.document_number;
      if (
        !isCompany &&
        (input.document_type !== undefined || input.document_number !== undefined) &&
        (!docType || !docNumber || !isValidDocumentNumber(docType, docNumber))
      ) {
        throw AppError.field('validation-failed', 'document_number', 'Revisa el número de documento.');
      }
      if (input.nit !== undefined && (await repo.companyNitExists(db, input.nit, user.id))) {
        throw AppError.field('nit-already-in-use', 'nit');
      }
      const changes: Updateable<UsersTable> = { updated_at: nowIso() };
      if (input.first_name !== undefined) changes.first_name = input.first_name;
      if (input.last_name !== undefined) changes.last_name = input.last_name;
      if (input.document_type !== undefined) changes.document_type = input.document_type;
      if (input.document_number !== undefined) changes.document_number = input.document_number;
      if (input.company_name !== undefined) changes.company_name = input.company_name;
      if (input.contact_name !== undefined) changes.contact_name = input.contact_name;
      if (input.nit !== undefined) {
        changes.document_type = 'NIT';
        changes.document_number = input.nit;
      }
      if (input.phone !== undefined && input.phone !== user.phone) {
        // Another number: it has to be confirmed again, and codes sent to the old one stop working.
        changes.phone = input.phone;
        changes.phone_verified_at = null;
        await expirePhoneCodes(db, user.id, changes.updated_at as string);
      }
      if (input.city !== undefined) changes.city = input.city;
      if (input.address !== undefined) changes.address = input.address;
      if (isCompany && input.company_name !== undefined) changes.name = input.company_name;
      if (!isCompany && (input.first_name !== undefined || input.last_name !== undefined)) {
        changes.name =
          personName(input.first_name ?? user.first_name, input.last_name ?? user.last_name) || user.name;
      }
      await repo.updateUser(db, user.id, changes);
      return toMe(await activeUser(user.id));
    },

    /** New login e-mail after re-authenticating; it must be verified again. */
    async changeEmail(auth: AuthUser, input: ChangeEmailInput): Promise<Me> {
      const user = await activeUser(auth.id);
      await reauthenticate(user, input.current_password, 'current_password');
      if (input.email === user.email) return toMe(user);
      if (await repo.emailExists(db, input.email, user.id)) throw AppError.field('email-already-in-use', 'email');
      const now = nowIso();
      let url: string;
      try {
        url = await db.transaction().execute(async (trx) => {
          await repo.updateUser(trx, user.id, { email: input.email, email_verified_at: null, updated_at: now });
          await repo.expireAuthTokens(trx, user.id, 'reset-password', now);
          return createLink(trx, { id: user.id, email: input.email }, 'verify-email', EMAIL_VERIFICATION_TTL_MS);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw AppError.field('email-already-in-use', 'email');
        throw err;
      }
      deliver(verifyEmailMessage(input.email, user.name, url));
      deliver(emailChangedMessage(user.email, user.name, input.email));
      return toMe(await activeUser(user.id));
    },

    /** Re-authenticates, sets the new password and ends every other session at once. */
    async changePassword(auth: AuthUser, input: ChangePasswordInput): Promise<{ changed: true; other_sessions_ended: number }> {
      const user = await activeUser(auth.id);
      await reauthenticate(user, input.current_password, 'current_password');
      if (isWeakPassword(input.new_password, userInputsOf([user.email, user.name, user.first_name, user.last_name]))) {
        throw AppError.field('weak-password', 'new_password');
      }
      const passwordHash = await hashPassword(input.new_password);
      const now = nowIso();
      const ended = await db.transaction().execute(async (trx) => {
        await repo.updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now });
        await repo.expireAuthTokens(trx, user.id, 'reset-password', now);
        return repo.revokeSessions(trx, { userId: user.id, exceptSessionId: auth.session_id }, 'password-change', now);
      });
      deliver(passwordChangedMessage(user.email, user.name, `${config.publicUrl}/auth/login`));
      return { changed: true, other_sessions_ended: ended };
    },

    // ---- sessions and devices ----

    listSessions,

    async revokeSession(auth: AuthUser, sessionId: string): Promise<void> {
      const session = await repo.findSession(db, sessionId);
      if (!session || session.user_id !== auth.id || session.revoked_at) throw new AppError('not-found');
      await repo.revokeSessions(db, { sessionId }, 'revoked', nowIso());
    },

    listDevices,

    async removeDevice(auth: AuthUser, id: number): Promise<void> {
      if (!(await repo.deleteDevice(db, auth.id, id))) throw new AppError('not-found');
    },

    // ---- my data ----

    async exportPersonalData(auth: AuthUser): Promise<PersonalDataExport> {
      const user = await activeUser(auth.id);
      const [consents, sessions, devices] = await Promise.all([
        repo.listConsents(db, user.id),
        listSessions(auth),
        listDevices(auth),
      ]);
      const sections: Record<string, unknown> = {};
      for (const [name, section] of exportSections) sections[name] = await section(db, user.id);
      return {
        generated_at: nowIso(),
        profile: toMe(user),
        consents: consents.map((c) => ({ kind: c.kind, version: c.version, accepted_at: c.accepted_at })),
        sessions,
        devices,
        sections,
      };
    },

    /**
     * Deletes the account (Ley 1581 de 2012 art. 8 e): sessions, devices and links go; the user
     * row stays only as an anonymous shell so records the law obliges to keep (requests, PQR,
     * the proof of consent) keep their reference without identifying the person.
     */
    async deleteAccount(auth: AuthUser, input: DeleteAccountRequest): Promise<void> {
      const user = await activeUser(auth.id);
      if (user.password_hash) {
        if (!input.password) throw AppError.field('wrong-current-password', 'password');
        await reauthenticate(user, input.password, 'password');
      } else if (input.confirm?.trim().toUpperCase() !== DELETE_ACCOUNT_CONFIRMATION) {
        throw AppError.field('validation-failed', 'confirm', `Escribe ${DELETE_ACCOUNT_CONFIRMATION} para confirmar.`);
      }
      if (user.tc_id === TC_ID.company && user.id_empresa === null && (await repo.countActiveBranches(db, user.id)) > 0) {
        throw new AppError('company-has-branches');
      }
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        for (const hook of deletionHooks) await hook(trx, user.id, now);
        await repo.deleteIdentityData(trx, user.id, now);
        await repo.updateUser(trx, user.id, {
          email: `eliminado-${user.id}@anonimo.invalid`,
          password_hash: null,
          name: 'Cuenta eliminada',
          first_name: null,
          last_name: null,
          company_name: null,
          contact_name: null,
          document_type: null,
          document_number: null,
          phone: null,
          phone_verified_at: null,
          address: null,
          city: null,
          lat: null,
          lng: null,
          email_verified_at: null,
          active: 0,
          updated_at: now,
          deleted_at: now,
        });
      });
      deliver(accountDeletedMessage(user.email, user.name));
    },
  };
}

// ---- for other features (branch invitations set a password and end a branch's sessions) ----

export { hashPassword, isWeakPassword } from './passwords.js';
export { hashToken, randomToken } from './secrets.js';
export { toMe } from './user-view.js';
/** Social sign-in links the push device of a login code exchange like clientes/login does. */
export async function linkDevice(db: Db, values: Parameters<typeof repo.linkDevice>[1]): Promise<void> {
  await repo.linkDevice(db, values);
}
/** The numbering-plan check sign-up applies, for social sign-in's completion. */
export { isValidColombianPhone } from './phone.js';

/** Records the acceptance of the personal-data policy (proof kept: Decreto 1377 de 2013 art. 8). */
export async function recordDataPolicyConsent(db: Db, userId: number, meta: RequestMeta): Promise<void> {
  await repo.insertConsent(db, {
    user_id: userId,
    kind: 'data-policy',
    version: DATA_POLICY_VERSION,
    accepted_at: nowIso(),
    withdrawn_at: null,
    ip: meta.ip,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
  });
}

/** Ends every live session of a user (a deactivated branch); returns how many ended. */
export function revokeUserSessions(db: Db, userId: number, reason: string): Promise<number> {
  return repo.revokeSessions(db, { userId }, reason, nowIso());
}
