import { IDENTITY_PATHS, TC_ID } from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { verifyAccessToken } from '../lib/access-token.js';
import type { ErrorCode } from '@puntoverde/contract';
import { AppError } from '../lib/app-error.js';
import type { AuthUser } from '../lib/auth-user.js';

export type { AuthUser };

/**
 * What an account that must change its generated password may still call: who it is, the
 * password change itself, and signing out. Everything else that needs an account is a 403
 * `password-change-required`.
 */
export const PASSWORD_CHANGE_ALLOWED: ReadonlySet<string> = new Set([
  `GET ${IDENTITY_PATHS.me}`,
  `POST ${IDENTITY_PATHS.myPassword}`,
  `POST ${IDENTITY_PATHS.logout}`,
]);

/**
 * The account behind a token's session, or null when the session is revoked or past its end or
 * the account is inactive or deleted. The identity feature (which owns users and sessions)
 * registers it; until then no bearer token is accepted.
 */
export type SessionResolver = (sessionId: string, userId: number) => Promise<Omit<AuthUser, 'session_id'> | null>;

/**
 * Who may call a route, checked in its onRequest hook: before the body is parsed or validated,
 * so a caller without the right gets 401/403 and learns nothing of the body's fields.
 * - public: anyone (a route may still read `request.user` when there is one)
 * - user: any signed-in account
 * - manager: a point manager (tc_id 1) or staff
 * - company-head: a company's main account (tc_id 3 without id_empresa)
 * - admin: staff (back office)
 */
export type AuthLevel = 'public' | 'user' | 'manager' | 'company-head' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; unset = `user` when the schema declares bearer security, else `public`. */
    auth?: AuthLevel;
    /**
     * On a route about one object (`/branches/:id`): the 404 a signed-in caller without the level
     * gets instead of 403, the same answer as for an object that does not exist or is not theirs.
     */
    hiddenAs?: ErrorCode;
    /** The route reads `Authorization: Bearer` itself (a service token, not a session): no session check. */
    ownBearer?: boolean;
  }
  interface FastifyRequest {
    /** Set when a valid bearer token came with the request; null otherwise. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    setSessionResolver(resolver: SessionResolver): void;
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
  if (user.tc_id !== TC_ID.manager && !user.is_admin) throw new AppError('forbidden');
  return user;
}

/** A company's main account (not a branch) or 403. */
export function requireCompanyHead(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (user.tc_id !== TC_ID.company || user.id_empresa !== null) throw new AppError('not-company-head');
  return user;
}

/** The route's level: declared in its config, else `user` when its OpenAPI security names bearer, else public. */
export function authLevelOf(route: { config?: { auth?: AuthLevel } | undefined; schema?: unknown }): AuthLevel {
  if (route.config?.auth) return route.config.auth;
  const schema = route.schema as { security?: Array<Record<string, unknown>> } | undefined;
  return schema?.security?.some((requirement) => 'bearer' in requirement) ? 'user' : 'public';
}

const CHECKS: Record<Exclude<AuthLevel, 'public'>, (request: FastifyRequest) => AuthUser> = {
  user: requireUser,
  manager: requireManagerOrAdmin,
  'company-head': requireCompanyHead,
  admin: requireAdmin,
};

/**
 * Gives every routes registered in `scope` the level (unless a route declares its own).
 * For modules whose routes all share one audience, like the back office.
 */
export function declareAuthLevel(scope: FastifyInstance, level: AuthLevel): void {
  scope.addHook('onRoute', (route) => {
    if (!route.config?.auth) route.config = { ...route.config, auth: level };
  });
}

/**
 * Reads `Authorization: Bearer <jwt>` on every request. A present but invalid, expired or
 * revoked token is a 401 at once (the client then logs out, spec §8); no header = anonymous.
 */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    let resolveSession: SessionResolver = () => Promise.resolve(null);
    app.decorate('setSessionResolver', (resolver: SessionResolver) => {
      resolveSession = resolver;
    });
    app.decorateRequest('user', null);

    // Every API route gets the authorization check as its first own onRequest hook. The level is
    // read when the request comes (a module's declareAuthLevel may set it after this hook ran).
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/back/api/v1/') && !route.url.startsWith('/back/api/clientes/')) return;
      const authorize = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
        const level = authLevelOf(request.routeOptions);
        if (level === 'public') return done();
        try {
          CHECKS[level](request);
          if (request.user?.must_change_password && !PASSWORD_CHANGE_ALLOWED.has(`${request.method} ${request.routeOptions.url}`))
            throw new AppError('password-change-required');
          done();
        } catch (err) {
          const hiddenAs = request.routeOptions.config.hiddenAs;
          done(hiddenAs && request.user ? new AppError(hiddenAs) : (err as Error));
        }
      };
      const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [authorize, ...own];
    });

    // Anonymous requests take the synchronous path; only a bearer token costs a verification.
    app.addHook('onRequest', (request, _reply, done) => {
      request.user = null;
      const header = request.headers.authorization;
      if (!header || request.routeOptions.config.ownBearer) return done();
      authenticate(request, header).then(() => done(), done);
    });

    async function authenticate(request: FastifyRequest, header: string): Promise<void> {
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1] || match[1] === 'null' || match[1] === 'undefined') return;
      const claims = await verifyAccessToken(app.config.tokenSecret, match[1]);
      if (!claims) throw new AppError('unauthorized', { message: 'Tu sesión expiró. Inicia sesión de nuevo.' });
      const user = await resolveSession(claims.sid, Number(claims.sub));
      if (!user) throw new AppError('unauthorized', { message: 'Tu sesión ya no es válida. Inicia sesión de nuevo.' });
      request.user = { ...user, session_id: claims.sid };
    }
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
