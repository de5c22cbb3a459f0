import {
  ZCreateRequestRequest,
  ZPickupCalendarResponse,
  ZPickupRequestListResponse,
  ZPickupRequestResponse,
  ZRequestIdParams,
  ZRequestListQuery,
  ZRequestStatusChange,
  ZSuggestPointQuery,
  ZSuggestPointResponse,
  REQUESTS_PATH,
  REQUESTS_PATHS,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerFileAccessRule, type FileAccessRule } from '../../features/files/files.access.js';
import {
  assertHasRoleOn,
  assertMayAskForPickups,
  canSeeRequestPhoto,
  exportRequestsOfUser,
  getRequest,
  listRequests,
  onAccountDeleted,
  pickupDays,
  suggestPoints,
  type RequestsDeps,
} from '../../features/requests/requests.service.js';
import { createRequest } from '../../features/requests/request-creation.service.js';
import { changeStatus } from '../../features/requests/request-status.service.js';
import { requireUser } from '../../plugins/auth.js';
import { enforceRateLimit } from '../../lib/rate-limiter.js';
import { REQUEST_EXAMPLES } from '../request-examples.js';

const TAGS = ['requests'];
/** New requests per user per hour: generous for a real household or company, a wall for a script. */
const CREATES_PER_HOUR = 30;

/** The point's managers and the company head may see a request's photos (the requester owns them). */
const requestPhotoRule: FileAccessRule = (db, file, user) => canSeeRequestPhoto(db, file.id, user);

/** Pickup requests: Mis Solicitudes (requesters) and requests to a point (managers). */
export default async function requestsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: RequestsDeps = { db: app.db, bus: app.realtime, fileSecret: app.config.tokenSecret, log: app.log };

  registerFileAccessRule(requestPhotoRule);
  app.identity.registerPersonalDataSection('pickup_requests', (db, userId) => exportRequestsOfUser(db, userId));
  app.identity.registerAccountDeletionHook((trx, userId, at) => onAccountDeleted(trx, userId, at));

  r.post(
    REQUESTS_PATH,
    {
      // An offline pickup request is retried with its Idempotency-Key: never a second request.
      config: {
        errors: [
          'request-role-not-allowed',
          'unknown-material',
          'pickup-date-invalid',
          'point-not-found',
          'point-inactive',
          'no-point-accepts-materials',
          'file-reference-invalid',
        ],
        idempotency: true,
        rateLimited: true,
      },
      // Managers do not ask for pickups: 403 before the body is read.
      onRequest: async (request) => assertMayAskForPickups(requireUser(request)),
      schema: {
        tags: TAGS,
        operationId: 'requests.create',
        summary:
          'Crea una solicitud de recolección (hogar, empresa o sucursal). Sin point_id, el servidor elige el punto activo más cercano que recibe todos los materiales',
        security: [{ bearer: [] }],
        body: ZCreateRequestRequest.meta({ examples: [REQUEST_EXAMPLES.createPickup] }),
        response: { 201: ZPickupRequestResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(app.rateLimiter, `requests-create:${user.id}`, CREATES_PER_HOUR, 60 * 60 * 1000, reply);
      return reply.code(201).send({ data: await createRequest(deps, user, request.body) });
    },
  );

  r.get(
    REQUESTS_PATH,
    {
      schema: {
        tags: TAGS,
        operationId: 'requests.list',
        summary:
          'Solicitudes que puedo ver: las mías (empresa: también las de sus sucursales), las de mis puntos (responsable) o todas (administración)',
        security: [{ bearer: [] }],
        querystring: ZRequestListQuery,
        response: { 200: ZPickupRequestListResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: await listRequests(deps, user, request.query) };
    },
  );

  r.get(
    REQUESTS_PATHS.calendar,
    {
      schema: {
        tags: TAGS,
        operationId: 'requests.calendar',
        summary: 'Días en que se puede pedir una recolección (sin domingos ni festivos de Colombia) y sus franjas',
        response: { 200: ZPickupCalendarResponse },
      },
    },
    async () => ({ data: pickupDays() }),
  );

  r.get(
    REQUESTS_PATHS.suggestedPoints,
    {
      schema: {
        tags: TAGS,
        operationId: 'requests.suggestPoints',
        summary: 'Puntos activos más cercanos que reciben todos los materiales (el primero es el sugerido)',
        security: [{ bearer: [] }],
        querystring: ZSuggestPointQuery,
        response: { 200: ZSuggestPointResponse },
      },
    },
    async (request) => {
      requireUser(request);
      return { data: await suggestPoints(app.db, request.query) };
    },
  );

  r.get(
    `${REQUESTS_PATH}/:id`,
    {
      config: { errors: ['request-not-found'] },
      schema: {
        tags: TAGS,
        operationId: 'requests.get',
        summary: 'Una solicitud con su historial (quién cambió qué y cuándo)',
        security: [{ bearer: [] }],
        params: ZRequestIdParams,
        response: { 200: ZPickupRequestResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: await getRequest(deps, user, request.params.id) };
    },
  );

  r.post(
    `${REQUESTS_PATH}/:id/status`,
    {
      // Not theirs: 404 before the body is validated (malformed ids get validation's 400).
      preValidation: async (request) => {
        const params = ZRequestIdParams.safeParse(request.params);
        if (params.success) await assertHasRoleOn(deps, requireUser(request), params.data.id);
      },
      config: { errors: ['request-not-found', 'invalid-transition', 'scheduled-at-invalid', 'collect-items-invalid', 'unknown-material'] },
      schema: {
        tags: TAGS,
        operationId: 'requests.changeStatus',
        summary:
          'Cambia el estado: aceptada, programada (scheduled_at), recogida (items con actual_kg), rechazada (reason) o cancelada. 409 si el cambio no es válido desde el estado actual; 403 si no te corresponde',
        security: [{ bearer: [] }],
        params: ZRequestIdParams,
        body: ZRequestStatusChange,
        response: { 200: ZPickupRequestResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: await changeStatus(deps, user, request.params.id, request.body) };
    },
  );
}
