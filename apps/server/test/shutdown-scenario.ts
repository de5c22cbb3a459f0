import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * SIGTERM under load, against the real server (apps/server/src/server.ts) in a child process on
 * loopback: GET /back/api/v1/materials at about `rate` requests per second — three in four on
 * a new connection each (as a proxy in front opens them), one in four over a keep-alive pool of
 * 8 sockets (a client that reuses connections; Node's agent stops reusing one whose answer said
 * `Connection: close`). After `loadMs` the server gets SIGTERM; the load goes on for 1.5 s (a
 * load balancer notices the health check's 503 and stops sending) and the server, which drains
 * for SHUTDOWN_DRAIN_MS (2 s), then stops accepting. Used by test/shutdown.test.ts and
 * bench/shutdown.ts.
 *
 * Each outcome records when its request was on the wire (`writtenAt`: the connection open and
 * the request written), not only when the load generator queued it: on a busy machine the two
 * differ by a second or more, and a request whose connection opened after the listener closed
 * was never accepted (ECONNREFUSED, the client may retry elsewhere).
 */
const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export type Outcome = {
  /** When the load generator queued the request. */
  sentAt: number;
  /** When the request was on an open connection, fully written (undefined: it never was). */
  writtenAt?: number;
  /** When its connection opened (undefined: refused or never opened). */
  connectedAt?: number;
  /** The connection had served an earlier request (keep-alive). */
  reused?: boolean;
  status?: number;
  error?: string;
  body?: string;
};

function get(port: number, urlPath: string, agent: http.Agent | false): Promise<Omit<Outcome, 'sentAt'>> {
  return new Promise((resolve) => {
    let connectedAt: number | undefined;
    let finishedAt: number | undefined;
    let reused = false;
    const written = () =>
      connectedAt !== undefined && finishedAt !== undefined ? Math.max(connectedAt, finishedAt) : undefined;
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, writtenAt: written(), connectedAt, reused }));
      res.on('error', (err: NodeJS.ErrnoException) =>
        resolve({ error: err.code ?? err.message, writtenAt: written(), connectedAt, reused }),
      );
    });
    req.on('socket', (socket) => {
      reused = req.reusedSocket;
      if (!socket.connecting) connectedAt = Date.now();
      else socket.once('connect', () => (connectedAt = Date.now()));
    });
    req.on('finish', () => (finishedAt = Date.now()));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ error: err.code ?? err.message, writtenAt: written(), connectedAt, reused }),
    );
    req.setTimeout(15_000, () => req.destroy(new Error('timeout')));
  });
}

export type ShutdownRun = {
  signalAt: number;
  exitCode: number | null;
  exitMs: number;
  results: Outcome[];
  stderr: string;
};

export async function runShutdownScenario(
  options: { rate?: number; loadMs?: number; env?: Record<string, string> } = {},
): Promise<ShutdownRun> {
  const rate = options.rate ?? 500;
  const loadMs = options.loadMs ?? 2000;
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-shutdown-'));
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      DEMO: 'false',
      MAIL_TRANSPORT: 'outbox',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  try {
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.on('exit', (code) => resolve({ code, at: Date.now() })),
    );
    for (let i = 0; ; i++) {
      const r = await get(port, '/back/api/health', false);
      if (r.status === 200) break;
      if (i > 600 || child.exitCode !== null) throw new Error(`server did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const outcomes: Array<Promise<Outcome>> = [];
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 8 });
    let signalAt = Number.POSITIVE_INFINITY;
    const started = Date.now();
    let sent = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const now = Date.now();
        if (now - started >= loadMs && signalAt === Number.POSITIVE_INFINITY) {
          signalAt = Date.now();
          child.kill('SIGTERM');
        }
        if (now - signalAt > 1500) {
          clearInterval(timer);
          resolve();
          return;
        }
        while (sent < ((now - started) / 1000) * rate) {
          sent += 1;
          const sentAt = Date.now();
          const agent = sent % 4 === 0 ? keepAlive : false;
          outcomes.push(get(port, '/back/api/v1/materials', agent).then((o) => ({ sentAt, ...o })));
        }
      }, 2);
    });
    const results = await Promise.all(outcomes);
    keepAlive.destroy();
    const exit = await exited;
    return { signalAt, exitCode: exit.code, exitMs: exit.at - signalAt, results, stderr };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const DRAIN_MS = 2000;

/**
 * What became of the requests, by what the server owed them:
 * - `inFlightAtSignal`: on the wire (connection open, request written) before the signal and
 *   without their 200 — the target;
 * - `resetDuringDrain`: a connection opened during the drain (the server still accepts and
 *   serves) that ended in a reset or hang-up, or any answer but 200;
 * - `resetAfterDrain`: a connection opened once the drain was over — the load generator kept
 *   connecting after the 1.5 s a load balancer would (on a starved machine its queue falls
 *   seconds behind) — that was reset, e.g. left in the accept queue when the listener closed;
 * - `notAccepted`: refused because the listener had closed (never accepted; the client may
 *   retry elsewhere), not a failure; nor is the Spanish 503 of a closing server to a request
 *   on a reused keep-alive connection.
 */
export function classify(run: ShutdownRun) {
  const inFlightAtSignal: Outcome[] = [];
  const resetDuringDrain: Outcome[] = [];
  const resetAfterDrain: Outcome[] = [];
  const notAccepted: Outcome[] = [];
  for (const r of run.results) {
    if (r.status === 200) continue;
    if (r.writtenAt !== undefined && r.writtenAt < run.signalAt) inFlightAtSignal.push(r);
    else if (r.connectedAt === undefined && r.error === 'ECONNREFUSED') notAccepted.push(r);
    else if (r.status === 503 && r.reused) continue;
    else if ((r.connectedAt ?? r.sentAt) < run.signalAt + DRAIN_MS) resetDuringDrain.push(r);
    else resetAfterDrain.push(r);
  }
  return { inFlightAtSignal, resetDuringDrain, resetAfterDrain, notAccepted };
}

/** Every request the server failed (see classify): the in-flight ones and the resets. */
export function failedInFlight(run: ShutdownRun): Outcome[] {
  const c = classify(run);
  return [...c.inFlightAtSignal, ...c.resetDuringDrain, ...c.resetAfterDrain];
}
