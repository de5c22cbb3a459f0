import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Server } from 'node:http';

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

/**
 * Node's `server.close()` resets every connection without a request in progress, including
 * those accepted a moment ago whose request has not arrived yet (a busy event loop reads it
 * later): their clients see ECONNRESET. This defers that step by `graceMs`, then repeats it
 * every 250 ms until the server has closed (answers while draining carry Connection: close, so
 * served connections end by themselves).
 */
export function deferIdleConnectionClose(server: Server, graceMs: number): void {
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    let repeat: NodeJS.Timeout | undefined;
    const first = setTimeout(() => {
      closeIdle();
      repeat = setInterval(closeIdle, 250);
    }, graceMs);
    server.once('close', () => {
      clearTimeout(first);
      clearInterval(repeat);
    });
  };
}
