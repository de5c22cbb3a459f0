import { ZErrorBody } from '@puntoverde/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestMeta } from '../../features/identity/identity.service.js';

/** What every identity route shares: tags, who may call, error schemas, no caching, the caller. */

export const TAGS = ['identity'];
/** Routes for the signed-in account itself (401 before the body is read). */
export const SIGNED_IN = { auth: 'user' } as const;
/** Schema failures answer the spec's own code (§8) where it has one: see plugins/errors.ts. */
export const SPEC_CODES = { specificValidationCodes: true } as const;
export const SIGNED_IN_SPEC_CODES = { ...SIGNED_IN, ...SPEC_CODES } as const;
export const BEARER = [{ bearer: [] }];
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ZErrorBody]));

/** Identity answers carry tokens or personal data: never cached by browsers or proxies. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'no-store');
  return payload;
}

/**
 * The options of a route for the signed-in account itself: who may call (`config`), the bearer
 * scheme and tag in the OpenAPI document, and no caching of what it answers.
 */
export function accountRoute<S extends object>(config: typeof SIGNED_IN | typeof SIGNED_IN_SPEC_CODES, schema: S) {
  return { config, onSend: noStore, schema: { tags: TAGS, security: BEARER, ...schema } };
}

export function meta(request: FastifyRequest): RequestMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null };
}
