import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIdentityService, type IdentityService } from '../../features/identity/identity.service.js';
import { warmUpDummyHash, warmUpStrengthChecker } from '../../features/identity/passwords.js';
import { accountRoutes } from './account.js';
import { sessionRoutes } from './sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions, sign-up, login... and the hooks other features use (personal-data export, deletion). */
    identity: IdentityService;
  }
}

export default fp(
  async function identityRoutes(app: FastifyInstance) {
    const identity = createIdentityService({
      db: app.db,
      config: app.config,
      mailer: app.mailer,
      rateLimiter: app.rateLimiter,
      log: app.log,
    });
    app.decorate('identity', identity);
    // Every bearer token's session must still be live: logout, password change/reset and
    // reuse detection end access at once.
    app.setSessionResolver((sessionId, userId) => identity.resolveSession(sessionId, userId));
    app.addHook('onReady', async () => {
      await warmUpDummyHash();
      if (app.config.env !== 'test') warmUpStrengthChecker();
    });
    app.addHook('onClose', () => identity.drain());

    sessionRoutes(app, identity);
    accountRoutes(app, identity);
  },
  { name: 'identity', dependencies: ['auth', 'db', 'config', 'mailer', 'rate-limiter'] },
);
