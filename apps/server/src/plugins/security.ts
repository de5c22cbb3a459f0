import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
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

/** Security headers (CSP that allows the map tiles) and a CORS allow-list. */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const { config } = app;
    await app.register(helmet, {
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
