import { ERRORS, type ErrorBody, type ErrorCode } from '@puntoverde/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { isMultipartParseError, malformedMultipart } from './multipart.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Schema failures answer the spec's own code (§8) when a field fails with that code's
     * message: a bad e-mail `invalid-email`, a short password `weak-password`; anything else
     * stays `validation-failed`. The identity calls set it; elsewhere a bad e-mail is one more
     * field to review.
     */
    specificValidationCodes?: boolean;
  }
}

/** The code of a schema failure: see `specificValidationCodes`. */
function validationCode(fields: Record<string, string>, specific: boolean | undefined): ErrorCode {
  if (!specific) return 'validation-failed';
  const entries = Object.entries(fields);
  const has = (field: RegExp, code: ErrorCode) => entries.some(([k, m]) => field.test(k) && m === ERRORS[code].message);
  if (has(/(^|\.)(email|username)$/, 'invalid-email')) return 'invalid-email';
  if (has(/(^|\.)(password|new_password)$/, 'weak-password')) return 'weak-password';
  return 'validation-failed';
}

/** `/data_user/email` + context `body` → `data_user.email`; query params keep their name. */
function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (path) return path;
  return context ?? 'body';
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** The answer to a request that arrives while the server drains before it stops. */
export const SHUTTING_DOWN_MESSAGE = 'El servidor se está reiniciando. Inténtalo de nuevo en unos segundos.';

/**
 * One error handler for the whole API: every failure becomes `{ code, message, fields? }`.
 * 5xx details are logged, never sent.
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    // A request that reaches a closing server on a connection that already had its answer
    // (pipelined, or a keep-alive connection reused) gets the app's own 503 body instead of
    // Fastify's English one (return503OnClosing is off); the client may retry it. The first
    // request of a connection the server accepted is served (with Connection: close): its
    // client could not know the server was closing.
    let closing = false;
    const answered = new WeakSet<object>();
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    app.addHook('onRequest', (request, reply, done) => {
      const socket = request.raw.socket;
      const reused = Boolean(socket) && answered.has(socket);
      if (socket) answered.add(socket);
      if (!closing) return done();
      reply.header('connection', 'close');
      if (!reused) return done();
      done(new AppError('service-unavailable', { message: SHUTTING_DOWN_MESSAGE, headers: { 'retry-after': '5' } }));
    });
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        // Every exhausted budget says when it opens again, also where only Retry-After was known.
        if (error.status === 429 && !reply.hasHeader('ratelimit-reset')) {
          const retryAfter = String(reply.getHeader('retry-after') ?? '60');
          reply.header('retry-after', retryAfter).header('ratelimit-remaining', '0').header('ratelimit-reset', retryAfter);
        }
        if (error.status >= 500) request.log.error({ err: error }, 'app error');
        return send(reply, error.status, {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const name = fieldName(issue.instancePath, error.validationContext);
          fields[name] ??= issue.message ?? ERRORS['validation-failed'].message;
        }
        const code = validationCode(fields, request.routeOptions.config?.specificValidationCodes);
        const names = Object.keys(fields);
        const message =
          code !== 'validation-failed'
            ? ERRORS[code].message
            : names.length
              ? `Revisa ${names.length === 1 ? 'el campo' : 'los campos'}: ${names.join(', ')}.`
              : ERRORS['validation-failed'].message;
        return send(reply, ERRORS[code].status, { code, message, fields });
      }
      // A multipart body the parser could not read, on a route that reads it without readUpload.
      if (isMultipartParseError(error)) {
        const refused = malformedMultipart(error, request.log);
        return send(reply, refused.status, { code: refused.code, message: refused.message });
      }
      const status = error.statusCode ?? 500;
      if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
        return send(reply, 413, { code: 'payload-too-large', message: ERRORS['payload-too-large'].message });
      }
      if (status === 415) {
        return send(reply, 415, { code: 'unsupported-media-type', message: ERRORS['unsupported-media-type'].message });
      }
      if (status === 429) {
        return send(reply, 429, { code: 'too-many-requests', message: ERRORS['too-many-requests'].message });
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (malformed JSON, empty body...): keep the status, say it in Spanish.
        const code = status === 404 ? 'not-found' : status === 405 ? 'method-not-allowed' : 'bad-request';
        return send(reply, status, { code, message: ERRORS[code].message });
      }
      // PostgreSQL's 22003: an id beyond the 32-bit range of the tables' keys, where SQLite just finds
      // no row. No row can have it, whether it came in the path or in the body.
      if ((error as { code?: unknown }).code === '22003') {
        return send(reply, 404, { code: 'not-found', message: ERRORS['not-found'].message });
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 500, { code: 'internal-error', message: ERRORS['internal-error'].message });
    });
  },
  { name: 'errors' },
);
