import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { etagMatches, etagOf } from '../../plugins/http-conventions.js';

/**
 * HTTP caching of the points answers. A built body is kept (keyed by the request's query and the
 * points version) with its strong ETag and, once asked for, its brotli and gzip encodings: a
 * viewport many people look at is queried, serialised and compressed once, not per request.
 * A client that already holds the body gets a bodiless 304.
 */
type Body = { etag: string; json: string; br?: Buffer; gzip?: Buffer; size: number };

const MAX_BYTES = 48 * 1024 * 1024;
/** Below this a body is sent as is (as the compression plugin's threshold). */
const COMPRESS_MIN_BYTES = 1024;

const bodies = new Map<string, Body>();
let totalBytes = 0;

function remember(key: string, body: Body) {
  const old = bodies.get(key);
  if (old) {
    totalBytes -= old.size;
    bodies.delete(key);
  }
  bodies.set(key, body);
  totalBytes += body.size;
  // Map keeps insertion order: the first keys are the least recently used.
  for (const [k, b] of bodies) {
    if (totalBytes <= MAX_BYTES) break;
    bodies.delete(k);
    totalBytes -= b.size;
  }
}

function grow(key: string, body: Body, extra: number) {
  body.size += extra;
  if (bodies.get(key) === body) totalBytes += extra;
}

export function makeBody(json: string): Body {
  return { etag: etagOf(json), json, size: json.length * 2 };
}

/** The body for `key`, built by `build` when missing (`key` must include everything it depends on). */
export async function cachedBody(key: string, build: () => Promise<string>): Promise<{ key: string; body: Body }> {
  const hit = bodies.get(key);
  if (hit) {
    // Refresh its place in the LRU order.
    bodies.delete(key);
    bodies.set(key, hit);
    return { key, body: hit };
  }
  const body = makeBody(await build());
  remember(key, body);
  return { key, body };
}

function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name ?? '', q ? Number(q.slice(2)) : 1);
  }
  const ok = (n: string) => (accepted.get(n) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

export function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: { key: string | null; body: Body },
  cacheControl: string,
  type = 'application/json; charset=utf-8',
) {
  const { body, key } = cached;
  reply.header('etag', body.etag).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  reply.type(type);
  const encoding = body.json.length >= COMPRESS_MIN_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (encoding === 'br') {
    if (!body.br) {
      body.br = brotliCompressSync(body.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      if (key) grow(key, body, body.br.length);
    }
    return reply.header('content-encoding', 'br').send(body.br);
  }
  if (encoding === 'gzip') {
    if (!body.gzip) {
      body.gzip = gzipSync(body.json, { level: 6 });
      if (key) grow(key, body, body.gzip.length);
    }
    return reply.header('content-encoding', 'gzip').send(body.gzip);
  }
  return reply.send(body.json);
}

const scopes = new WeakMap<object, number>();
let nextScope = 1;
/** A number per database handle, so two apps in one process (tests) never share bodies. */
export function scopeOf(db: object): number {
  let s = scopes.get(db);
  if (s === undefined) {
    s = nextScope++;
    scopes.set(db, s);
  }
  return s;
}
