import { ZHealthResponse, ZReadinessResponse, type HealthResponse, type ReadinessResponse } from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { migrationsApplied } from '../../db/migrate.js';
import { createDatabaseProbe, type DatabaseProbeResult } from '../../features/health/database-probe.js';
import { storageFromConfig } from '../../features/files/storage.js';
import { createReadinessProbe } from '../../features/health/readiness.js';
import { SERVER_VERSION } from '../../version.js';

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
        version: SERVER_VERSION,
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
        operationId: 'health.get',
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

  const { redis } = app;
  const storage = storageFromConfig(app.config);
  const readiness = createReadinessProbe({
    checks: {
      // buildApp migrates before the routes exist; this catches a database that fell behind the
      // build afterwards (a restored backup, a rollback run against it).
      migrations: () => migrationsApplied(app.database),
      database: () => app.database.ping(),
      // Not connected: fail at once rather than wait for ioredis' reconnection attempts.
      redis: redis ? async () => redis.status === 'ready' && (await redis.ping()) === 'PONG' : null,
      storage: () => storage.ready(),
    },
    onFailure: (check, err) => {
      // A lost Redis connection is logged once by the connection itself, not on every probe.
      if (check === 'redis' && redis?.status !== 'ready') return;
      app.log.error({ err, check }, 'readiness check failed');
    },
  });
  function readinessAnswer(reply: FastifyReply, checks: ReadinessResponse['checks']): ReadinessResponse {
    const ready = !app.draining && Object.values(checks).every((state) => state !== 'failing');
    reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
    return { status: ready ? 'ready' : 'not_ready', checks, draining: app.draining };
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/back/api/health/ready',
    {
      compress: false,
      decompress: false,
      childLoggerFactory: () => quietLog,
      schema: {
        tags: ['health'],
        operationId: 'health.ready',
        summary: 'Disponibilidad para recibir tráfico (readiness)',
        description:
          'Responde 200 cuando la base de datos responde con todas las migraciones aplicadas, Redis (si está configurado) responde y el almacenamiento de archivos (carpeta o bucket S3) está disponible; 503 si alguna falla o mientras el servidor se apaga (drenaje). Los resultados se reutilizan hasta 1 s. `GET /back/api/health` sigue siendo la prueba de vida (liveness).',
        response: { 200: ZReadinessResponse, 503: ZReadinessResponse },
      },
    },
    (_request, reply) => {
      const checks = readiness.fresh();
      return checks
        ? readinessAnswer(reply, checks)
        : readiness.check().then((result) => readinessAnswer(reply, result));
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
