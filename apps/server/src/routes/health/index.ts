import { ZHealthResponse, type HealthResponse } from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createDatabaseProbe, type DatabaseProbeResult } from '../../features/health/database-probe.js';

const startedAt = Date.now();

export default async function healthRoutes(app: FastifyInstance) {
  const probe = createDatabaseProbe({
    ping: () => app.database.ping(),
    onFailure: (err) => app.log.error({ err }, 'database unreachable'),
  });
  // Monitors poll this route: its "incoming request"/"request completed" lines at info would
  // drown the log. One logger made once at warn serves every health request, so the route also
  // skips the per-request child logger (its rare warnings carry no reqId; x-request-id is still sent).
  const quietLog = ['trace', 'debug', 'info'].includes(app.log.level) ? app.log.child({}, { level: 'warn' }) : app.log;

  // Every caller within the same second and probe result gets the same answer: the object is
  // built once and the route's serializer (below) reuses its JSON while handed the same object.
  let last: { db: DatabaseProbeResult; uptime: number; body: HealthResponse } | undefined;
  function answer(reply: FastifyReply, db: DatabaseProbeResult): HealthResponse {
    // Draining before a shutdown: not ready for new work, though requests are still served.
    if (app.draining) {
      reply.code(503).header('cache-control', 'no-store');
      return { ...answerOf(db), status: 'degraded' };
    }
    reply.code(db.reachable ? 200 : 503).header('cache-control', 'no-store');
    return answerOf(db);
  }
  function answerOf(db: DatabaseProbeResult): HealthResponse {
    const uptime = Math.round((Date.now() - startedAt) / 1000);
    if (last?.db !== db || last.uptime !== uptime) {
      const body: HealthResponse = {
        status: db.reachable ? 'ok' : 'degraded',
        database: { dialect: app.database.dialect, reachable: db.reachable, latency_ms: db.latency_ms },
        version: '0.1.0',
        uptime_s: uptime,
      };
      last = { db, uptime, body };
    }
    return last.body;
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/back/api/health',
    {
      // A few hundred bytes, never a request body: no (de)compression hooks on the hottest probe.
      compress: false,
      decompress: false,
      childLoggerFactory: () => quietLog,
      // answer() builds every field under the HealthResponse type; re-parsing that object with
      // zod on each probe only costs time (the schema still documents the route).
      serializerCompiler: () => stringifyLast(),
      schema: {
        tags: ['health'],
        summary: 'Estado del servicio y de la base de datos',
        description:
          'La conexión a la base de datos se comprueba como mucho una vez por segundo; la respuesta puede tener hasta 1 s de antigüedad.',
        response: { 200: ZHealthResponse, 503: ZHealthResponse },
      },
    },
    // Synchronous while the last probe result is fresh: no promise per request.
    (_request, reply) => {
      const db = probe.fresh();
      return db ? answer(reply, db) : probe.check().then((result) => answer(reply, result));
    },
  );
}

/** JSON.stringify that returns the previous string when handed the same (unchanged) object again. */
function stringifyLast(): (data: unknown) => string {
  let lastData: unknown;
  let lastJson = '';
  return (data) => {
    if (data !== lastData) {
      lastJson = JSON.stringify(data);
      lastData = data;
    }
    return lastJson;
  };
}
