import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { verifyAccessToken } from '../lib/access-token.js';
import { AppError } from '../lib/app-error.js';

/** The caller, as every feature sees it. */
export type AuthUser = {
  id: number;
  tc_id: number;
  id_empresa: number | null;
  is_admin: boolean;
  email: string;
  name: string;
  /** Session (refresh-token family) the access token belongs to. */
  session_id: string;
};

/**
 * Decides whether a session id is still live. The identity feature registers the real check
 * (revoked sessions stop working at once); until then every signed token's session counts.
 */
export type SessionValidator = (sessionId: string, userId: number) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when a valid bearer token came with the request; null otherwise. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    setSessionValidator(validator: SessionValidator): void;
  }
}

/** The authenticated caller or 401. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}

/** An admin (back office) or 403 (401 when not logged in). */
export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!user.is_admin) throw new AppError('forbidden');
  return user;
}

/** A point manager (tc_id 1) or an admin, else 403. */
export function requireManagerOrAdmin(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (user.tc_id !== 1 && !user.is_admin) throw new AppError('forbidden');
  return user;
}

/**
 * Reads `Authorization: Bearer <jwt>` on every request. A present but invalid, expired or
 * revoked token is a 401 at once (the client then logs out, spec §8); no header = anonymous.
 */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    let validateSession: SessionValidator = () => Promise.resolve(true);
    app.decorate('setSessionValidator', (validator: SessionValidator) => {
      validateSession = validator;
    });
    app.decorateRequest('user', null);

    // Anonymous requests take the synchronous path; only a bearer token costs a verification.
    app.addHook('onRequest', (request, _reply, done) => {
      request.user = null;
      const header = request.headers.authorization;
      if (!header) return done();
      authenticate(request, header).then(() => done(), done);
    });

    async function authenticate(request: FastifyRequest, header: string): Promise<void> {
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1] || match[1] === 'null' || match[1] === 'undefined') return;
      const claims = await verifyAccessToken(app.config.tokenSecret, match[1]);
      if (!claims) throw new AppError('unauthorized', { message: 'Tu sesión expiró. Inicia sesión de nuevo.' });
      const userId = Number(claims.sub);
      const row = await app.db
        .selectFrom('users')
        .select(['id', 'tc_id', 'id_empresa', 'is_admin', 'email', 'name', 'active', 'deleted_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row || !row.active || row.deleted_at || !(await validateSession(claims.sid, userId))) {
        throw new AppError('unauthorized', { message: 'Tu sesión ya no es válida. Inicia sesión de nuevo.' });
      }
      request.user = {
        id: row.id,
        tc_id: row.tc_id,
        id_empresa: row.id_empresa,
        is_admin: row.is_admin === 1,
        email: row.email,
        name: row.name,
        session_id: claims.sid,
      };
    }
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
