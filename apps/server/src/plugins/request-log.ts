import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The `code` of the error body this request was answered with, for the request log. */
    errorCode: string | null;
  }
}

/**
 * Files of the built web app: logged at debug, not info. A page load fetches dozens of them
 * (scripts, styles, icons, the service worker), which drowned the API's lines.
 */
const STATIC_PATH =
  /^\/(assets\/|icons\/|screenshots\/|sw\.js$|workbox-[\w-]+\.js$|registerSW\.js$|favicon\.|robots\.txt$|manifest\.webmanifest$|apple-touch-icon)/;

export function isStaticAssetPath(path: string): boolean {
  return STATIC_PATH.test(path);
}

/** Error bodies start with their code (`{"code":"not-found",...}`); see plugins/errors.ts. */
const ERROR_CODE = /^\{"code":"([a-z0-9-]{1,60})"/;

function pathOf(request: FastifyRequest): string {
  const q = request.url.indexOf('?');
  // Without the query: it can carry tokens (password-reset links, Open311 keys).
  return q === -1 ? request.url : request.url.slice(0, q);
}

/**
 * One line per answered request instead of Fastify's two ("incoming request" and "request
 * completed", joined by reqId): method, path, route pattern, status, duration, the signed-in
 * user's id and the error code of a 4xx/5xx. Routes with their own quiet logger (the health
 * probes) stay out.
 */
export default fp(
  async function requestLogPlugin(app: FastifyInstance) {
    app.decorateRequest('errorCode', null);
    app.addHook('onSend', (request, reply, payload, done) => {
      if (reply.statusCode >= 400 && typeof payload === 'string') {
        request.errorCode = ERROR_CODE.exec(payload)?.[1] ?? null;
      }
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      const path = pathOf(request);
      const status = reply.statusCode;
      const level = isStaticAssetPath(path) && status < 400 ? 'debug' : 'info';
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      request.log[level](
        {
          method: request.method,
          path,
          route: request.routeOptions.url ?? null,
          status,
          ms,
          user: request.user?.id ?? null,
          ...(request.errorCode ? { code: request.errorCode } : {}),
        },
        `${request.method} ${path} ${status} ${ms} ms`,
      );
      done();
    });
  },
  { name: 'request-log' },
);
