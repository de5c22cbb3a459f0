import {
  OPEN311_BASE_PATH,
  OPEN311_KEYS_PATH,
  ZOpen311KeyCreate,
  ZOpen311KeyCreatedResponse,
  ZOpen311KeyListResponse,
  ZOpen311KeyParams,
  ZOpen311KeyResponse,
  type Open311Format,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  reply.code(status).header('cache-control', 'no-store');
  if (format === 'xml') return reply.type('application/xml; charset=utf-8').send(toXml(shape.root, body, shape.item));
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
}

function formatOf(file: string, base: string): Open311Format {
  const format = open311.parseFormat(file, base);
  if (!format) throw new Open311Error(404, 'Formato no disponible: usa .json o .xml.');
  return format;
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
  await app.register(open311ApiRoutes);
  await app.register(open311KeyRoutes);
}

async function open311ApiRoutes(app: FastifyInstance) {
  const deps = reportsDeps(app);
  const B = OPEN311_BASE_PATH;
  const hide = { hide: true };

  // Only this plugin's routes take form bodies (the standard's POST).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, parseForm(body as string));
  });

  // Every failure in these routes answers the standard's error list in the asked format.
  app.setErrorHandler((error, request, reply) => {
    const file = request.url.split('?')[0]!.split('/').pop() ?? '';
    const format: Open311Format = file.endsWith('.xml') ? 'xml' : 'json';
    if (error instanceof Open311Error) return send(reply, format, SHAPES.errors, error.body, error.status);
    if (error instanceof AppError && error.status === 429) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, format, SHAPES.errors, [{ code: 429, description: error.message }], 429);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, format, SHAPES.errors, [{ code: 400, description: 'La solicitud no es válida.' }], 400);
    }
    request.log.error({ err: error }, 'open311 error');
    return send(reply, format, SHAPES.errors, [{ code: 500, description: 'Error interno.' }], 500);
  });


  app.get<{ Params: { file: string } }>(`${B}/:file`, { schema: hide }, async (request, reply) => {
    const { file } = request.params;
    await enforceRateLimit(app.rateLimiter, `open311-read:${request.ip}`, LIMITS.read, HOUR);
    if (file.startsWith('discovery.')) {
      return send(reply, formatOf(file, 'discovery'), SHAPES.discovery, open311.discovery(app.config.publicUrl, B));
    }
    if (file.startsWith('services.')) return send(reply, formatOf(file, 'services'), SHAPES.services, await open311.services(app.db));
    if (file.startsWith('requests.')) {
      const format = formatOf(file, 'requests');
      return send(reply, format, SHAPES.requests, await open311.getRequests(deps, request.query as Record<string, string | undefined>));
    }
    throw new Open311Error(404, 'Recurso no encontrado.');
  });

  app.get<{ Params: { file: string } }>(`${B}/services/:file`, { schema: hide }, async (request, reply) => {
    const m = /^(.+)\.(json|xml)$/.exec(request.params.file);
    if (!m) throw new Open311Error(404, 'Formato no disponible: usa .json o .xml.');
    return send(reply, m[2] as Open311Format, SHAPES.definition, await open311.serviceDefinition(app.db, m[1]!));
  });

  app.get<{ Params: { file: string } }>(`${B}/requests/:file`, { schema: hide }, async (request, reply) => {
    await enforceRateLimit(app.rateLimiter, `open311-read:${request.ip}`, LIMITS.read, HOUR);
    const m = /^(.+)\.(json|xml)$/.exec(request.params.file);
    if (!m) throw new Open311Error(404, 'Formato no disponible: usa .json o .xml.');
    return send(reply, m[2] as Open311Format, SHAPES.requests, await open311.getRequest(deps, m[1]!));
  });

  app.post<{ Params: { file: string } }>(`${B}/:file`, { schema: hide }, async (request, reply) => {
    const format = formatOf(request.params.file, 'requests');
    const form = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    // Who may file comes first: 403 before any field is looked at.
    const apiKey = typeof form['api_key'] === 'string' ? form['api_key'] : undefined;
    await open311.requireApiKey(app.db, apiKey);
    await enforceRateLimit(app.rateLimiter, `open311-post:${apiKey}`, LIMITS.post, HOUR);
    return send(reply, format, SHAPES.requests, await open311.postRequest(deps, form), 201);
  });
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
    { schema: { tags, summary: 'Claves Open311 emitidas (sin la clave)', security, response: { 200: ZOpen311KeyListResponse } } },
    async () => ({ data: await open311.listKeys(app.db) }),
  );
  r.post(
    OPEN311_KEYS_PATH,
    {
      schema: {
        tags,
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
    { schema: { tags, summary: 'Revoca una clave Open311', security, params: ZOpen311KeyParams, response: { 200: ZOpen311KeyResponse } } },
    async (request) => ({ data: await open311.revokeKey(app.db, request.params.id) }),
  );
}
