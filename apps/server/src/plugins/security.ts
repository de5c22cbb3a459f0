import cors from '@fastify/cors';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { OPEN311_BASE_PATH, SOCIAL_AUTH_BASE } from '@puntoverde/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authLevelOf } from './auth.js';

/** Origin (scheme + host) of the map tile URL template, for the CSP img-src. */
export function tileOrigins(tileUrl: string): string[] {
  if (tileUrl.startsWith('/')) return [];
  const url = new URL(tileUrl.replace(/\{[a-z]\}/g, 'a'));
  // OSM-style templates use {s} subdomains: allow the parent domain's subdomains too.
  const host = tileUrl.includes('{s}.') ? `*.${url.host.split('.').slice(1).join('.')}` : url.host;
  return [`${url.protocol}//${host}`];
}

/**
 * The API answers JSON and stored files, never a page (its viewer at /back/api/docs aside):
 * those get the API header set, every other URL the document set.
 */
export function isApiUrl(url: string): boolean {
  return url.startsWith('/back/api/') && !url.startsWith('/back/api/docs');
}

/**
 * The health probes (liveness and readiness): polled by load balancers and monitors many times
 * a second, public, never rendered, no user data, no redirect, never logged per request. They
 * keep nosniff (and HSTS on https); the framing, CSP, resource and referrer headers protect
 * documents and user data, of which they have none, and the request id correlates log lines, of
 * which they write none. Every header is parsed by every poller: the full API set made each
 * probe about three times longer.
 */
export function isProbeUrl(url: string): boolean {
  if (!url.startsWith('/back/api/health')) return false;
  let rest = url.slice('/back/api/health'.length);
  if (rest.startsWith('/ready')) rest = rest.slice('/ready'.length);
  return rest === '' || rest === '/' || rest.startsWith('?') || rest.startsWith('/?');
}

/**
 * Security headers from helmet, and CORS: an allow-list, plus any origin on public reads. Pages (the web app, the API viewer, the
 * dev outbox) get helmet's document set with a CSP that allows the map tiles; API responses
 * get the set the OWASP REST Security Cheat Sheet asks of every API response
 * (https://cheatsheetseries.owasp.org/cheatsheets/REST_Security_Cheat_Sheet.html#security-headers):
 * the rest of helmet's set (COOP, origin-agent-cluster, DNS prefetch, legacy IE/Flash/XSS-auditor
 * switches) only acts on documents and only made each API answer longer.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const { config } = app;
    const documentHeaders = (hsts: boolean) => computeSecurityHeaders({
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
      // The CSP says frame-ancestors 'none': the legacy header says the same.
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: hsts,
    });
    // Each set twice: HSTS only on answers to requests that came over https (directly, or
    // through a trusted proxy's X-Forwarded-Proto); browsers ignore it over http anyway.
    const sets = (hsts: boolean) => ({
      document: documentHeaders(hsts),
      api: computeApiSecurityHeaders(hsts),
      probe: computeProbeSecurityHeaders(hsts),
    });
    const overHttps = sets(true);
    const overHttp = sets(false);
    // One hook sets the precomputed headers and echoes the request id (hot path: every request).
    app.addHook('onRequest', (request, reply, done) => {
      const headers = request.protocol === 'https' ? overHttps : overHttp;
      if (isProbeUrl(request.url)) {
        reply.headers(headers.probe);
        return done();
      }
      reply.headers(isApiUrl(request.url) ? headers.api : headers.document);
      reply.header('x-request-id', request.id);
      done();
    });
    // CORS. The allow-listed origins (CORS_ORIGINS) may call any route, with credentials.
    // Any other origin may read the public routes (no session, no cookie: the same answer for
    // everyone) and use Open311 (its key travels in the request), never with credentials.
    const allowList = new Set(config.corsOrigins);
    const allowListed = {
      origin: true,
      credentials: true,
      methods: ['GET', 'PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: 600,
    };
    const anyOrigin = {
      origin: '*',
      credentials: false,
      methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: 600,
    };
    const refused = { origin: false };
    let publicReads: Array<{ method: string; pattern: RegExp }> | undefined;
    // A preflight comes to the catch-all OPTIONS route: its URL is matched against the routes.
    const preflightIsPublic = (request: FastifyRequest) => {
      publicReads ??= app.routeTable
        .filter((r) => isPublicRead(r.method, r.url, r.options))
        .map((r) => ({ method: r.method, pattern: urlPattern(r.url) }));
      const method = String(request.headers['access-control-request-method'] ?? '').toUpperCase();
      const path = request.url.split('?')[0] ?? '';
      return publicReads.some((r) => (r.method === method || (method === 'HEAD' && r.method === 'GET')) && r.pattern.test(path));
    };
    await app.register(cors, {
      hook: 'onRequest',
      delegator(request, callback) {
        const origin = request.headers.origin;
        if (!origin) return callback(null, refused);
        if (allowList.has(origin)) return callback(null, allowListed);
        const route = request.routeOptions;
        const open =
          request.method === 'OPTIONS'
            ? preflightIsPublic(request)
            : isPublicRead(request.method, route.url ?? '', route);
        callback(null, open ? anyOrigin : refused);
      },
    });
  },
  { name: 'security', dependencies: ['config', 'route-table'] },
);

/** What a script on another origin may read of an answer. */
const EXPOSED_HEADERS = [
  'x-request-id',
  'retry-after',
  'etag',
  'idempotent-replayed',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'deprecation',
  'sunset',
  'link',
];

/**
 * Whether any origin may call the route without credentials: Open311, and the public reads of
 * the API (no session required, no security scheme of their own, no sign-in cookie).
 */
export function isPublicRead(method: string, url: string, route: { config?: unknown; schema?: unknown }): boolean {
  if (url.startsWith(OPEN311_BASE_PATH + '/')) return true;
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!isApiUrl(url) || url.startsWith('/back/api/dev/') || url.startsWith(SOCIAL_AUTH_BASE)) return false;
  const schema = route.schema as { security?: unknown[] } | undefined;
  if (schema?.security?.length) return false;
  return authLevelOf(route as Parameters<typeof authLevelOf>[0]) === 'public';
}

/** `/v1/points/:id` → a pattern matching its URLs. */
function urlPattern(url: string): RegExp {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
  return new RegExp(`^${escaped}/?$`);
}

/**
 * The API viewer's own CSP (it replaces the pages' policy on /back/api/docs): swagger-ui's
 * default allows styles and fonts from any https origin and the online validator; the viewer
 * needs none of them, only its own files.
 */
export const API_DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
].join('; ');

/** helmet's headers that only act on documents (or legacy browsers): off for API and probe answers. */
const DOCUMENT_ONLY_OFF = {
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const satisfies HelmetOptions;

/**
 * What a JSON or file response needs: nosniff, never framed (CSP frame-ancestors and
 * X-Frame-Options), nothing loads if it is ever opened as a document (default-src 'none',
 * stricter than the pages' policy), same-site resource policy, no referrer, HSTS on https.
 */
export function computeApiSecurityHeaders(hsts: boolean): Record<string, string> {
  return computeSecurityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
    xContentTypeOptions: true,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Redirects (social sign-in) must not leak the page or the code to the next site.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: hsts,
    ...DOCUMENT_ONLY_OFF,
  });
}

/** nosniff, and HSTS on https: what a probe answer needs (see isProbeUrl). */
export function computeProbeSecurityHeaders(hsts: boolean): Record<string, string> {
  return computeSecurityHeaders({
    contentSecurityPolicy: false,
    xFrameOptions: false,
    xContentTypeOptions: true,
    crossOriginResourcePolicy: false,
    referrerPolicy: false,
    strictTransportSecurity: hsts,
    ...DOCUMENT_ONLY_OFF,
  });
}

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
