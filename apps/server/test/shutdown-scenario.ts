import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * SIGTERM under load, against the real server (apps/server/src/server.ts) in a child process on
 * loopback: GET /back/api/v1/materials at about `rate` requests per second, a new connection
 * each (as a proxy in front opens them); after `loadMs` the server gets SIGTERM and the load
 * goes on for 1.5 s. Used by test/shutdown.test.ts and bench/shutdown.ts.
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

export type Outcome = { sentAt: number; status?: number; error?: string; body?: string };

function get(port: number, urlPath: string): Promise<Omit<Outcome, 'sentAt'>> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
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
      const r = await get(port, '/back/api/health');
      if (r.status === 200) break;
      if (i > 600 || child.exitCode !== null) throw new Error(`server did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const outcomes: Array<Promise<Outcome>> = [];
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
          outcomes.push(get(port, '/back/api/v1/materials').then((o) => ({ sentAt, ...o })));
        }
      }, 2);
    });
    const results = await Promise.all(outcomes);
    const exit = await exited;
    return { signalAt, exitCode: exit.code, exitMs: exit.at - signalAt, results, stderr };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Requests sent more than `marginMs` before the signal that did not get a 200. */
export function failedInFlight(run: ShutdownRun, marginMs = 50): Outcome[] {
  return run.results.filter((r) => r.sentAt < run.signalAt - marginMs && r.status !== 200);
}
