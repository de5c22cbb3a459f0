import {
  RECYCLERS_PATH,
  RECYCLER_ME_PATH,
  ZMyTicketParams,
  ZMyWeighingsResponse,
  ZOrganizationParams,
  ZOrganizationPointParams,
  ZOrganizationSaleParams,
  ZOrganizationScaleParams,
  ZOrganizationTicketParams,
  ZSaleCreate,
  ZSaleListResponse,
  ZSaleResponse,
  ZScaleCreate,
  ZScaleListResponse,
  ZScaleResponse,
  ZScaleUpdate,
  ZStockResponse,
  ZTicketCreate,
  ZTicketListQuery,
  ZTicketListResponse,
  ZTicketResponse,
  ZTicketSignature,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storageFromConfig } from '../../features/files/files.service.js';
import * as weighing from '../../features/recyclers/weighing.service.js';
import { declareAuthLevel, requireManagerOrAdmin, requireUser } from '../../plugins/auth.js';
import { mustRunOrganization as organizationGuard } from './organization-guard.js';

const security = [{ bearer: [] }];

/**
 * Weighing and sales at an organisation's ECAs: scales, scale tickets (with their PDF and the
 * recycler's confirmation), stock and sales, run by staff and the organisation's coordinators;
 * and each member's own tickets ("Mis pesajes") with their confirmation by phone. Who may touch
 * an organisation is checked before the body is read.
 */
export default async function weighingRoutes(app: FastifyInstance) {
  const O = `${RECYCLERS_PATH}/organizations/:id`;
  const deps = (): weighing.WeighingDeps => ({
    db: app.db,
    bus: app.realtime,
    fileSecret: app.config.tokenSecret,
    log: app.log,
    storage: storageFromConfig(app.config),
  });
  const mustRunOrganization = organizationGuard(app);
  const sendPdf = (reply: FastifyReply, number: string, pdf: Buffer) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);

  // ---- coordinators and staff ----
  await app.register(async (scope) => {
    declareAuthLevel(scope, 'manager');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['recyclers'];
    const orgErrors = ['recycler-organization-not-found'] as const;
    const user = (request: FastifyRequest) => requireManagerOrAdmin(request);

    r.get(
      `${O}/scales`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors] },
        schema: {
          tags,
          operationId: 'recyclers.listScales',
          summary: 'Básculas de las ECAs de la organización, con su certificado de verificación y si está vencido',
          security,
          params: ZOrganizationParams,
          response: { 200: ZScaleListResponse },
        },
      },
      async (request) => ({ data: await weighing.listScales(app.db, user(request), request.params.id) }),
    );

    r.post(
      `${O}/ecas/:pointId/scales`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-eca-not-found', 'recycler-scale-serial-in-use'] },
        schema: {
          tags,
          operationId: 'recyclers.createScale',
          summary:
            'Registra una báscula de una ECA: serial, capacidad (kg), división (g), certificado de verificación y su vencimiento',
          security,
          params: ZOrganizationPointParams,
          body: ZScaleCreate,
          response: { 201: ZScaleResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await weighing.createScale(app.db, user(request), request.params.id, request.params.pointId, request.body),
        }),
    );

    r.put(
      `${O}/scales/:scaleId`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-scale-not-found', 'recycler-scale-serial-in-use'] },
        schema: {
          tags,
          operationId: 'recyclers.updateScale',
          summary: 'Cambia una báscula (por ejemplo, un certificado de verificación renovado)',
          security,
          params: ZOrganizationScaleParams,
          body: ZScaleUpdate,
          response: { 200: ZScaleResponse },
        },
      },
      async (request) => ({
        data: await weighing.updateScale(app.db, user(request), request.params.id, request.params.scaleId, request.body),
      }),
    );

    r.delete(
      `${O}/scales/:scaleId`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-scale-not-found', 'recycler-scale-in-use'] },
        schema: {
          tags,
          operationId: 'recyclers.deleteScale',
          summary: 'Borra una báscula sin tiquetes (una con tiquetes se marca fuera de uso)',
          security,
          params: ZOrganizationScaleParams,
        },
      },
      async (request, reply) => {
        await weighing.deleteScale(app.db, user(request), request.params.id, request.params.scaleId);
        return reply.code(204).send();
      },
    );

    r.get(
      `${O}/tickets`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors] },
        schema: {
          tags,
          operationId: 'recyclers.listTickets',
          summary: 'Tiquetes de báscula de la organización, los más recientes primero; filtro por miembro, estado y fechas',
          security,
          params: ZOrganizationParams,
          querystring: ZTicketListQuery,
          response: { 200: ZTicketListResponse },
        },
      },
      async (request) => ({
        data: await weighing.listTickets(deps(), user(request), request.params.id, request.query),
      }),
    );

    r.post(
      `${O}/tickets`,
      {
        preValidation: mustRunOrganization,
        config: {
          errors: [
            ...orgErrors,
            'recycler-eca-not-found',
            'recycler-scale-not-found',
            'recycler-scale-expired',
            'recycler-member-not-found',
            'recycler-route-not-found',
            'recycler-ticket-not-found',
            'recycler-ticket-immutable',
            'recycler-ticket-pickup-invalid',
            'unknown-material',
          ],
        },
        schema: {
          tags,
          operationId: 'recyclers.createTicket',
          summary:
            'Registra un tiquete de báscula (TQ-AAAA-NNNNNN): báscula, miembro, líneas de material (bruto, tara, neto, rechazo), macroruta y solicitudes que cierra; o corrige uno anulándolo con un motivo',
          security,
          params: ZOrganizationParams,
          body: ZTicketCreate,
          response: { 201: ZTicketResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await weighing.createTicket(deps(), user(request), request.params.id, request.body) }),
    );

    r.get(
      `${O}/tickets/:ticketId`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-ticket-not-found'] },
        schema: {
          tags,
          operationId: 'recyclers.getTicket',
          summary: 'Un tiquete de báscula',
          security,
          params: ZOrganizationTicketParams,
          response: { 200: ZTicketResponse },
        },
      },
      async (request) => ({
        data: await weighing.getTicket(deps(), user(request), request.params.id, request.params.ticketId),
      }),
    );

    r.post(
      `${O}/tickets/:ticketId/signature`,
      {
        preValidation: mustRunOrganization,
        config: {
          errors: [
            ...orgErrors,
            'recycler-ticket-not-found',
            'recycler-ticket-immutable',
            'file-reference-invalid',
            'invalid-transition',
          ],
        },
        schema: {
          tags,
          operationId: 'recyclers.signTicket',
          summary:
            'El reciclador confirma el tiquete con su firma en la pantalla del coordinador (PNG subido a /files); cierra las solicitudes del tiquete',
          security,
          params: ZOrganizationTicketParams,
          body: ZTicketSignature,
          response: { 200: ZTicketResponse },
        },
      },
      async (request) => ({
        data: await weighing.confirmBySignature(
          deps(),
          user(request),
          request.params.id,
          request.params.ticketId,
          request.body.signature_id,
        ),
      }),
    );

    r.get(
      `${O}/tickets/:ticketId/pdf`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors, 'recycler-ticket-not-found'] },
        schema: {
          tags,
          operationId: 'recyclers.ticketPdf',
          summary: 'El tiquete de báscula en PDF (etiquetado, es-CO)',
          security,
          params: ZOrganizationTicketParams,
        },
      },
      async (request, reply) => {
        const { number, pdf } = await weighing.ticketPdf(deps(), user(request), request.params.id, request.params.ticketId);
        return sendPdf(reply, number, pdf);
      },
    );

    r.get(
      `${O}/stock`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors] },
        schema: {
          tags,
          operationId: 'recyclers.stock',
          summary: 'Inventario por material y ECA: pesado (neto) − rechazo − vendido, en kg',
          security,
          params: ZOrganizationParams,
          response: { 200: ZStockResponse },
        },
      },
      async (request) => ({ data: await weighing.stock(app.db, user(request), request.params.id) }),
    );

    r.get(
      `${O}/sales`,
      {
        preValidation: mustRunOrganization,
        config: { errors: [...orgErrors] },
        schema: {
          tags,
          operationId: 'recyclers.listSales',
          summary: 'Ventas de las ECAs de la organización, las más recientes primero',
          security,
          params: ZOrganizationParams,
          response: { 200: ZSaleListResponse },
        },
      },
      async (request) => ({ data: await weighing.listSales(app.db, user(request), request.params.id) }),
    );

    r.post(
      `${O}/sales`,
      {
        preValidation: mustRunOrganization,
        config: {
          errors: [...orgErrors, 'recycler-eca-not-found', 'recycler-sale-over-stock', 'recycler-sale-invoice-in-use', 'unknown-material'],
        },
        schema: {
          tags,
          operationId: 'recyclers.createSale',
          summary:
            'Registra una venta de una ECA: comprador (NIT con DV o CC), factura, fecha, CUFE y líneas en kg con precio por kg e IVA; no puede superar el inventario',
          security,
          params: ZOrganizationParams,
          body: ZSaleCreate,
          response: { 201: ZSaleResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await weighing.createSale(app.db, user(request), request.params.id, request.body) }),
    );

    r.put(
      `${O}/sales/:saleId`,
      {
        preValidation: mustRunOrganization,
        config: {
          errors: [
            ...orgErrors,
            'recycler-sale-not-found',
            'recycler-eca-not-found',
            'recycler-sale-over-stock',
            'recycler-sale-invoice-in-use',
            'recycler-sale-month-filed',
            'unknown-material',
          ],
        },
        schema: {
          tags,
          operationId: 'recyclers.updateSale',
          summary:
            'Corrige una venta: comprador, factura, fecha, CUFE y líneas, con las mismas reglas y el inventario sin contar sus propias líneas anteriores; 409 si su mes ya se reportó al SUI (la corrección va en el archivo del mes siguiente)',
          security,
          params: ZOrganizationSaleParams,
          body: ZSaleCreate,
          response: { 200: ZSaleResponse },
        },
      },
      async (request) => ({
        data: await weighing.updateSale(app.db, user(request), request.params.id, request.params.saleId, request.body),
      }),
    );
  });

  // ---- a member's own tickets ----
  await app.register(async (scope) => {
    declareAuthLevel(scope, 'user');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['recyclers'];

    r.get(
      `${RECYCLER_ME_PATH}/weighings`,
      {
        schema: {
          tags,
          operationId: 'recyclers.myWeighings',
          summary: 'Mis pesajes: kg por material y semana, los tiquetes por confirmar y los últimos tiquetes',
          security,
          response: { 200: ZMyWeighingsResponse },
        },
      },
      async (request) => ({ data: await weighing.myWeighings(deps(), requireUser(request)) }),
    );

    r.post(
      `${RECYCLER_ME_PATH}/tickets/:ticketId/confirm`,
      {
        config: { errors: ['recycler-ticket-not-found', 'recycler-ticket-immutable', 'invalid-transition'] },
        schema: {
          tags,
          operationId: 'recyclers.confirmMyTicket',
          summary: 'Confirmo en mi teléfono el pesaje de mi tiquete (queda inmutable)',
          security,
          params: ZMyTicketParams,
          response: { 200: ZTicketResponse },
        },
      },
      async (request) => ({ data: await weighing.confirmMine(deps(), requireUser(request), request.params.ticketId) }),
    );

    r.get(
      `${RECYCLER_ME_PATH}/tickets/:ticketId/pdf`,
      {
        config: { errors: ['recycler-ticket-not-found'] },
        schema: {
          tags,
          operationId: 'recyclers.myTicketPdf',
          summary: 'Mi tiquete de báscula en PDF',
          security,
          params: ZMyTicketParams,
        },
      },
      async (request, reply) => {
        const { number, pdf } = await weighing.myTicketPdf(deps(), requireUser(request), request.params.ticketId);
        return sendPdf(reply, number, pdf);
      },
    );
  });
}
