import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_TTL_MS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db/dialect.js';
import { AppError } from '../lib/app-error.js';
import * as repo from './idempotency.repository.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Honour the `Idempotency-Key` header on this route: the first answer is kept for 24 h and
     * a retry with the same key (same caller, same body) gets it again instead of a second write.
     */
    idempotency?: boolean;
  }
}

export type IdempotencyOptions = {
  /** How long a duplicate waits for the first request still running before a 409. */
  waitMs?: number;
  /** How often a waiting duplicate looks again. */
  pollMs?: number;
  /** A pending row older than this is taken as abandoned (the process died mid-request). */
  lockMs?: number;
};

type Claim = { scope: string; key: string; owner: string; stored: boolean };

const CLAIM = Symbol('idempotency-claim');
type WithClaim = FastifyRequest & { [CLAIM]?: Claim };

/**
 * Answers not kept: the caller may legitimately succeed on a retry with the same key (after
 * logging in again, after a rate-limit window, once the first request finished). 5xx are never
 * kept either: the write may not have happened.
 */
const RETRYABLE = new Set([401, 403, 408, 409, 425, 429]);

const DEFAULTS = { waitMs: 5000, pollMs: 50, lockMs: 60_000 } as const;

function requestHash(request: FastifyRequest, route: string): string {
  return createHash('sha256')
    .update(`${request.method}\n${route}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A generic Idempotency-Key mechanism for the routes that declare `config: { idempotency: true }`.
 * The key is scoped to the logged-in user (`u:<id>`) or, for anonymous callers, to the key
 * alone (`anon`): an anonymous client's IP changes when a phone moves between networks, which
 * is when offline writes are retried, and a UUID v4 key cannot be guessed. A key reused with a
 * different body is refused (422). Requests without the header run as usual.
 *
 * The answer is stored just before it is sent, after the handler's transaction committed, so a
 * retry after a lost answer replays it. A process that dies between the commit and the store
 * leaves a pending row that a retry takes over after `lockMs`: the one window where a write may
 * run twice.
 */
export default fp<IdempotencyOptions>(
  async function idempotencyPlugin(app: FastifyInstance, options) {
    const settings = { ...DEFAULTS, ...options };
    const db: Db = app.db;

    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.config?.idempotency) return;
      const url = route.url;
      route.preValidation = [...toArray(route.preValidation), (request, reply) => claim(request, reply, url)];
      // Before @fastify/compress's onSend: the stored body is the JSON text, not its compressed stream.
      route.onSend = [storeAnswer, ...toArray(route.onSend)];
      route.onResponse = [...toArray(route.onResponse), releaseUnstored];
    });

    // Expired answers are deleted hourly; a lookup ignores them at once anyway.
    const sweep = setInterval(
      () => {
        repo
          .deleteExpired(db, new Date().toISOString())
          .catch((err: unknown) => app.log.warn({ err }, 'idempotency sweep failed'));
      },
      60 * 60 * 1000,
    );
    sweep.unref();
    app.addHook('onClose', () => clearInterval(sweep));

    async function claim(request: FastifyRequest, reply: FastifyReply, route: string): Promise<FastifyReply | void> {
      const header = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (header === undefined) return;
      const key = Array.isArray(header) ? header[0] : header;
      if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
        throw AppError.field('idempotency-key-invalid', 'Idempotency-Key');
      }
      const scope = request.user ? `u:${request.user.id}` : 'anon';
      const hash = requestHash(request, route);
      const owner = randomUUID();
      const deadline = Date.now() + settings.waitMs;

      for (;;) {
        const now = new Date();
        const inserted = await repo.insertPending(db, {
            scope,
            idempotency_key: key,
            method: request.method,
            route,
            request_hash: hash,
            state: 'pending',
            owner,
            created_at: now.toISOString(),
            locked_until: new Date(now.getTime() + settings.lockMs).toISOString(),
            expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
        });
        if (inserted) {
          (request as WithClaim)[CLAIM] = { scope, key, owner, stored: false };
          return;
        }

        const row = await repo.findKey(db, scope, key);
        if (!row) continue; // released or swept meanwhile: claim it again
        if (row.expires_at <= now.toISOString()) {
          await repo.deleteIfExpiresAt(db, scope, key, row.expires_at);
          continue;
        }
        if (row.request_hash !== hash) throw new AppError('idempotency-key-reused');
        if (row.state === 'done' && row.response_status !== null) {
          reply
            .code(row.response_status)
            .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
            .type(row.response_type ?? 'application/json; charset=utf-8');
          return reply.send(row.response_body ?? '');
        }
        if (row.locked_until <= now.toISOString()) {
          // Abandoned by a process that died mid-request: take it over.
          const lockedUntil = new Date(now.getTime() + settings.lockMs).toISOString();
          if (await repo.takeOver(db, scope, key, row.owner, owner, lockedUntil)) {
            (request as WithClaim)[CLAIM] = { scope, key, owner, stored: false };
            return;
          }
          continue;
        }
        if (Date.now() >= deadline) {
          throw new AppError('idempotency-in-progress', { headers: { 'retry-after': '1' } });
        }
        await sleep(settings.pollMs);
      }
    }

    async function storeAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
      const claimed = (request as WithClaim)[CLAIM];
      const status = reply.statusCode;
      if (!claimed || claimed.stored || status >= 500 || RETRYABLE.has(status)) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const contentType = reply.getHeader('content-type');
      await repo.storeAnswer(db, claimed, {
        response_status: status,
        response_type: typeof contentType === 'string' ? contentType : null,
        response_body: payload.toString(),
      });
      claimed.stored = true;
      return payload;
    }

    async function releaseUnstored(request: FastifyRequest): Promise<void> {
      const claimed = (request as WithClaim)[CLAIM];
      if (!claimed || claimed.stored) return;
      await repo.releasePending(db, claimed);
    }
  },
  { name: 'idempotency', dependencies: ['db', 'auth'] },
);

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
