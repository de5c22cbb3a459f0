import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

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

/** A connection that has sent no byte for this long after it was accepted is closed at shutdown. */
const SILENT_CONNECTION_GRACE_MS = 2000;
/** How often, once the listener is closed, idle connections are looked for. */
const SWEEP_INTERVAL_MS = 100;
/**
 * The listener closes once no connection arrived for this long and this many turns of the event
 * loop (each turn's poll phase accepts all that wait: a quiet turn means an empty accept queue).
 */
const QUIET_ACCEPT_MS = 100;
const QUIET_ACCEPT_TURNS = 3;

/** `bytesAnswered`: bytes read when its last answer was sent (more since: a new request is arriving). */
type ConnectionState = { acceptedAt: number; requests: number; bytesAnswered: number };

/**
 * The second step of a graceful shutdown: stop accepting without resetting a request the
 * server accepted, then let every request in flight finish.
 *
 * Node's `server.close()` closes the listener (the kernel resets the connections still in its
 * accept queue) and destroys every connection without a request in progress — including one
 * accepted a moment ago whose request the event loop has not read yet, or whose request is
 * still on its way: their clients see ECONNRESET for a request they sent. Here instead:
 * - the listener closes once no connection has arrived for QUIET_ACCEPT_MS: after the drain a
 *   load balancer has stopped sending, but a server that fell behind may still have
 *   connections waiting in the accept queue; it takes them first (at most `maxWaitMs`);
 * - a connection is closed only when it is idle: after a complete exchange (a keep-alive
 *   connection between requests; while draining, answers carry `Connection: close`, so served
 *   connections end by themselves), or when it has sent nothing for SILENT_CONNECTION_GRACE_MS
 *   since it was accepted (a browser's pre-connection). One that has sent part of a request
 *   gets to finish it; the shutdown timeout (SHUTDOWN_TIMEOUT_MS) bounds it all.
 * The sweep runs in the check phase (setImmediate), after the event loop has read what
 * arrived, so bytes waiting in a socket are seen before it is judged silent.
 * Call it before listening; `quietListener(maxWaitMs)` resolves when the listener may close.
 */
export function trackConnections(server: Server): { quietListener(maxWaitMs: number): Promise<void> } {
  const connections = new Map<Socket, ConnectionState>();
  let accepted = 0;
  server.on('connection', (socket: Socket) => {
    accepted += 1;
    connections.set(socket, { acceptedAt: Date.now(), requests: 0, bytesAnswered: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const state = connections.get(socket);
    if (!state) return;
    state.requests += 1;
    response.once('finish', () => (state.bytesAnswered = socket.bytesRead));
  });

  const sweep = () => {
    const now = Date.now();
    for (const [socket, state] of connections) {
      const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (response && !response.writableFinished) continue; // a request in progress
      const idleKeepAlive = state.requests > 0 && !response && socket.bytesRead === state.bytesAnswered;
      const silent =
        state.requests === 0 && socket.bytesRead === 0 && now - state.acceptedAt >= SILENT_CONNECTION_GRACE_MS;
      if (idleKeepAlive || silent) socket.destroy();
    }
  };
  let sweeping: NodeJS.Timeout | undefined;
  // http.Server.close() calls closeIdleConnections(), which would destroy connections whose
  // request has not been read yet: the sweep above replaces it.
  server.closeIdleConnections = () => {
    if (sweeping) return;
    sweeping = setInterval(() => setImmediate(sweep), SWEEP_INTERVAL_MS);
    setImmediate(sweep);
    server.once('close', () => clearInterval(sweeping));
  };

  return {
    async quietListener(maxWaitMs) {
      const until = Date.now() + maxWaitMs;
      let seen = accepted;
      let quietSince = Date.now();
      let quietTurns = 0;
      while (Date.now() < until) {
        // A turn of the event loop: its poll phase accepts every connection waiting in the queue.
        await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setImmediate(resolve));
        if (accepted !== seen) {
          seen = accepted;
          quietSince = Date.now();
          quietTurns = 0;
        } else if ((quietTurns += 1) >= QUIET_ACCEPT_TURNS && Date.now() - quietSince >= QUIET_ACCEPT_MS) {
          break;
        }
      }
    },
  };
}
