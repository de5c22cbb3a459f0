import {
  EVENTS_HEARTBEAT_MS,
  EVENTS_STREAM_MAX_MS,
  ZEventsQuery,
  ZEventsTicketResponse,
  type RealtimeEvent,
  EVENTS_PATH,
  EVENTS_TICKET_PATH,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationCreatedEvent, notificationOfBroadcast } from '../../features/notifications/notifications.service.js';
import { isUserActive, issueEventsTicket, redeemEventsTicket } from '../../features/realtime/realtime.service.js';
import { AppError } from '../../lib/app-error.js';
import { requireUser } from '../../plugins/auth.js';
import { enforceRateLimit } from '../../lib/rate-limiter.js';

/** Tickets a user may take per minute (a reconnecting client needs one per connection). */
const TICKETS_PER_MINUTE = 30;

/**
 * Live updates as server-sent events. Browsers authenticate with a single-use ticket from
 * POST events/ticket (EventSource sends no Authorization header); other clients may send the
 * bearer header to GET events directly. See packages/contract/src/notifications.ts.
 */
export default async function eventsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Closers of the streams open on this instance, ended before the server closes. */
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...streams]) close();
  });

  r.post(
    EVENTS_TICKET_PATH,
    {
      config: { rateLimited: true },
      schema: {
        tags: ['events'],
        operationId: 'events.createTicket',
        summary: 'Pide un tique de un solo uso (60 s) para abrir el flujo de eventos en vivo con EventSource',
        security: [{ bearer: [] }],
        response: { 201: ZEventsTicketResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(app.rateLimiter, `events-ticket:${user.id}`, TICKETS_PER_MINUTE, 60 * 1000, reply);
      return reply.code(201).send({ data: await issueEventsTicket(app.db, user) });
    },
  );

  r.get(
    EVENTS_PATH,
    {
      config: { stream: true },
      schema: {
        tags: ['events'],
        operationId: 'events.stream',
        summary:
          'Flujo de eventos en vivo (text/event-stream) del usuario: cambios de solicitudes, notificaciones. Autentica con ?ticket= o con el token bearer',
        querystring: ZEventsQuery,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      let userId: number;
      if (request.user) {
        userId = request.user.id;
      } else if (request.query.ticket) {
        const redeemed = await redeemEventsTicket(app.db, request.query.ticket);
        if (!redeemed || !(await isUserActive(app.db, redeemed.user_id))) throw new AppError('events-ticket-invalid');
        userId = redeemed.user_id;
      } else {
        throw new AppError('unauthorized');
      }

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        connection: 'keep-alive',
        // nginx and similar proxies would otherwise buffer the stream.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      let nextId = 1;
      let open = true;
      const write = (chunk: string) => {
        if (open) res.write(chunk);
      };
      const send = (event: RealtimeEvent) => {
        if (event.type === 'broadcast.sent') {
          // This user's own record of the broadcast, as any other new notification.
          notificationOfBroadcast(app.db, userId, event.broadcast_id)
            .then((n) => {
              if (n) send(notificationCreatedEvent(n));
            })
            .catch(() => undefined);
          return;
        }
        write(`id: ${nextId++}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      // `retry` tells EventSource how long to wait before its own reconnection attempt.
      write(`retry: 5000\nevent: ready\ndata: ${JSON.stringify({ user_id: userId })}\n\n`);

      const unsubscribe = app.realtime.subscribe(userId, send);
      const heartbeat = setInterval(() => {
        write(`: ping ${Date.now()}\n\n`);
        // A deactivated or deleted account loses its stream at the next beat.
        isUserActive(app.db, userId)
          .then((active) => {
            if (!active) close();
          })
          .catch(() => undefined);
      }, EVENTS_HEARTBEAT_MS);
      heartbeat.unref();
      // Streams end with the access token's lifetime: reconnecting needs a fresh ticket, so a live session.
      const lifetime = setTimeout(() => close(), EVENTS_STREAM_MAX_MS);
      lifetime.unref();

      function close() {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        streams.delete(close);
        res.end();
      }
      streams.add(close);
      request.raw.on('close', close);
      res.on('error', close);
    },
  );
}
