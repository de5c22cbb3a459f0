import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const resultsDir = path.join(repoRoot, 'bench/results');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export type LoadResult = {
  url: string;
  connections: number;
  duration_s: number;
  requests_per_s: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  non_2xx: number;
  errors: number;
  bytes_per_response: number;
};

/** autocannon against a loopback URL: warm-up, then the measured run. */
export async function load(
  url: string,
  opts: {
    connections?: number;
    duration?: number;
    warmup?: number;
    headers?: Record<string, string>;
    /** Each request from its own client address (X-Forwarded-For; the server must trust the proxy). */
    distinctClients?: boolean;
    /** A steady offered load in requests per second over all connections (open loop); unset = as fast as answered. */
    rate?: number;
  } = {},
): Promise<LoadResult> {
  const connections = opts.connections ?? 50;
  const duration = opts.duration ?? 10;
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error('bench targets loopback only');
  const base = {
    url,
    connections,
    headers: opts.headers ?? {},
    ...(opts.rate ? { overallRate: opts.rate } : {}),
    ...(opts.distinctClients
      ? {
          requests: [
            {
              setupRequest: (req: { headers?: Record<string, string> }) => ({
                ...req,
                headers: {
                  ...req.headers,
                  'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
                },
              }),
            },
          ],
        }
      : {}),
  };
  if (opts.warmup ?? 5) await autocannon({ ...base, duration: opts.warmup ?? 5 });
  const r = await autocannon({ ...base, duration });
  return {
    url,
    connections,
    duration_s: duration,
    requests_per_s: Math.round(r.requests.average),
    latency_p50_ms: r.latency.p50,
    latency_p99_ms: r.latency.p99,
    non_2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    bytes_per_response: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
  };
}

/**
 * Starts a Node script (via tsx) as a separate process and waits for `ready <port>` on stdout.
 * `nice` (Linux and macOS, via nice(1)) runs it at a lower CPU priority: a bench that measures a
 * browser on the same cores gives the browser first call on them, as a phone would have its own.
 */
export async function startProcess(
  script: string,
  env: Record<string, string> = {},
  options: { nice?: number } = {},
): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const command = [process.execPath, '--import', 'tsx', script];
  if (options.nice && process.platform !== 'win32') command.unshift('nice', '-n', String(options.nice));
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 120 s`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Writes bench/results/<name>.json and prints a one-screen summary. */
export function writeResult(name: string, result: Record<string, unknown>): void {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  const body = { name, measured_at: new Date().toISOString(), node: process.version, cpus: 2, ...result };
  writeFileSync(file, JSON.stringify(body, null, 2) + '\n');
  console.log(`\n${name}: written to ${path.relative(repoRoot, file)}`);
  console.log(JSON.stringify(result, null, 2));
}
