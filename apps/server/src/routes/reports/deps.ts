import type { FastifyInstance } from 'fastify';
import type { ReportsDeps } from '../../features/reports/reports.service.js';

/** The report service's dependencies, from the app. */
export function reportsDeps(app: FastifyInstance): ReportsDeps {
  return {
    db: app.db,
    mailer: app.mailer,
    secret: app.config.tokenSecret,
    publicUrl: app.config.publicUrl,
    bus: app.hasDecorator('realtime') ? app.realtime : undefined,
    log: app.log,
  };
}
