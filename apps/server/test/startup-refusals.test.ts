import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn } from './s3-stand-in.js';

/**
 * The compiled server (what `npm start` runs) started as an operator would, with one setting
 * wrong at a time: it must exit non-zero with one plain line on stderr naming the variable and
 * what to check, never a stack trace.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const serverJs = path.join(root, 'apps/server/dist/server.js');
const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `puntoverde-${name}-`));
  dirs.push(dir);
  return dir;
};

beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/server-build.mjs'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stderr}`);
}, 120_000);

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A loopback port nothing listens on (bound, read, released). */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Production without demo data, on embedded SQLite, every optional dependency unset. */
async function productionEnv(overrides: Record<string, string>): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  return {
    ...env,
    NODE_ENV: 'production',
    DEMO: 'false',
    DATA_DIR: tempDir('refusal'),
    WEB_DIST_DIR: tempDir('web'),
    HOST: '127.0.0.1',
    PORT: String(await closedPort()),
    LOG_LEVEL: 'info',
    SHUTDOWN_DRAIN_MS: '0',
    ...overrides,
  };
}

type Run = { code: number | null; stdout: string; stderr: string };

/** Starts the compiled server and waits for it to exit by itself (at most `timeoutMs`). */
function runUntilExit(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverJs], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not exit within ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts the compiled server and waits until /back/api/health answers 200. */
async function runUntilHealthy(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [serverJs], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  for (let i = 0; ; i++) {
    const status = await fetch(`http://127.0.0.1:${env.PORT}/back/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { child, output: () => output };
    if (i > 600 || child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Exit code not 0, nothing on stdout, and stderr exactly one line matching `line`. */
function expectRefusal(run: Run, line: RegExp) {
  const lines = run.stderr.split('\n').filter(Boolean);
  expect(run.code, run.stderr).not.toBe(0);
  expect(run.code).not.toBeNull();
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(line);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stdout).toBe('');
}

describe.skipIf(process.platform !== 'linux')('a production start with a broken setting', { timeout: 120_000 }, () => {
  it('refuses to start without SMTP_URL, naming MAIL_TRANSPORT=outbox as the deliberate way out', async () => {
    const run = await runUntilExit(await productionEnv({}));
    expectRefusal(run, /^PuntoVerde cannot start: SMTP_URL: required in production .*MAIL_TRANSPORT=outbox/);
  });

  it('refuses to start when the database does not answer', async () => {
    const port = await closedPort();
    const run = await runUntilExit(
      await productionEnv({
        MAIL_TRANSPORT: 'outbox',
        DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${port}/puntoverde`,
      }),
    );
    expectRefusal(
      run,
      new RegExp(
        `^PuntoVerde cannot start: DATABASE_URL: cannot use PostgreSQL at 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\); check`,
      ),
    );
    expect(run.stderr).not.toContain('secret');
  });

  it('refuses to start when Redis does not answer', async () => {
    const port = await closedPort();
    const run = await runUntilExit(
      await productionEnv({ MAIL_TRANSPORT: 'outbox', REDIS_URL: `redis://127.0.0.1:${port}` }),
    );
    expectRefusal(
      run,
      new RegExp(
        `^PuntoVerde cannot start: REDIS_URL: Redis at 127\\.0\\.0\\.1:${port} does not answer \\(ECONNREFUSED\\); check`,
      ),
    );
  });

  it('refuses to start when the S3 bucket does not exist', async () => {
    const s3 = await startS3StandIn();
    try {
      const run = await runUntilExit(
        await productionEnv({
          MAIL_TRANSPORT: 'outbox',
          S3_BUCKET: 'no-such-bucket',
          S3_ENDPOINT: s3.endpoint,
          S3_REGION: s3.region,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          // The SDK's own notice about Node 20 (a process warning on stderr), not the server's.
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        }),
      );
      expectRefusal(
        run,
        /^PuntoVerde cannot start: S3_BUCKET: bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+; create it/,
      );
    } finally {
      await s3.close();
    }
  });

  it('refuses to start when the SMTP server does not answer', async () => {
    const port = await closedPort();
    const run = await runUntilExit(await productionEnv({ SMTP_URL: `smtp://user:secret@127.0.0.1:${port}` }));
    expectRefusal(
      run,
      new RegExp(
        `^PuntoVerde cannot start: SMTP_URL: the mail server at 127\\.0\\.0\\.1:${port} did not accept a connection \\(ECONNREFUSED\\); check`,
      ),
    );
    expect(run.stderr).not.toContain('secret');
  });

  it('starts with MAIL_TRANSPORT=outbox, says where e-mail goes and what it runs on, and ends with one line', async () => {
    const env = await productionEnv({ MAIL_TRANSPORT: 'outbox' });
    const { child, output } = await runUntilHealthy(env);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const messages = output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    const start = messages.findIndex((m) => m.startsWith('PuntoVerde 0.'));
    expect(start, messages.join('\n')).toBeGreaterThanOrEqual(0);
    expect(messages.slice(start, start + 6)).toEqual([
      expect.stringMatching(
        new RegExp(`listening on 127\\.0\\.0\\.1:${env.PORT}, public URL http://localhost:${env.PORT}$`),
      ),
      expect.stringMatching(
        /^database: SQLite .*puntoverde\.sqlite; \d+ migrations, \d+ applied at this start, latest \w+/,
      ),
      `storage: disk ${path.join(env.DATA_DIR!, 'files')}`,
      expect.stringContaining(
        `mail: outbox, no e-mail is sent: each one is kept in ${path.join(env.DATA_DIR!, 'outbox')}`,
      ),
      'redis: none (rate limits and live events in this process only)',
      'demo: off',
    ]);
    expect(messages.at(-1)).toMatch(/^PuntoVerde stopped \(SIGTERM\) after \d+ s$/);
  });
});
