import type { FastifyInstance } from 'fastify';
import type { PqrDeps } from '../../features/pqr/pqr-deps.js';
import { exportPqrsOfUser } from '../../features/pqr/pqr-filing.service.js';
import { adminPqrRoutes } from './admin.js';
import { publicPqrRoutes } from './public.js';

/** PQR (Ley 1755 de 2015): the requester's endpoints and staff's back office. */
export default async function pqrRoutes(app: FastifyInstance) {
  const deps: PqrDeps = {
    db: app.db,
    mailer: app.mailer,
    tokenSecret: app.config.tokenSecret,
    publicUrl: app.config.publicUrl,
    log: app.log,
  };
  // PQRs are kept when an account is deleted (public records the entity must archive); they are
  // part of the account holder's data export.
  if (app.hasDecorator('identity')) {
    app.identity.registerPersonalDataSection('pqr', (_db, userId) => exportPqrsOfUser(deps, userId));
  }
  await publicPqrRoutes(app, deps);
  adminPqrRoutes(app, deps);
}
