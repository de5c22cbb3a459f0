import {
  WEBHOOKS_PATH,
  ZWebhookDeliveriesQuery,
  ZWebhookDeliveryListResponse,
  ZWebhookDeliveryParams,
  ZWebhookDeliveryResponse,
  ZWebhookEndpointCreate,
  ZWebhookEndpointListResponse,
  ZWebhookEndpointResponse,
  ZWebhookEndpointUpdate,
  ZWebhookEndpointWithSecretResponse,
  ZWebhookParams,
  ZWebhookRotateSecret,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createWebhookWorker, type WebhookWorker } from '../../features/webhooks/webhook-worker.js';
import * as webhooks from '../../features/webhooks/webhooks.service.js';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch.js';
import { declareAuthLevel, requireAdmin } from '../../plugins/auth.js';

const tags = ['admin: webhooks'];
const security = [{ bearer: [] }];

/** The webhook worker of an app (tests drive it with runOnce). */
const workers = new WeakMap<object, WebhookWorker>();
export function webhookWorkerOf(app: FastifyInstance): WebhookWorker {
  const worker = workers.get(app.config);
  if (!worker) throw new Error('the webhooks routes are not registered');
  return worker;
}

/**
 * Staff register the endpoints of integrators' systems, rotate their secrets, follow each
 * delivery and re-send one; and the worker that sends them (one per instance, with the
 * notification worker's switch). Every route refuses non-staff before reading the body.
 */
export default async function webhooksRoutes(app: FastifyInstance) {
  const worker = createWebhookWorker({
    db: app.db,
    dialect: app.database.dialect,
    fetch: createGuardedFetch({ allowLoopback: app.config.webhookAllowLoopback }),
    log: app.log,
    pollMs: app.config.notificationPollMs,
    timeoutMs: app.config.webhookTimeoutMs,
  });
  workers.set(app.config, worker);
  if (app.config.notificationWorker) app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());

  await app.register(async (admin) => {
    declareAuthLevel(admin, 'admin');
    admin.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });
    const r = admin.withTypeProvider<ZodTypeProvider>();
    const policy = () => ({ allowLoopback: app.config.webhookAllowLoopback, resolveHost: app.resolveHost });

    r.get(
      WEBHOOKS_PATH,
      {
        schema: {
          tags,
          operationId: 'adminWebhooks.list',
          summary: 'Webhooks registrados, con sus envíos pendientes y fallidos (sin los secretos)',
          security,
          response: { 200: ZWebhookEndpointListResponse },
        },
      },
      async () => ({ data: await webhooks.listEndpoints(app.db) }),
    );

    r.post(
      WEBHOOKS_PATH,
      {
        config: { errors: ['webhook-url-refused'] },
        schema: {
          tags,
          operationId: 'adminWebhooks.create',
          summary:
            'Registra un webhook: URL https pública, eventos y descripción. El secreto (whsec_…) se muestra solo en esta respuesta',
          security,
          body: ZWebhookEndpointCreate,
          response: { 201: ZWebhookEndpointWithSecretResponse },
        },
      },
      async (request, reply) => {
        const staff = requireAdmin(request);
        return reply.code(201).send({ data: await webhooks.createEndpoint(app.db, request.body, staff.id, policy()) });
      },
    );

    r.get(
      `${WEBHOOKS_PATH}/:id`,
      {
        config: { errors: ['webhook-not-found'] },
        schema: {
          tags,
          operationId: 'adminWebhooks.get',
          summary: 'Un webhook',
          security,
          params: ZWebhookParams,
          response: { 200: ZWebhookEndpointResponse },
        },
      },
      async (request) => ({ data: await webhooks.getEndpoint(app.db, request.params.id) }),
    );

    r.patch(
      `${WEBHOOKS_PATH}/:id`,
      {
        config: { errors: ['webhook-not-found', 'webhook-url-refused'] },
        schema: {
          tags,
          operationId: 'adminWebhooks.update',
          summary: 'Cambia la URL, los eventos, la descripción o si está activo (solo lo enviado)',
          security,
          params: ZWebhookParams,
          body: ZWebhookEndpointUpdate,
          response: { 200: ZWebhookEndpointResponse },
        },
      },
      async (request) => ({
        data: await webhooks.updateEndpoint(
          app.db,
          request.params.id,
          request.body,
          requireAdmin(request).id,
          policy(),
        ),
      }),
    );

    r.delete(
      `${WEBHOOKS_PATH}/:id`,
      {
        config: { errors: ['webhook-not-found'] },
        schema: {
          tags,
          operationId: 'adminWebhooks.delete',
          summary: 'Elimina un webhook: no se le envía nada más (su registro de envíos se conserva)',
          security,
          params: ZWebhookParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await webhooks.deleteEndpoint(app.db, request.params.id, requireAdmin(request).id);
        return reply.code(204).send(null);
      },
    );

    r.post(
      `${WEBHOOKS_PATH}/:id/rotate-secret`,
      {
        config: { errors: ['webhook-not-found'] },
        schema: {
          tags,
          operationId: 'adminWebhooks.rotateSecret',
          summary:
            'Nuevo secreto, mostrado solo en esta respuesta; el anterior sigue firmando (segunda firma en webhook-signature) durante overlap_hours (24 por omisión)',
          security,
          params: ZWebhookParams,
          body: ZWebhookRotateSecret,
          response: { 200: ZWebhookEndpointWithSecretResponse },
        },
      },
      async (request) => ({
        data: await webhooks.rotateSecret(
          app.db,
          request.params.id,
          request.body.overlap_hours,
          requireAdmin(request).id,
        ),
      }),
    );

    r.get(
      `${WEBHOOKS_PATH}/:id/deliveries`,
      {
        config: { errors: ['webhook-not-found'] },
        schema: {
          tags,
          operationId: 'adminWebhooks.listDeliveries',
          summary:
            'Envíos de un webhook, el más reciente primero, con cada intento: código HTTP y extracto de la respuesta',
          security,
          params: ZWebhookParams,
          querystring: ZWebhookDeliveriesQuery,
          response: { 200: ZWebhookDeliveryListResponse },
        },
      },
      async (request) => ({ data: await webhooks.listDeliveries(app.db, request.params.id, request.query) }),
    );

    r.post(
      `${WEBHOOKS_PATH}/:id/deliveries/:deliveryId/resend`,
      {
        config: { errors: ['webhook-not-found', 'webhook-delivery-not-found'] },
        schema: {
          tags,
          operationId: 'adminWebhooks.resendDelivery',
          summary: 'Vuelve a enviar un envío (entregado o fallido), con el mismo id de evento',
          security,
          params: ZWebhookDeliveryParams,
          response: { 200: ZWebhookDeliveryResponse },
        },
      },
      async (request) => {
        const delivery = await webhooks.resendDelivery(
          app.db,
          request.params.id,
          request.params.deliveryId,
          requireAdmin(request).id,
        );
        worker.kick();
        return { data: delivery };
      },
    );
  });
}
