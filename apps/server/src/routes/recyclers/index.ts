import {
  ADMIN_RECYCLERS_PATH,
  RECYCLERS_PATH,
  RECYCLER_VERIFICATIONS_PATH,
  ZCoordinatorAssign,
  ZEcaLink,
  ZEcaUpdate,
  ZMacroRouteCreate,
  ZMemberCardResponse,
  ZMemberCreate,
  ZMemberListQuery,
  ZMemberListResponse,
  ZMemberResponse,
  ZMemberUpdate,
  ZMicroRouteCreate,
  ZOrganizationAreaParams,
  ZOrganizationCreate,
  ZOrganizationListResponse,
  ZOrganizationMacroParams,
  ZOrganizationMemberParams,
  ZOrganizationMicroParams,
  ZOrganizationParams,
  ZOrganizationPointParams,
  ZOrganizationResponse,
  ZOrganizationUpdate,
  ZOrganizationUserParams,
  ZRecyclerCardCodeParams,
  ZRecyclerVerificationResponse,
  ZServiceAreaCreate,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storageFromConfig } from '../../features/files/files.service.js';
import * as recyclers from '../../features/recyclers/recyclers.service.js';
import { enforceRateLimit } from '../../lib/rate-limiter.js';
import { declareAuthLevel, requireAdmin, requireManagerOrAdmin } from '../../plugins/auth.js';
import suiRoutes from './sui.js';
import recyclerRouteRoutes from './route.js';
import weighingRoutes from './weighing.js';
import { mustRunOrganization as organizationGuard } from './organization-guard.js';

const security = [{ bearer: [] }];
/** Public card checks per IP: plenty for people scanning QRs, a wall for code guessing. */
const VERIFY_LIMIT = { max: 30, windowMs: 15 * 60 * 1000 };

/**
 * Organisations of recicladores: staff create them, link ECAs and name coordinators (back office);
 * staff and the organisation's coordinators run its ECAs' SUI fields, service areas, routes and
 * members; anyone checks a member's id card by the code its QR carries. Who may touch an
 * organisation is checked before the body is read (preValidation), with the same 404 for an
 * organisation that does not exist and one the caller does not coordinate.
 */
export default async function recyclersRoutes(app: FastifyInstance) {
  app.identity.registerPersonalDataSection('recyclers', (db, userId) => recyclers.exportPersonalData(db, userId));
  app.identity.registerAccountDeletionHook((trx, userId, at) => recyclers.onAccountDeleted(trx, userId, at));

  const O = `${RECYCLERS_PATH}/organizations/:id`;
  const A = `${ADMIN_RECYCLERS_PATH}/organizations`;

  const mustRunOrganization = organizationGuard(app);

  // ---- public check of an id card ----
  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.get(
      `${RECYCLER_VERIFICATIONS_PATH}/:code`,
      {
        config: { errors: ['recycler-card-not-found'], rateLimited: true },
        schema: {
          tags: ['recyclers'],
          operationId: 'recyclers.verifyCard',
          summary:
            'Verificación pública del carné de un reciclador por el código de su QR: vigente o suspendido, con nombre, foto y organización (404 igual para códigos desconocidos o mal escritos)',
          params: ZRecyclerCardCodeParams,
          response: { 200: ZRecyclerVerificationResponse },
        },
      },
      async (request, reply) => {
        await enforceRateLimit(
          app.rateLimiter,
          `recycler-verify:${request.ip}`,
          VERIFY_LIMIT.max,
          VERIFY_LIMIT.windowMs,
          reply,
        );
        reply.header('cache-control', 'no-store');
        return { data: await recyclers.verifyCard(app.db, request.params.code) };
      },
    );
  });

  // ---- coordinators and staff ----
  await app.register(async (scope) => {
    declareAuthLevel(scope, 'manager');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['recyclers'];
    const orgErrors = ['recycler-organization-not-found'] as const;

    r.get(
      `${RECYCLERS_PATH}/organizations`,
      {
        schema: {
          tags,
          operationId: 'recyclers.listOrganizations',
          summary: 'Organizaciones de recicladores que coordino (el equipo PuntoVerde ve todas)',
          security,
          response: { 200: ZOrganizationListResponse },
        },
      },
      async (request) => ({ data: await recyclers.listOrganizations(app.db, requireManagerOrAdmin(request)) }),
    );

    r.get(
      O,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors] },
        schema: {
          tags,
          operationId: 'recyclers.getOrganization',
          summary: 'Una organización: datos, coordinadores, áreas de prestación, ECAs y rutas',
          security,
          params: ZOrganizationParams,
          response: { 200: ZOrganizationResponse },
        },
      },
      async (request) => ({ data: await recyclers.getOrganization(app.db, request.params.id) }),
    );

    r.patch(
      O,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-nit-in-use'] },
        schema: {
          tags,
          operationId: 'recyclers.updateOrganization',
          summary: 'Cambia nombre, NIT, RUPS o régimen (fase o etapa) de la organización',
          security,
          params: ZOrganizationParams,
          body: ZOrganizationUpdate,
          response: { 200: ZOrganizationResponse },
        },
      },
      async (request) => ({
        data: await recyclers.updateOrganization(
          app.db,
          requireManagerOrAdmin(request),
          request.params.id,
          request.body,
        ),
      }),
    );

    r.post(
      `${O}/service-areas`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-nuap-in-use'] },
        schema: {
          tags,
          operationId: 'recyclers.addServiceArea',
          summary: 'Agrega un área de prestación (NUAP) con su municipio (código DANE)',
          security,
          params: ZOrganizationParams,
          body: ZServiceAreaCreate,
          response: { 201: ZOrganizationResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await recyclers.addServiceArea(app.db, requireManagerOrAdmin(request), request.params.id, request.body),
        }),
    );

    r.delete(
      `${O}/service-areas/:areaId`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-area-not-found', 'recycler-area-in-use'] },
        schema: {
          tags,
          operationId: 'recyclers.deleteServiceArea',
          summary: 'Quita un área de prestación sin ECAs ni macrorutas',
          security,
          params: ZOrganizationAreaParams,
          response: { 200: ZOrganizationResponse },
        },
      },
      async (request) => ({
        data: await recyclers.deleteServiceArea(
          app.db,
          requireManagerOrAdmin(request),
          request.params.id,
          request.params.areaId,
        ),
      }),
    );

    r.post(
      `${O}/ecas`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-point-not-eca', 'recycler-eca-taken'] },
        schema: {
          tags,
          operationId: 'recyclers.linkEca',
          summary: 'Vincula una ECA (punto de tipo ECA) a la organización; un coordinador, solo una que gestiona',
          security,
          params: ZOrganizationParams,
          body: ZEcaLink,
          response: { 201: ZOrganizationResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await recyclers.linkEca(
            app.db,
            requireManagerOrAdmin(request),
            request.params.id,
            request.body.point_id,
          ),
        }),
    );

    r.put(
      `${O}/ecas/:pointId`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-eca-not-found', 'recycler-area-not-found'] },
        schema: {
          tags,
          operationId: 'recyclers.updateEca',
          summary:
            'Datos del Registro de ECA del SUI: NUECA, área, inicio de operación, propiedad, contrato, capacidades, uso del suelo y estado',
          security,
          params: ZOrganizationPointParams,
          body: ZEcaUpdate,
          response: { 200: ZOrganizationResponse },
        },
      },
      async (request) => ({
        data: await recyclers.updateEca(
          app.db,
          requireManagerOrAdmin(request),
          request.params.id,
          request.params.pointId,
          request.body,
        ),
      }),
    );

    r.post(
      `${O}/macro-routes`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-numacro-in-use', 'recycler-area-not-found'] },
        schema: {
          tags,
          operationId: 'recyclers.addMacroRoute',
          summary: 'Agrega una macroruta (NUMACRO)',
          security,
          params: ZOrganizationParams,
          body: ZMacroRouteCreate,
          response: { 201: ZOrganizationResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await recyclers.addMacroRoute(app.db, requireManagerOrAdmin(request), request.params.id, request.body),
        }),
    );

    r.put(
      `${O}/macro-routes/:macroId`,
      {
        preValidation: mustRunOrganization,
        config: {
          errors: [...orgErrors, 'recycler-route-not-found', 'recycler-numacro-in-use', 'recycler-area-not-found'],
        },
        schema: {
          tags,
          operationId: 'recyclers.updateMacroRoute',
          summary: 'Cambia una macroruta',
          security,
          params: ZOrganizationMacroParams,
          body: ZMacroRouteCreate,
          response: { 200: ZOrganizationResponse },
        },
      },
      async (request) => ({
        data: await recyclers.updateMacroRoute(
          app.db,
          requireManagerOrAdmin(request),
          request.params.id,
          request.params.macroId,
          request.body,
        ),
      }),
    );

    r.post(
      `${O}/macro-routes/:macroId/micro-routes`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-route-not-found', 'recycler-eca-not-found'] },
        schema: {
          tags,
          operationId: 'recyclers.addMicroRoute',
          summary: 'Agrega una microruta: días, hora de inicio y fin, kilómetros y la ECA donde entrega',
          security,
          params: ZOrganizationMacroParams,
          body: ZMicroRouteCreate,
          response: { 201: ZOrganizationResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await recyclers.addMicroRoute(
            app.db,
            requireManagerOrAdmin(request),
            request.params.id,
            request.params.macroId,
            request.body,
          ),
        }),
    );

    r.put(
      `${O}/macro-routes/:macroId/micro-routes/:microId`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-route-not-found', 'recycler-eca-not-found'] },
        schema: {
          tags,
          operationId: 'recyclers.updateMicroRoute',
          summary: 'Cambia una microruta',
          security,
          params: ZOrganizationMicroParams,
          body: ZMicroRouteCreate,
          response: { 200: ZOrganizationResponse },
        },
      },
      async (request) => ({
        data: await recyclers.updateMicroRoute(
          app.db,
          requireManagerOrAdmin(request),
          request.params.id,
          request.params.macroId,
          request.params.microId,
          request.body,
        ),
      }),
    );

    // ---- members ----

    r.get(
      `${O}/members`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors] },
        schema: {
          tags,
          operationId: 'recyclers.listMembers',
          summary: 'Miembros de la organización (recicladores), por nombre; filtro por texto y estado',
          security,
          params: ZOrganizationParams,
          querystring: ZMemberListQuery,
          response: { 200: ZMemberListResponse },
        },
      },
      async (request) => ({
        data: await recyclers.listMembers(app.db, requireManagerOrAdmin(request), request.params.id, request.query),
      }),
    );

    r.post(
      `${O}/members`,
      {
        preValidation: mustRunOrganization,
        config: {
          errors: [
            ...orgErrors,
            'recycler-member-duplicate',
            'recycler-member-account-not-found',
            'file-reference-invalid',
          ],
        },
        schema: {
          tags,
          operationId: 'recyclers.createMember',
          summary:
            'Registra un miembro (con o sin cuenta propia), con la autorización de tratamiento de datos (Ley 1581 de 2012)',
          security,
          params: ZOrganizationParams,
          body: ZMemberCreate,
          response: { 201: ZMemberResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await recyclers.createMember(app.db, requireManagerOrAdmin(request), request.params.id, request.body),
        }),
    );

    r.get(
      `${O}/members/:memberId`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-member-not-found'] },
        schema: {
          tags,
          operationId: 'recyclers.getMember',
          summary: 'Un miembro de la organización',
          security,
          params: ZOrganizationMemberParams,
          response: { 200: ZMemberResponse },
        },
      },
      async (request) => ({
        data: await recyclers.getMember(
          app.db,
          requireManagerOrAdmin(request),
          request.params.id,
          request.params.memberId,
        ),
      }),
    );

    r.patch(
      `${O}/members/:memberId`,
      {
        preValidation: mustRunOrganization,
        config: {
          errors: [
            ...orgErrors,
            'recycler-member-not-found',
            'recycler-member-duplicate',
            'recycler-member-account-not-found',
            'file-reference-invalid',
          ],
        },
        schema: {
          tags,
          operationId: 'recyclers.updateMember',
          summary: 'Cambia datos o estado de un miembro (suspendido o retirado: su carné deja de ser vigente)',
          security,
          params: ZOrganizationMemberParams,
          body: ZMemberUpdate,
          response: { 200: ZMemberResponse },
        },
      },
      async (request) => ({
        data: await recyclers.updateMember(
          app.db,
          requireManagerOrAdmin(request),
          request.params.id,
          request.params.memberId,
          request.body,
        ),
      }),
    );

    r.get(
      `${O}/members/:memberId/card`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-member-not-found'] },
        schema: {
          tags,
          operationId: 'recyclers.memberCard',
          summary: 'El carné del miembro: foto, nombre, documento, organización y el QR de verificación',
          security,
          params: ZOrganizationMemberParams,
          response: { 200: ZMemberCardResponse },
        },
      },
      async (request) => ({
        data: await recyclers.memberCard(
          app.db,
          app.config.publicUrl,
          requireManagerOrAdmin(request),
          request.params.id,
          request.params.memberId,
        ),
      }),
    );

    r.get(
      `${O}/members/:memberId/card.pdf`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-member-not-found'] },
        schema: {
          tags,
          operationId: 'recyclers.memberCardPdf',
          summary: 'El carné del miembro en PDF, tamaño tarjeta (85,6 × 54 mm), para imprimir',
          security,
          params: ZOrganizationMemberParams,
        },
      },
      async (request, reply) => {
        const pdf = await recyclers.memberCardPdf(
          app.db,
          { publicUrl: app.config.publicUrl, storage: storageFromConfig(app.config) },
          requireManagerOrAdmin(request),
          request.params.id,
          request.params.memberId,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="carne-${request.params.memberId}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    r.post(
      `${O}/members/:memberId/card/reissue`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-member-not-found'] },
        schema: {
          tags,
          operationId: 'recyclers.reissueCard',
          summary: 'Un carné nuevo (carné perdido o robado): el QR del anterior deja de verificar',
          security,
          params: ZOrganizationMemberParams,
          response: { 200: ZMemberCardResponse },
        },
      },
      async (request) => {
        const user = requireManagerOrAdmin(request);
        await recyclers.reissueCard(app.db, user, request.params.id, request.params.memberId);
        return {
          data: await recyclers.memberCard(
            app.db,
            app.config.publicUrl,
            user,
            request.params.id,
            request.params.memberId,
          ),
        };
      },
    );
  });

  // ---- scales, scale tickets, stock and sales ----
  await app.register(weighingRoutes);
  await app.register(suiRoutes);

  // ---- assignment of pickups and each member's route ----
  await app.register(recyclerRouteRoutes);

  // ---- back office ----
  await app.register(async (scope) => {
    declareAuthLevel(scope, 'admin');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin: recyclers'];

    r.post(
      A,
      {
        config: { errors: ['recycler-nit-in-use'] },
        schema: {
          tags,
          operationId: 'adminRecyclers.createOrganization',
          summary: 'Crea una organización de recicladores: nombre, NIT con DV, RUPS y régimen (fase o etapa)',
          security,
          body: ZOrganizationCreate,
          response: { 201: ZOrganizationResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await recyclers.createOrganization(app.db, requireAdmin(request), request.body) }),
    );

    r.post(
      `${A}/:id/coordinators`,
      {
        config: { errors: ['recycler-organization-not-found', 'recycler-coordinator-invalid'] },
        schema: {
          tags,
          operationId: 'adminRecyclers.addCoordinator',
          summary: 'Nombra coordinador a un responsable de punto (tc_id 1) que gestiona una ECA de la organización',
          security,
          params: ZOrganizationParams,
          body: ZCoordinatorAssign,
          response: { 200: ZOrganizationResponse },
        },
      },
      async (request) => ({
        data: await recyclers.addCoordinator(app.db, requireAdmin(request), request.params.id, request.body),
      }),
    );

    r.delete(
      `${A}/:id/coordinators/:userId`,
      {
        config: { errors: ['recycler-organization-not-found', 'recycler-coordinator-not-found'] },
        schema: {
          tags,
          operationId: 'adminRecyclers.removeCoordinator',
          summary: 'Deja de tener a esa persona como coordinadora de la organización',
          security,
          params: ZOrganizationUserParams,
          response: { 200: ZOrganizationResponse },
        },
      },
      async (request) => ({
        data: await recyclers.removeCoordinator(
          app.db,
          requireAdmin(request),
          request.params.id,
          request.params.userId,
        ),
      }),
    );

    r.delete(
      `${A}/:id/ecas/:pointId`,
      {
        config: { errors: ['recycler-organization-not-found', 'recycler-eca-not-found', 'recycler-eca-in-use'] },
        schema: {
          tags,
          operationId: 'adminRecyclers.unlinkEca',
          summary: 'Desvincula una ECA de la organización (el punto sigue existiendo)',
          security,
          params: ZOrganizationPointParams,
          response: { 200: ZOrganizationResponse },
        },
      },
      async (request) => ({
        data: await recyclers.unlinkEca(app.db, requireAdmin(request), request.params.id, request.params.pointId),
      }),
    );
  });
}
