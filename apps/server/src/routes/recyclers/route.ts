import {
  RECYCLERS_PATH,
  RECYCLER_ME_PATH,
  ZMemberRoutesResponse,
  ZMemberRoutesUpdate,
  ZMyRouteResponse,
  ZOpenPickupListResponse,
  ZOrganizationMemberParams,
  ZOrganizationParams,
  ZOrganizationPickupListResponse,
  ZOrganizationPickupResponse,
  ZOrganizationStopParams,
  ZPickupRecyclerResponse,
  ZRouteDateQuery,
  ZRouteStopResponse,
  ZStopAssign,
  ZStopOutcomeInput,
  ZStopRequestParams,
  ZStopRetry,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as route from '../../features/recyclers/route.service.js';
import type { RequestsDeps } from '../../features/requests/requests.service.js';
import { declareAuthLevel, requireManagerOrAdmin, requireUser } from '../../plugins/auth.js';
import { mustRunOrganization as organizationGuard } from './organization-guard.js';

const security = [{ bearer: [] }];

/**
 * Recyclers' routes: coordinators (and staff) see the day's programmed pickups of their
 * organisation's ECAs and assign them to members; a member sees and orders only their own route,
 * takes open pickups of their micro-routes and marks each stop (sent from the phone's outbox with
 * an Idempotency-Key when offline); whoever may see a pickup sees who is coming. Who may touch
 * an organisation or a stop is checked before the body is read.
 */
export default async function recyclerRouteRoutes(app: FastifyInstance) {
  const O = `${RECYCLERS_PATH}/organizations/:id`;
  const deps = (): RequestsDeps => ({ db: app.db, bus: app.realtime, fileSecret: app.config.tokenSecret, log: app.log });
  const mustRunOrganization = organizationGuard(app);

  // ---- coordinators and staff ----
  await app.register(async (scope) => {
    declareAuthLevel(scope, 'manager');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['recyclers'];
    const orgErrors = ['recycler-organization-not-found'] as const;

    r.get(
      `${O}/pickups`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors] },
        schema: {
          tags,
          operationId: 'recyclers.listPickups',
          summary:
            'Recolecciones programadas de un día (hoy si no se indica) en las ECAs de la organización, con el reciclador asignado y lo que pasó en cada parada',
          security,
          params: ZOrganizationParams,
          querystring: ZRouteDateQuery,
          response: { 200: ZOrganizationPickupListResponse },
        },
      },
      async (request) => ({
        data: await route.listOrganizationPickups(app.db, requireManagerOrAdmin(request), request.params.id, request.query.date),
      }),
    );

    r.post(
      `${O}/assignments`,
      {
        preValidation: mustRunOrganization,
        config: {
          errors: [
            ...orgErrors,
            'recycler-member-not-found',
            'recycler-member-inactive',
            'recycler-pickup-not-found',
            'recycler-pickup-not-assignable',
          ],
        },
        schema: {
          tags,
          operationId: 'recyclers.assignPickup',
          summary:
            'Asigna una recolección programada de una ECA de la organización a un miembro activo (o la pasa a otro mientras nadie la ha visitado); avisa al hogar quién irá',
          security,
          params: ZOrganizationParams,
          body: ZStopAssign,
          response: { 200: ZOrganizationPickupResponse },
        },
      },
      async (request) => ({
        data: await route.assignPickup(deps(), requireManagerOrAdmin(request), request.params.id, request.body),
      }),
    );

    r.post(
      `${O}/pickups/:requestId/retry`,
      {
        preValidation: mustRunOrganization,
        config: {
          errors: [
            ...orgErrors,
            'recycler-member-not-found',
            'recycler-member-inactive',
            'recycler-pickup-not-found',
            'recycler-pickup-not-assignable',
            'recycler-stop-collected',
            'recycler-stop-already-retried',
          ],
        },
        schema: {
          tags,
          operationId: 'recyclers.retryPickup',
          summary:
            'Envía de nuevo una recolección marcada «no estaba» a un miembro activo (el mismo u otro): la visita fallida queda en el historial de intentos; 409 si ya se recogió o alguien más la envió de nuevo',
          security,
          params: ZOrganizationStopParams,
          body: ZStopRetry,
          response: { 200: ZOrganizationPickupResponse },
        },
      },
      async (request) => ({
        data: await route.retryPickup(
          deps(),
          requireManagerOrAdmin(request),
          request.params.id,
          request.params.requestId,
          request.body,
        ),
      }),
    );

    r.put(
      `${O}/members/:memberId/micro-routes`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-member-not-found', 'recycler-route-not-found'] },
        schema: {
          tags,
          operationId: 'recyclers.setMemberRoutes',
          summary: 'Las microrutas que trabaja un miembro: puede tomar las recolecciones abiertas de ellas',
          security,
          params: ZOrganizationMemberParams,
          body: ZMemberRoutesUpdate,
          response: { 200: ZMemberRoutesResponse },
        },
      },
      async (request) => ({
        data: await route.setMemberRoutes(
          app.db,
          requireManagerOrAdmin(request),
          request.params.id,
          request.params.memberId,
          request.body,
        ),
      }),
    );
  });

  // ---- the member, and whoever follows a pickup ----
  await app.register(async (scope) => {
    declareAuthLevel(scope, 'user');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['recyclers'];

    r.get(
      `${RECYCLER_ME_PATH}/route`,
      {
        schema: {
          tags,
          operationId: 'recyclers.myRoute',
          summary:
            'Mi ruta de hoy: mis paradas del día por ECA en orden de visita (vecino más cercano desde la ECA y mejora 2-opt), con los km del recorrido y los del orden de asignación',
          security,
          querystring: ZRouteDateQuery,
          response: { 200: ZMyRouteResponse },
        },
      },
      async (request) => ({ data: await route.myRoute(app.db, requireUser(request), request.query.date) }),
    );

    r.get(
      `${RECYCLER_ME_PATH}/open-pickups`,
      {
        schema: {
          tags,
          operationId: 'recyclers.openPickups',
          summary: 'Recolecciones programadas sin asignar de mis microrutas, de hoy a una semana',
          security,
          response: { 200: ZOpenPickupListResponse },
        },
      },
      async (request) => ({
        data: (await route.openPickups(app.db, requireUser(request))).map(
          ({ organization_id: _o, member_id: _m, ...p }) => p,
        ),
      }),
    );

    r.post(
      `${RECYCLER_ME_PATH}/open-pickups/:requestId/take`,
      {
        config: { idempotency: true, errors: ['recycler-pickup-not-found', 'recycler-pickup-taken'] },
        schema: {
          tags,
          operationId: 'recyclers.takePickup',
          summary: 'Tomo una recolección abierta de mis microrutas: pasa a mi ruta y el hogar sabe quién irá',
          security,
          params: ZStopRequestParams,
          response: { 200: ZRouteStopResponse },
        },
      },
      async (request) => ({ data: await route.takePickup(deps(), requireUser(request), request.params.requestId) }),
    );

    r.post(
      `${RECYCLER_ME_PATH}/stops/:requestId/outcome`,
      {
        // Only the member whose stop it is, before the body is read.
        preValidation: async (request) => {
          const params = ZStopRequestParams.safeParse(request.params);
          if (!params.success) return;
          await route.assertMyStop(app.db, requireUser(request), params.data.requestId);
        },
        config: { idempotency: true, errors: ['recycler-stop-not-found', 'recycler-stop-done'] },
        schema: {
          tags,
          operationId: 'recyclers.recordStopOutcome',
          summary:
            'Marco una parada de mi ruta: «recogido» o «no estaba» con el motivo (desde el teléfono, también sin conexión: se envía una vez al volver)',
          security,
          params: ZStopRequestParams,
          body: ZStopOutcomeInput,
          response: { 200: ZRouteStopResponse },
        },
      },
      async (request) => ({
        data: await route.recordOutcome(deps(), requireUser(request), request.params.requestId, request.body),
      }),
    );

    r.get(
      `${RECYCLERS_PATH}/pickups/:requestId/recycler`,
      {
        config: { errors: ['request-not-found'] },
        schema: {
          tags,
          operationId: 'recyclers.pickupRecycler',
          summary:
            'Quién viene por una recolección: nombre de pila, foto, organización y verificación del carné (null mientras nadie está asignado)',
          security,
          params: ZStopRequestParams,
          response: { 200: ZPickupRecyclerResponse },
        },
      },
      async (request) => ({ data: await route.pickupRecycler(deps(), requireUser(request), request.params.requestId) }),
    );
  });
}
