import type { ErrorCode } from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';

/** A route's successor and the day it stops answering (docs/api.md, "Versioning"). */
export type Deprecation = {
  /** When the route was deprecated (ISO date). */
  since: string;
  /** The last day it answers (ISO date). */
  sunset: string;
  /** The route that replaces it, e.g. `/back/api/v1/admin/pqr-calendar`. */
  successor: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public list: its 200 answers carry this Cache-Control and a strong ETag, and a request
     * whose If-None-Match holds that ETag gets a bodiless 304. A caller with a session gets
     * `private, no-cache` instead (the answer may carry what the account joined or follows).
     */
    cacheControl?: string;
    /** Answers carry Deprecation, Sunset and a successor Link; the document marks the route deprecated. */
    deprecated?: Deprecation;
    /** The route counts hits against a budget: 429 with Retry-After past it, RateLimit-* on its answers. */
    rateLimited?: boolean;
    /** Codes the route answers besides the generic ones of its kind (documented with their status). */
    errors?: readonly ErrorCode[];
    /** The route answers errors in a body of its own (a standard's), declared in its response schema. */
    ownErrorBody?: boolean;
  }
}

/**
 * Public lists edited in the back office: browsers use their copy for a minute, then show it
 * while they revalidate with the ETag (a bodiless 304 when nothing changed), so an edit reaches
 * every open app within about a minute.
 */
export const PUBLIC_LIST_CACHE = 'public, max-age=60, stale-while-revalidate=86400';

/** A strong ETag of a body. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));
}

/** Adds `token` to the Vary header of `reply` unless it is there already. */
export function addVary(reply: FastifyReply, token: string) {
  const current = String(reply.getHeader('vary') ?? '');
  const tokens = current.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
  if (tokens.includes(token.toLowerCase()) || tokens.includes('*')) return;
  reply.header('vary', [...tokens, token].join(', '));
}

/** RFC 9745 Deprecation (a structured date) and RFC 8594 Sunset (an HTTP date). */
export function deprecationHeaders(d: Deprecation): Record<string, string> {
  return {
    deprecation: `@${Math.floor(Date.parse(`${d.since}T00:00:00Z`) / 1000)}`,
    sunset: new Date(`${d.sunset}T23:59:59Z`).toUTCString(),
    link: `<${d.successor}>; rel="successor-version"`,
  };
}

function validators(request: FastifyRequest, reply: FastifyReply, payload: unknown, policy: string): unknown {
  // A route that keeps its own validators (the points' body cache) has set them already.
  if (reply.hasHeader('etag')) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const etag = etagOf(payload);
  const personal = Boolean(request.headers.authorization);
  reply.header('etag', etag).header('cache-control', personal ? 'private, no-cache' : policy);
  addVary(reply, 'authorization');
  if (!etagMatches(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return '';
}

/**
 * The HTTP conventions every route shares, declared in its config rather than written in its
 * handler: validators and Cache-Control on public lists, deprecation headers. docs/api.md
 * describes them; the OpenAPI document states them per route (plugins/openapi.ts).
 */
export default fp(
  async function httpConventionsPlugin(app: FastifyInstance) {
    app.addHook('onSend', (request, reply, payload, done) => {
      const config = request.routeOptions.config;
      if (config?.deprecated) reply.headers(deprecationHeaders(config.deprecated));
      const policy = config?.cacheControl;
      if (!policy || (request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) {
        return done(null, payload);
      }
      done(null, validators(request, reply, payload, policy));
    });
  },
  { name: 'http-conventions' },
);
