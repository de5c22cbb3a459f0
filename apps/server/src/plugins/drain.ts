import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once a shutdown began: still serving, but the readiness probe answers 503. */
    readonly draining: boolean;
    /** Starts the drain (server.ts, on SIGTERM), before `close()` stops accepting connections. */
    startDraining(): void;
  }
}

/**
 * The first step of a graceful shutdown. Closing the listener at once resets the connections
 * still waiting in the kernel's accept queue; so the server first keeps accepting and serving
 * while `GET /back/api/health` answers 503 (a load balancer stops sending new work) and every
 * answer carries `Connection: close` (keep-alive clients reconnect, to another instance behind
 * a proxy). After SHUTDOWN_DRAIN_MS, `close()` stops accepting and finishes what is in flight.
 */
export default fp(
  async function drainPlugin(app: FastifyInstance) {
    let draining = false;
    app.decorate('draining', {
      getter: () => draining,
    });
    app.decorate('startDraining', () => {
      draining = true;
    });
    app.addHook('onRequest', (_request, reply, done) => {
      if (draining) reply.header('connection', 'close');
      done();
    });
  },
  { name: 'drain' },
);
