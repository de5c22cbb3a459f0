import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_PATHS } from '@puntoverde/contract';
import { pngBytes } from './factories/files.js';
import { multipart } from './factories/http.js';
import { objectKeys, startS3StandIn, type S3StandIn } from './s3-stand-in.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

/**
 * docs/deploy.md followed on loopback: the compiled server in production mode (no demo data) on
 * a fresh PostgreSQL database, Redis under its own REDIS_PREFIX, the local S3 stand-in and a local
 * SMTP sink; readiness, the first admin from the CLI, a password-reset e-mail received by the
 * sink, an upload landing in the bucket, `db:backup`, `db:restore` into a new database and a
 * second server on it that is ready and knows the admin.
 */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
const root = path.resolve(import.meta.dirname, '../../..');
const serverDir = path.join(root, 'apps/server');
const serverJs = path.join(serverDir, 'dist/server.js');

if (!TEST_DATABASE_URL || !TEST_REDIS_URL) {
  console.warn('deploy-guide.test.ts skipped: it needs TEST_DATABASE_URL and TEST_REDIS_URL (PostgreSQL and Redis)');
}

/** The text of a MIME message with quoted-printable parts decoded (enough to read a link). */
function decodeQuotedPrintable(raw: string): string {
  return Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `puntoverde-deploy-${name}-`));
  dirs.push(dir);
  return dir;
};
const children: ChildProcess[] = [];
const databases: string[] = [];
let s3: S3StandIn | null = null;
let sink: SmtpSink | null = null;
const suffix = randomBytes(4).toString('hex');
const redisPrefix = `puntoverde:deploy-guide-${suffix}:`;

function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createDatabase(): Promise<string> {
  const name = `puntoverde_deploy_${suffix}_${databases.length}`;
  await withAdminDb((c) => c.query(`CREATE DATABASE ${name}`));
  databases.push(name);
  return databaseUrl(name);
}

/** The environment file of the guide, pointed at the loopback stand-ins. */
function productionEnv(dbUrl: string, dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `https://reciclaje.example.test`,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: tempDir('web'),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    DATABASE_URL: dbUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    S3_BUCKET: s3!.bucket,
    S3_REGION: s3!.region,
    S3_ENDPOINT: s3!.endpoint,
    S3_ACCESS_KEY_ID: s3!.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3!.secretAccessKey,
    S3_PREFIX: 'prod',
    SMTP_URL: `smtp://127.0.0.1:${sink!.port}`,
    MAIL_FROM: 'Reciclaje Prueba <no-responder@example.test>',
    NOTIFICATION_POLL_MS: '200',
    SHUTDOWN_DRAIN_MS: '0',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

/** Starts the compiled server (the unit's ExecStart) and waits until health/ready answers ready. */
async function startServer(env: NodeJS.ProcessEnv): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [serverJs], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const base = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; ; i++) {
    const ready = await fetch(`${base}/back/api/health/ready`).then(
      async (r) => (r.status === 200 ? await r.json() : null),
      () => null,
    );
    if (ready) {
      expect(ready).toMatchObject({
        status: 'ready',
        checks: { migrations: 'ok', database: 'ok', redis: 'ok', storage: 'ok' },
      });
      return { base, child };
    }
    if (i > 600 || child.exitCode !== null) throw new Error(`the server did not turn ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Runs one of the server's commands compiled, from apps/server as `npm run …` does. Asynchronous:
 * the S3 stand-in and the SMTP sink answer from this process's event loop.
 */
function cli(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`dist/cli/${script}.js`, ...args], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${script} exited ${code}:\n${stdout}\n${stderr}`)),
    );
  });
}

async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}${IDENTITY_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

beforeAll(async () => {
  if (!TEST_DATABASE_URL || !TEST_REDIS_URL) return;
  const build = spawnSync(process.execPath, ['scripts/server-build.mjs'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stderr}`);
  s3 = await startS3StandIn({ bucket: 'puntoverde-files' });
  sink = await startSmtpSink();
}, 120_000);

afterAll(async () => {
  for (const child of children) await stop(child);
  await sink?.close();
  await s3?.close();
  if (TEST_DATABASE_URL) {
    for (const name of databases) await withAdminDb((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
  if (TEST_REDIS_URL) {
    const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!TEST_DATABASE_URL || !TEST_REDIS_URL || process.platform !== 'linux')(
  'docs/deploy.md on loopback',
  { timeout: 180_000 },
  () => {
    it('runs in production on PostgreSQL, Redis, S3 and SMTP; mails a reset; backs up and restores into a new database', async () => {
      const email = `admin-${suffix}@example.test`;
      const password = `Prueba-${suffix}-Reciclaje!`;
      const dataDir = tempDir('data');
      const env = productionEnv(await createDatabase(), dataDir, await freePort());

      // The service starts and turns ready (migrations, database, Redis, storage).
      const first = await startServer(env);

      // The first staff account, from the CLI.
      expect(await cli('admin-create', [email, '--password', password, '--name', 'Administración'], env)).toContain(
        email,
      );

      // A password reset e-mail reaches the SMTP relay, with a link on PUBLIC_URL.
      const forgot = await fetch(`${first.base}${IDENTITY_PATHS.forgotPassword}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data_user: { email } }),
      });
      expect(forgot.status).toBe(200);
      let mail: SmtpSink['messages'][number] | undefined;
      for (let i = 0; i < 200 && !mail; i++) {
        mail = sink!.messages.find((m) => m.to.includes(email));
        if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(mail, 'no e-mail reached the SMTP sink').toBeDefined();
      expect(mail!.from).toBe('no-responder@example.test');
      const link = /https:\/\/reciclaje\.example\.test\/\S+/.exec(decodeQuotedPrintable(mail!.data))?.[0];
      expect(link).toBeDefined();
      const token = new URL(link!).searchParams.get('token');
      expect(token).toBeTruthy();
      const newPassword = `Nueva-${suffix}-Clave-Segura!`;
      const reset = await fetch(`${first.base}${IDENTITY_PATHS.resetPassword}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password: newPassword }),
      });
      expect(reset.status, await reset.clone().text()).toBe(200);

      // Staff upload an image: the object lands in the bucket under S3_PREFIX.
      const bearer = await login(first.base, email, newPassword);
      const before = await objectKeys(s3!, 'prod/');
      const { payload, headers } = multipart(await pngBytes(), 'foto.png', 'image/png');
      const upload = await fetch(`${first.base}/back/api/v1/files`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${bearer}` },
        body: payload,
      });
      expect(upload.status, await upload.clone().text()).toBe(201);
      const fileId = ((await upload.json()) as { data: { id: string } }).data.id;
      const after = await objectKeys(s3!, 'prod/');
      expect(after.length).toBeGreaterThan(before.length);

      // db:backup while the server runs: database, files and secrets.
      const backupDir = path.join(tempDir('backups'), 'nightly');
      expect(await cli('backup', ['--out', backupDir], env)).toMatch(/^Backup in .*pg_dump/);
      const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(manifest).toMatchObject({ dialect: 'postgres' });
      expect(readFileSync(path.join(backupDir, 'token-secret'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);
      expect(
        Object.keys(JSON.parse(readFileSync(path.join(backupDir, 'vapid.json'), 'utf8')) as object).sort(),
      ).toEqual(['privateKey', 'publicKey']);
      await stop(first.child);

      // The restore drill: a new database and DATA_DIR, then a second server on them.
      const drillEnv = productionEnv(await createDatabase(), tempDir('drill'), await freePort());
      await cli('restore', [backupDir], drillEnv);
      const second = await startServer(drillEnv);
      // The admin is there with the password set through the e-mailed link, and the restored
      // token secret keeps the session signed before the backup valid.
      const restoredBearer = await login(second.base, email, newPassword);
      for (const auth of [restoredBearer, bearer]) {
        const file = await fetch(`${second.base}/back/api/v1/files/${fileId}`, {
          headers: { authorization: `Bearer ${auth}` },
        });
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toMatch(/^image\//);
      }
      await stop(second.child);
    });
  },
);
