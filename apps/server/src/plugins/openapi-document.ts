import {
  ERRORS,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
  WEBHOOK_EVENT_SUMMARIES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  webhookEnvelope,
  ZErrorBody,
  type ErrorCode,
} from '@puntoverde/contract';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { authLevelOf } from './auth.js';
import { deprecationHeaders } from './http-conventions.js';

/**
 * Completes the document @fastify/swagger builds from the route schemas with what the routes
 * declare elsewhere: who may call them (auth level → security), every error answer with its
 * codes, the rate-limit, cache and deprecation headers, the Idempotency-Key header. Nothing
 * here is written per route: a new route is documented by declaring itself.
 */

type Json = Record<string, unknown>;
type Operation = Json & { responses: Record<string, Json>; parameters?: Json[]; security?: unknown[] };
type Document = Json & { paths: Record<string, Record<string, Operation>>; components?: Json; tags?: Json[]; webhooks?: Json };

/** The key under which the transform leaves the route's index on each operation. */
export const ROUTE_MARK = 'x-route-index';

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/** Spanish names of the features (the operations' tags), in the order the viewer lists them. */
const TAGS: Record<string, string> = {
  health: 'Estado del servicio',
  config: 'Configuración pública de la app',
  identity: 'Cuentas: registro, sesión, perfil, datos personales',
  'social-auth': 'Inicio de sesión con Google, Apple u otro proveedor OpenID Connect',
  points: 'Puntos de recolección, materiales y ¿dónde reciclo?',
  files: 'Archivos subidos (fotos y PDF)',
  content: 'Preguntas frecuentes y «Quiénes somos»',
  allies: 'Aliados del esquema',
  campaigns: 'Campañas',
  pqr: 'Peticiones, quejas, reclamos y sugerencias (Ley 1755 de 2015)',
  events: 'Actualizaciones en vivo (server-sent events)',
  notifications: 'Notificaciones y push',
  requests: 'Solicitudes de recolección',
  branches: 'Sucursales de empresas',
  statistics: 'Cifras e impacto',
  certificates: 'Certificados de aprovechamiento',
  reports: 'Reportes ciudadanos (puntos críticos, basuras)',
  'reports: handling': 'Atención de reportes (gestores y administración)',
  geocoding: 'Direcciones ↔ mapa',
  open311: 'Open311 GeoReport v2 (interoperabilidad con otras entidades)',
  admin: 'Administración (back office)',
  webhooks:
    'Webhooks firmados (Standard Webhooks): lo que PuntoVerde envía por POST a los sistemas registrados por el personal. Cada envío lleva `webhook-id`, `webhook-timestamp` y `webhook-signature` (`v1,` + base64 del HMAC-SHA256 de `id.timestamp.cuerpo` con el secreto `whsec_…`); se reintenta durante cerca de un día hasta recibir un 2xx.',
};

/** The code that stands for a status when a route declares the status and nothing finer. */
const GENERIC_CODE: Record<number, ErrorCode> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'too-many-requests',
  503: 'service-unavailable',
};

const STATUS_TEXT: Record<string, string> = {
  200: 'Correcto',
  201: 'Creado',
  204: 'Hecho, sin contenido',
  302: 'Redirección',
  303: 'Redirección (GET)',
  304: 'Sin cambios: la copia que el cliente ya tiene (If-None-Match) sigue vigente',
  400: 'Solicitud inválida',
  401: 'Sin sesión, o con un token inválido o vencido',
  403: 'La cuenta no tiene permiso',
  404: 'No existe, o no es visible para quien pregunta',
  409: 'Choca con el estado actual',
  413: 'Contenido demasiado grande',
  415: 'Tipo de contenido no admitido',
  429: 'Demasiadas solicitudes: espera lo que indica Retry-After',
  503: 'Servicio no disponible por ahora',
};

/** How callers prove who they are (declared up front: @fastify/swagger reads them per route). */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'El access_token del inicio de sesión.' },
  metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN (Prometheus)' },
  open311ApiKey: {
    type: 'apiKey',
    in: 'query',
    name: 'api_key',
    description: 'Clave Open311 emitida por la administración (también se acepta como campo `api_key` del formulario).',
  },
} as const;

const RATE_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

/** Shared pieces the operations refer to. */
function components(): Json {
  const errorBody = z.toJSONSchema(ZErrorBody, { target: 'draft-2020-12' }) as Json;
  delete errorBody.$schema;
  const integer = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });
  return {
    schemas: {
      ErrorBody: {
        ...errorBody,
        description: 'Toda respuesta de error: `code` (estable, para el programa), `message` (en español, para la persona) y, en errores de validación, `fields` con el mensaje de cada campo.',
      },
    },
    headers: {
      'RateLimit-Limit': integer('Solicitudes permitidas en la ventana de este límite.'),
      'RateLimit-Remaining': integer('Solicitudes que quedan en la ventana actual.'),
      'RateLimit-Reset': integer('Segundos hasta que la ventana vuelva a empezar.'),
      'Retry-After': integer('Segundos que hay que esperar antes de intentarlo de nuevo.'),
      ETag: { description: 'Validador fuerte del contenido: envíalo en If-None-Match.', schema: { type: 'string' } },
      'Cache-Control': { description: 'Cuánto tiempo puede reutilizarse la respuesta.', schema: { type: 'string' } },
      Deprecation: {
        description: 'Desde cuándo la ruta está en desuso (RFC 9745): usa la de `Link` rel="successor-version".',
        schema: { type: 'string' },
      },
      Sunset: { description: 'Último día en que la ruta responde (RFC 8594).', schema: { type: 'string' } },
    },
  };
}

function hasInput(route: RouteOptions): boolean {
  const schema = (route.schema ?? {}) as Json;
  return Boolean(schema.body || schema.querystring || schema.params || schema.headers);
}

/** Every error code the route can answer, by status: generic ones from its kind, plus its own. */
export function errorCodesOf(route: RouteOptions, declaredStatuses: number[]): Map<number, Set<ErrorCode>> {
  const codes = new Map<number, Set<ErrorCode>>();
  const add = (code: ErrorCode) => {
    const status = ERRORS[code].status;
    if (!codes.has(status)) codes.set(status, new Set());
    codes.get(status)!.add(code);
  };
  const schema = (route.schema ?? {}) as Json & { consumes?: string[] };
  const config = route.config ?? {};
  const level = authLevelOf(route);
  if (hasInput(route)) add('validation-failed');
  if (config.specificValidationCodes) {
    add('invalid-email');
    add('weak-password');
  }
  if (schema.body) {
    add('bad-request');
    add('payload-too-large');
    add('unsupported-media-type');
  }
  if (schema.consumes?.includes('multipart/form-data')) {
    for (const code of ['file-missing', 'image-too-large', 'document-too-large', 'file-type-not-allowed'] as const) add(code);
    add('image-unreadable');
  }
  // The bearer token is read on every request: an invalid or expired one is a 401 anywhere.
  add('unauthorized');
  if (level === 'manager' || level === 'admin') add('forbidden');
  if (level === 'company-head') add('not-company-head');
  if (config.hiddenAs) add(config.hiddenAs);
  if (route.url.includes('/:')) add('not-found');
  if (config.idempotency) {
    add('idempotency-key-reused');
    add('idempotency-in-progress');
  }
  if (config.rateLimited) add('too-many-requests');
  for (const code of config.errors ?? []) add(code);
  for (const status of declaredStatuses) {
    const generic = GENERIC_CODE[status];
    if (!codes.has(status) && generic) add(generic);
  }
  return codes;
}

function errorResponse(status: number, codes: Set<ErrorCode>): Json {
  const list = [...codes].sort();
  const response: Json = {
    description: `${STATUS_TEXT[status] ?? 'Error'}. Códigos: ${list.map((c) => `\`${c}\``).join(', ')}.`,
    content: {
      'application/json': {
        schema: {
          allOf: [{ $ref: ERROR_BODY_REF }, { type: 'object', properties: { code: { type: 'string', enum: list } } }],
        },
        examples: Object.fromEntries(
          list.map((code) => [code, { summary: ERRORS[code].message, value: { code, message: ERRORS[code].message } }]),
        ),
      },
    },
  };
  if (status === 429) response.headers = { 'Retry-After': { $ref: '#/components/headers/Retry-After' }, ...RATE_HEADERS };
  if (status === 503 && codes.has('service-unavailable')) {
    response.headers = { 'Retry-After': { $ref: '#/components/headers/Retry-After' } };
  }
  return response;
}

function addHeaders(response: Json, headers: Record<string, Json>) {
  response.headers = { ...(response.headers as Json | undefined), ...headers };
}

/** Completes one operation from the route that serves it. */
function describeOperation(op: Operation, route: RouteOptions) {
  const config = route.config ?? {};
  const schema = (route.schema ?? {}) as Json & { security?: Array<Record<string, unknown>> };
  const level = authLevelOf(route);
  // Who may call: bearer for every level above public; a public route names its own scheme
  // (Open311's api_key) or none.
  const ownSchemes = (schema.security ?? []).filter((s) => !('bearer' in s));
  op.security = level === 'public' ? ownSchemes : [{ bearer: [] }];

  for (const [status, response] of Object.entries(op.responses)) {
    if (response.description === 'Default Response') response.description = STATUS_TEXT[status] ?? 'Respuesta';
  }
  // Declared 5xx answers keep their own body (the health probe's 503 is its status report).
  const declared = Object.keys(op.responses)
    .map(Number)
    .filter((s) => s >= 400 && s < 500);
  if (!config.ownErrorBody) {
    for (const [status, codes] of errorCodesOf(route, declared)) op.responses[String(status)] = errorResponse(status, codes);
  } else if (op.responses['429']) {
    addHeaders(op.responses['429'], { 'Retry-After': { $ref: '#/components/headers/Retry-After' }, ...RATE_HEADERS });
  }

  const successes = Object.entries(op.responses).filter(([s]) => s.startsWith('2'));
  if (config.rateLimited || op.responses['429']) {
    op.responses['429'] ??= errorResponse(429, new Set(['too-many-requests']));
    if (config.rateLimited) for (const [, response] of successes) addHeaders(response, RATE_HEADERS);
  }
  if (config.cacheControl) {
    for (const [, response] of successes) {
      addHeaders(response, {
        ETag: { $ref: '#/components/headers/ETag' },
        'Cache-Control': { $ref: '#/components/headers/Cache-Control' },
      });
    }
    op.responses['304'] = { description: STATUS_TEXT[304] };
    (op.parameters ??= []).push({
      in: 'header',
      name: 'If-None-Match',
      required: false,
      description: 'El ETag de la copia que ya tienes: si no cambió, la respuesta es 304 sin cuerpo.',
      schema: { type: 'string' },
    });
  }
  // zod leaves out the examples of a schema that transforms its input: take them from its meta.
  const body = schema.body as { meta?: () => { examples?: unknown[] } | undefined } | undefined;
  const example = typeof body?.meta === 'function' ? body.meta()?.examples?.[0] : undefined;
  const media = (op.requestBody as { content?: Record<string, Json> } | undefined)?.content?.['application/json'];
  if (media && example !== undefined && media.example === undefined) media.example = example;
  if (config.idempotency) {
    (op.parameters ??= []).push({
      in: 'header',
      name: 'Idempotency-Key',
      required: false,
      description: `Repetir la solicitud con la misma clave (24 h) devuelve la primera respuesta, con \`${IDEMPOTENT_REPLAYED_HEADER}: true\`, en vez de hacerla dos veces.`,
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
    });
  }
  if (config.deprecated) {
    op.deprecated = true;
    const headers = deprecationHeaders(config.deprecated);
    for (const [, response] of successes) {
      addHeaders(response, {
        Deprecation: { $ref: '#/components/headers/Deprecation' },
        Sunset: { $ref: '#/components/headers/Sunset' },
      });
    }
    op.description = [op.description, `En desuso: usa ${config.deprecated.successor}. Deja de responder el ${config.deprecated.sunset} (${headers.sunset}).`]
      .filter(Boolean)
      .join('\n\n');
  }
}

/** `report.status_changed` → `ReportStatusChanged`. */
function pascal(type: string): string {
  return type
    .split(/[._]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

/**
 * The `webhooks` of OpenAPI 3.1: one POST per event type, its body generated from the contract's
 * envelope, the Standard Webhooks headers, and what the receiver answers.
 */
function webhooks(): { webhooks: Json; schemas: Json } {
  const header = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });
  const parameters = [
    header(WEBHOOK_HEADERS.id, 'Identificador del evento, el mismo en cada reintento: descarta los que ya procesaste.'),
    header(WEBHOOK_HEADERS.timestamp, 'Segundos Unix del envío; rechaza los que se alejen más de 5 minutos de tu reloj.'),
    header(
      WEBHOOK_HEADERS.signature,
      'Firmas separadas por espacios, cada una `v1,<base64>`: HMAC-SHA256 de `{webhook-id}.{webhook-timestamp}.{cuerpo}` con los bytes del secreto (lo que sigue a `whsec_`, en base64). Tras rotar el secreto llegan dos firmas durante el solape; basta con que una coincida.',
    ),
  ];
  const schemas: Json = {};
  const out: Json = {};
  for (const type of WEBHOOK_EVENT_TYPES) {
    const name = `WebhookEvent${pascal(type)}`;
    const schema = z.toJSONSchema(webhookEnvelope(type), { target: 'draft-2020-12' }) as Json;
    delete schema.$schema;
    schemas[name] = schema;
    out[type] = {
      post: {
        operationId: `webhooks.${pascal(type).charAt(0).toLowerCase()}${pascal(type).slice(1)}`,
        summary: WEBHOOK_EVENT_SUMMARIES[type],
        tags: ['webhooks'],
        security: [],
        parameters,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } },
        responses: {
          '200': { description: 'Recibido: cualquier 2xx da el envío por entregado' },
          '400': { description: 'Firma o cuerpo inválidos: cualquier otra respuesta (o ninguna en 10 s) se reintenta a los 5 s, 5 min, 30 min, 2 h, 5 h, 10 h y 10 h' },
        },
      },
    };
  }
  return { webhooks: out, schemas };
}

/** Completes the whole document: see the top of this file. */
export function completeDocument(doc: Document, routes: RouteOptions[]): Document {
  const shared = components();
  const events = webhooks();
  doc.webhooks = events.webhooks;
  const existing = (doc.components ?? {}) as Record<string, Json>;
  doc.components = {
    ...existing,
    schemas: { ...existing.schemas, ...(shared.schemas as Json), ...events.schemas },
    headers: { ...existing.headers, ...(shared.headers as Json) },
  };
  const used = new Set<string>();
  for (const ops of Object.values(doc.paths)) {
    for (const op of Object.values(ops)) {
      const index = op[ROUTE_MARK];
      delete op[ROUTE_MARK];
      const route = typeof index === 'number' ? routes[index] : undefined;
      if (route) describeOperation(op, route);
      for (const tag of (op.tags as string[] | undefined) ?? []) used.add(tag);
    }
  }
  // Only the shared headers some operation refers to.
  const text = JSON.stringify(doc.paths);
  const headers = doc.components.headers as Json;
  for (const name of Object.keys(headers)) if (!text.includes(`"#/components/headers/${name}"`)) delete headers[name];
  used.add('webhooks');
  const order = Object.keys(TAGS);
  doc.tags = [...used]
    .sort((a, b) => (order.indexOf(a) + 1 || 999) - (order.indexOf(b) + 1 || 999) || a.localeCompare(b))
    .map((name) => ({ name, description: TAGS[name] ?? TAGS[name.split(':')[0]!] ?? name }));
  return doc;
}
