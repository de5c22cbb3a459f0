import {
  ZGeocodeSearchQuery,
  ZGeocodeSearchResponse,
  ZReverseGeocodeQuery,
  ZReverseGeocodeResponse,
  GEOCODING_PATHS,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GazetteerGeocoder, type Geocoder } from '../../features/geocoding/geocoder.js';
import { enforceRateLimit } from '../../lib/rate-limiter.js';
import { requireUser } from '../../plugins/auth.js';

const TAGS = ['geocoding'];
/** Lookups per user per minute: a form types and drags far less; a script scraping the grid gets a wall. */
const LOOKUPS_PER_MINUTE = 120;

/** Address ↔ pin for the pickup, branch and report forms (signed-in users). */
export default async function geocodingRoutes(app: FastifyInstance, opts: { geocoder?: Geocoder } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const geocoder = opts.geocoder ?? new GazetteerGeocoder();

  async function limit(request: FastifyRequest, reply: FastifyReply) {
    const user = requireUser(request);
    await enforceRateLimit(app.rateLimiter, `geocode:${user.id}`, LOOKUPS_PER_MINUTE, 60_000, reply);
  }

  r.get(
    GEOCODING_PATHS.search,
    {
      config: { rateLimited: true },
      schema: {
        tags: TAGS,
        operationId: 'geocoding.search',
        summary:
          'Ubica una dirección colombiana («Calle 49 # 72-35, Medellín») o un barrio en el mapa, de la más probable a la menos',
        security: [{ bearer: [] }],
        querystring: ZGeocodeSearchQuery,
        response: { 200: ZGeocodeSearchResponse },
      },
    },
    async (request, reply) => {
      await limit(request, reply);
      // The gazetteer changes only with a deploy.
      reply.header('cache-control', 'private, max-age=300');
      return { data: { hits: await geocoder.search(request.query.q) } };
    },
  );

  r.get(
    GEOCODING_PATHS.reverse,
    {
      config: { rateLimited: true },
      schema: {
        tags: TAGS,
        operationId: 'geocoding.reverse',
        summary: 'La dirección aproximada de un pin del mapa (null si está lejos de toda ciudad conocida)',
        security: [{ bearer: [] }],
        querystring: ZReverseGeocodeQuery,
        response: { 200: ZReverseGeocodeResponse },
      },
    },
    async (request, reply) => {
      await limit(request, reply);
      reply.header('cache-control', 'private, max-age=300');
      return { data: await geocoder.reverse(request.query.lat, request.query.lng) };
    },
  );
}
