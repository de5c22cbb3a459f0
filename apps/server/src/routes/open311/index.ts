import {
  OPEN311_BASE_PATH,
  OPEN311_KEYS_PATH,
  OPEN311_MAX_RESULTS,
  OPEN311_MAX_WINDOW_DAYS,
  ZOpen311Created,
  ZOpen311Discovery,
  ZOpen311Errors,
  ZOpen311FormatParams,
  ZOpen311PostForm,
  ZOpen311RequestParams,
  ZOpen311RequestsQuery,
  ZOpen311ServiceDefinition,
  ZOpen311ServiceParams,
  ZOpen311ServiceRequests,
  ZOpen311Services,
  ZOpen311KeyCreate,
  ZOpen311KeyCreatedResponse,
  ZOpen311KeyListResponse,
  ZOpen311KeyParams,
  ZOpen311KeyResponse,
  type Open311Format,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as open311 from '../../features/open311/open311.service.js';
import { Open311Error } from '../../features/open311/open311.service.js';
import { toXml, type XmlNode } from '../../features/open311/open311.xml.js';
import { AppError } from '../../lib/app-error.js';
import { declareAuthLevel, requireAdmin } from '../../plugins/auth.js';
import { reportsDeps } from '../reports/deps.js';
import { enforceRateLimit } from '../../lib/rate-limiter.js';

const HOUR = 60 * 60 * 1000;
/** Requests per key (POST) and per IP (reads) per hour. */
const LIMITS = { post: 300, read: 1200 } as const;

type Shape = { root: string; item?: string };
const SHAPES = {
  discovery: { root: 'discovery' },
  services: { root: 'services', item: 'service' },
  definition: { root: 'service_definition' },
  requests: { root: 'service_requests', item: 'request' },
  errors: { root: 'errors', item: 'error' },
} satisfies Record<string, Shape>;

function send(reply: FastifyReply, format: Open311Format, shape: Shape, body: XmlNode | XmlNode[], status = 200) {
  // Errors are never kept; a public read's 200 gets its Cache-Control from its route config.
  reply.code(status).header('cache-control', 'no-store');
  if (format === 'xml') return reply.type('application/xml; charset=utf-8').send(toXml(shape.root, body, shape.item));
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
}

const FORMAT_MISSING = 'Formato no disponible: usa .json o .xml.';

/** The format an answer takes: the URL's extension, JSON when it names none. */
function formatOfUrl(url: string): Open311Format {
  return url.split('?')[0]!.endsWith('.xml') ? 'xml' : 'json';
}

/** `application/x-www-form-urlencoded` → flat record (`attribute[code]` keys kept as they are). */
function parseForm(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(body)) out[k] ??= v;
  return out;
}

/**
 * Open311 GeoReport v2 under /back/api/open311/v2/: JSON and XML, errors as the standard's
 * error list. Plus the staff screens' API to issue and revoke keys.
 */
export default async function open311Routes(app: FastifyInstance) {
  await app.register(open311ApiRoutes, { prefix: OPEN311_BASE_PATH });
  await app.register(open311KeyRoutes);
}

/** Public reads: revalidated with the ETag after a minute, as the app's own lists. */
const READ_CACHE = 'public, max-age=60, stale-while-revalidate=600';

/** The standard's error list as the document shows it, for each status a route can answer. */
const open311Errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ZOpen311Errors]));

/** Registered under OPEN311_BASE_PATH: its own error and not-found answers cover only it. */
async function open311ApiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = reportsDeps(fastify);
  const tags = ['open311'];
  const produces = ['application/json', 'application/xml'];
  const read = { rateLimited: true, cacheControl: READ_CACHE, ownErrorBody: true } as const;
  const readLimit = (ip: string, reply: FastifyReply) =>
    enforceRateLimit(fastify.rateLimiter, `open311-read:${ip}`, LIMITS.read, HOUR, reply);

  // Only this plugin's routes take form bodies (the standard's POST).
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, parseForm(body as string));
  });

  // Every failure in these routes answers the standard's error list in the asked format.
  fastify.setErrorHandler((error, request, reply) => {
    const format = formatOfUrl(request.url);
    if (error instanceof Open311Error) return send(reply, format, SHAPES.errors, error.body, error.status);
    if (error instanceof AppError && error.status < 500) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, format, SHAPES.errors, [{ code: error.status, description: error.message }], error.status);
    }
    // An unknown format in the URL: the resource does not exist in that form.
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      return send(reply, format, SHAPES.errors, [{ code: 404, description: FORMAT_MISSING }], 404);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, format, SHAPES.errors, [{ code: 400, description: 'La solicitud no es válida.' }], 400);
    }
    request.log.error({ err: error }, 'open311 error');
    return send(reply, format, SHAPES.errors, [{ code: 500, description: 'Error interno.' }], 500);
  });
  fastify.setNotFoundHandler((request, reply) =>
    send(reply, formatOfUrl(request.url), SHAPES.errors, [{ code: 404, description: 'Recurso no encontrado.' }], 404),
  );

  app.get(
    '/discovery.:format',
    {
      config: read,
      schema: {
        tags,
        operationId: 'open311.discovery',
        summary: 'Descubrimiento GeoReport v2: la URL, los formatos y el contacto de este servicio',
        params: ZOpen311FormatParams,
        produces,
        response: { 200: ZOpen311Discovery, ...open311Errors(404, 429) },
      },
    },
    async (request, reply) => {
      await readLimit(request.ip, reply);
      return send(reply, request.params.format, SHAPES.discovery, open311.discovery(fastify.config.publicUrl, OPEN311_BASE_PATH));
    },
  );

  app.get(
    '/services.:format',
    {
      config: read,
      schema: {
        tags,
        operationId: 'open311.listServices',
        summary: 'Servicios (categorías de reporte) que se pueden reportar',
        params: ZOpen311FormatParams,
        produces,
        response: { 200: ZOpen311Services, ...open311Errors(404, 429) },
      },
    },
    async (request, reply) => {
      await readLimit(request.ip, reply);
      return send(reply, request.params.format, SHAPES.services, await open311.services(fastify.db));
    },
  );

  app.get(
    '/services/:service_code.:format',
    {
      config: read,
      schema: {
        tags,
        operationId: 'open311.getService',
        summary: 'Definición de un servicio: los atributos que acepta un reporte suyo',
        params: ZOpen311ServiceParams,
        produces,
        response: { 200: ZOpen311ServiceDefinition, ...open311Errors(404, 429) },
      },
    },
    async (request, reply) => {
      await readLimit(request.ip, reply);
      const { format, service_code } = request.params;
      return send(reply, format, SHAPES.definition, await open311.serviceDefinition(fastify.db, service_code));
    },
  );

  app.get(
    '/requests.:format',
    {
      config: read,
      schema: {
        tags,
        operationId: 'open311.listRequests',
        summary: `Reportes, del más reciente al más antiguo (máx. ${OPEN311_MAX_RESULTS}, ventana de ${OPEN311_MAX_WINDOW_DAYS} días)`,
        params: ZOpen311FormatParams,
        querystring: ZOpen311RequestsQuery,
        produces,
        response: { 200: ZOpen311ServiceRequests, ...open311Errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await readLimit(request.ip, reply);
      return send(reply, request.params.format, SHAPES.requests, await open311.getRequests(deps, request.query));
    },
  );

  app.get(
    '/requests/:service_request_id.:format',
    {
      config: read,
      schema: {
        tags,
        operationId: 'open311.getRequest',
        summary: 'Un reporte por su número',
        params: ZOpen311RequestParams,
        produces,
        response: { 200: ZOpen311ServiceRequests, ...open311Errors(404, 429) },
      },
    },
    async (request, reply) => {
      await readLimit(request.ip, reply);
      const { format, service_request_id } = request.params;
      return send(reply, format, SHAPES.requests, await open311.getRequest(deps, service_request_id));
    },
  );

  app.post(
    '/requests.:format',
    {
      config: { rateLimited: true, ownErrorBody: true },
      schema: {
        tags,
        operationId: 'open311.createRequest',
        summary: 'Crea un reporte con una clave Open311 (service_code y lat/long, o address_string con attribute[point_id])',
        security: [{ open311ApiKey: [] }],
        params: ZOpen311FormatParams,
        querystring: z.object({ api_key: z.string().optional() }),
        body: ZOpen311PostForm,
        consumes: ['application/x-www-form-urlencoded'],
        produces,
        response: { 201: ZOpen311Created, ...open311Errors(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const form = request.body as Record<string, string>;
      const apiKey = form['api_key'] ?? request.query.api_key;
      // Who may file comes first: 403 before any field is looked at.
      await open311.requireApiKey(fastify.db, apiKey);
      await enforceRateLimit(fastify.rateLimiter, `open311-post:${apiKey}`, LIMITS.post, HOUR, reply);
      return send(reply, request.params.format, SHAPES.requests, await open311.postRequest(deps, form), 201);
    },
  );
}

/** Staff issue and revoke the Open311 API keys (back office). */
async function open311KeyRoutes(app: FastifyInstance) {
  declareAuthLevel(app, 'admin');
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: open311'];
  const security = [{ bearer: [] }];
  r.get(
    OPEN311_KEYS_PATH,
    { schema: { tags, operationId: 'adminOpen311.listKeys', summary: 'Claves Open311 emitidas (sin la clave)', security, response: { 200: ZOpen311KeyListResponse } } },
    async () => ({ data: await open311.listKeys(app.db) }),
  );
  r.post(
    OPEN311_KEYS_PATH,
    {
      schema: {
        tags,
        operationId: 'adminOpen311.createKey',
        summary: 'Emite una clave Open311 para una entidad o aplicación (la clave se muestra solo en esta respuesta)',
        security,
        body: ZOpen311KeyCreate,
        response: { 201: ZOpen311KeyCreatedResponse },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await open311.createKey(app.db, requireAdmin(request), request.body.name) }),
  );
  r.delete(
    `${OPEN311_KEYS_PATH}/:id`,
    { schema: { tags, operationId: 'adminOpen311.revokeKey', summary: 'Revoca una clave Open311', security, params: ZOpen311KeyParams, response: { 200: ZOpen311KeyResponse } } },
    async (request) => ({ data: await open311.revokeKey(app.db, request.params.id) }),
  );
}
