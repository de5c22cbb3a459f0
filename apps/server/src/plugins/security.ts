import cors from '@fastify/cors';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Origin (scheme + host) of the map tile URL template, for the CSP img-src. */
export function tileOrigins(tileUrl: string): string[] {
  if (tileUrl.startsWith('/')) return [];
  const url = new URL(tileUrl.replace(/\{[a-z]\}/g, 'a'));
  // OSM-style templates use {s} subdomains: allow the parent domain's subdomains too.
  const host = tileUrl.includes('{s}.') ? `*.${url.host.split('.').slice(1).join('.')}` : url.host;
  return [`${url.protocol}//${host}`];
}

/** Security headers from helmet (CSP that allows the map tiles) and a CORS allow-list. */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const { config } = app;
    const headers = computeSecurityHeaders({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins(config.tileUrl)],
          // Ionic injects style elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // Tiles and images from other origins must load.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      strictTransportSecurity: config.publicUrl.startsWith('https://'),
    });
    // One hook sets the precomputed headers and echoes the request id (hot path: every request).
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      reply.header('x-request-id', request.id);
      done();
    });
    await app.register(cors, {
      origin: config.corsOrigins.length ? config.corsOrigins : false,
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposedHeaders: ['x-request-id', 'retry-after', 'etag'],
      maxAge: 600,
    });
  },
  { name: 'security', dependencies: ['config'] },
);

/**
 * Runs helmet's middleware once against a recording response and returns the headers it sets.
 * Helmet stays the source of truth for the values; we only avoid recomputing them per request.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failure: Error | undefined;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) failure = err instanceof Error ? err : new Error('helmet rejected its options');
  });
  if (failure) throw failure;
  return headers;
}
