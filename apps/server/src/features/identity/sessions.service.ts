import { SESSION_ABSOLUTE_TTL_MS, type DeviceInfo, type SessionInfo, type SessionUser, type TokenPair, type ZLoginRequest } from '@puntoverde/contract';
import type { z } from 'zod';
import { nowIso, type Db } from '../../db/dialect.js';
import { signAccessToken } from '../../lib/access-token.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { addMs, sessionGone, type IdentityContext, type RequestMeta } from './identity-context.js';
import * as repo from './identity.repository.js';
import { createLoginThrottle } from './login-throttle.js';
import { dummyVerify, hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { hashToken, randomToken } from './secrets.js';
import { toMe } from './user-view.js';

export type LoginInput = z.output<typeof ZLoginRequest>;

/**
 * The check behind every bearer token: the account is active and not deleted, and the session
 * is live (not revoked, not past its end). Null otherwise.
 */
export async function resolveSession(db: Db, sessionId: string, userId: number): Promise<Omit<AuthUser, 'session_id'> | null> {
  const row = await repo.findSessionUser(db, sessionId, userId, nowIso());
  if (!row || !row.active || row.deleted_at) return null;
  return {
    id: row.id,
    tc_id: row.tc_id,
    id_empresa: row.id_empresa,
    is_admin: row.is_admin === 1,
    email: row.email,
    name: row.name,
    must_change_password: row.must_change_password === 1,
  };
}

/** Login, refresh-token rotation, logout, and the sessions and push devices a user sees. */
export function createSessionsService(ctx: IdentityContext) {
  const { db, config, rateLimiter, log } = ctx;
  const throttle = createLoginThrottle(rateLimiter);
  let lastPurge = 0;

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
    await repo.deleteExpiredSessionsAndLinks(db, addMs(nowIso(), -24 * 60 * 60 * 1000));
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

  return {
    startSession,
    listSessions,
    listDevices,

    /** The check behind every bearer token (see resolveSession below). */
    resolveSession(sessionId: string, userId: number): Promise<Omit<AuthUser, 'session_id'> | null> {
      return resolveSession(db, sessionId, userId);
    },

    /**
     * The same 401 `wrong-password` body for an unknown e-mail and a wrong password, after the
     * same argon2 work (dummy verify). Repeated failures slow the failing address down
     * (LOGIN_THROTTLE in login-throttle.ts): 429 with Retry-After while it must wait, whatever the password.
     */
    async login(input: LoginInput, meta: RequestMeta): Promise<SessionUser> {
      const keys = await throttle.keys(input.username, meta.ip);
      await throttle.enforceDelay(keys);
      const user = await repo.findUserByEmail(db, input.username);
      const ok = user?.password_hash
        ? await verifyPassword(user.password_hash, input.password)
        : await dummyVerify(input.password);
      if (!user?.password_hash || !ok) {
        await throttle.recordFailure(keys);
        throw new AppError('wrong-password');
      }
      await throttle.forgivePair(keys);
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

    async revokeSession(auth: AuthUser, sessionId: string): Promise<void> {
      const session = await repo.findSession(db, sessionId);
      if (!session || session.user_id !== auth.id || session.revoked_at) throw new AppError('not-found');
      await repo.revokeSessions(db, { sessionId }, 'revoked', nowIso());
    },

    async removeDevice(auth: AuthUser, id: number): Promise<void> {
      if (!(await repo.deleteDevice(db, auth.id, id))) throw new AppError('not-found');
    },
  };
}
