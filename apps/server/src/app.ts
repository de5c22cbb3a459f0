import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Config, TrustProxy } from './config.js';
import { createDatabase, type DatabaseHandle } from './db/dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { migrationProvider } from './db/migrations/index.js';
import type { ResolvedAddress } from './lib/outbound/address-guard.mjs';
import authPlugin from './plugins/auth.js';
import { configPlugin, dbPlugin, mailerPlugin, rateLimiterPlugin, smsPlugin } from './plugins/core.js';
import drainPlugin from './plugins/drain.js';
import errorsPlugin from './plugins/errors.js';
import httpConventionsPlugin from './plugins/http-conventions.js';
import multipartPlugin from './plugins/multipart.js';
import idempotencyPlugin from './plugins/idempotency.js';
import metricsPlugin from './plugins/metrics.js';
import openapiPlugin from './plugins/openapi.js';
import redisPlugin from './plugins/redis.js';
import brandingPlugin from './features/branding/branding.plugin.js';
import requestLogPlugin from './plugins/request-log.js';
import routeTablePlugin from './plugins/route-table.js';
import securityPlugin from './plugins/security.js';
import staticWebPlugin from './plugins/static-web.js';
import { registerRoutes } from './routes/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The migrations this build ships, how many the start applied, and the newest one's name. */
    migrations: { total: number; appliedNow: number; latest: string | null };
  }
}

// Validation messages in Spanish (the UI language; DESIGN.md §4).
z.config(z.locales.es());

export type BuildAppOptions = {
  config: Config;
  /** A database opened by the caller (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** pino options; false silences logging (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Name resolution for user-supplied addresses (push endpoints): dns.lookup, or a test's own table. */
  resolveHost?: (hostname: string) => Promise<ResolvedAddress[]>;
};

/**
 * TRUST_PROXY as Fastify takes it. Fastify turns a bare hop count into "trust nobody" (a count
 * cannot tell the proxy from a client connecting directly), so the count becomes a function that
 * trusts the nearest hops: the deployment promises clients reach the server only through them.
 */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Builds the whole app without listening: what server.ts starts and what tests `inject` into. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password'],
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    // plugins/request-log.ts writes one line per request instead of Fastify's two.
    disableRequestLogging: true,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // The errors plugin answers requests during shutdown with the app's own Spanish 503.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database;
  const database =
    options.database ?? createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  let appliedNow: string[];
  try {
    appliedNow = await migrateToLatest(database);
  } catch (err) {
    if (ownsDatabase) await database.destroy();
    throw err;
  }

  await app.register(configPlugin, { config, resolveHost: options.resolveHost });
  app.decorate('migrations', {
    total: Object.keys(await migrationProvider.getMigrations()).length,
    appliedNow: appliedNow.length,
    latest:
      Object.keys(await migrationProvider.getMigrations())
        .sort()
        .at(-1) ?? null,
  });
  await app.register(dbPlugin, { database, ownsDatabase });
  await app.register(brandingPlugin);
  await app.register(metricsPlugin);
  await app.register(routeTablePlugin);
  await app.register(securityPlugin);
  // After the security headers: its shutdown answer carries them too.
  await app.register(errorsPlugin);
  // Before compression: its onSend reads the error body as the route wrote it.
  await app.register(requestLogPlugin);
  await app.register(drainPlugin);
  // Before compression: the validators hash the body as the route made it.
  await app.register(httpConventionsPlugin);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(redisPlugin);
  await app.register(rateLimiterPlugin);
  await app.register(mailerPlugin);
  await app.register(smsPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(multipartPlugin);
  // Before the routes: it wraps every route declaring `config: { idempotency: true }`.
  await app.register(idempotencyPlugin);
  await app.register(registerRoutes);
  await app.register(staticWebPlugin);
  return app;
}
