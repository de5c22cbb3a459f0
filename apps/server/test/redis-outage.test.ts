import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { IDENTITY_PATHS } from '@puntoverde/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/dialect.js';
import { createTestDatabase, testConfig } from './helper.js';

/**
 * Redis going away under a running instance, with a redis-server of the test's own (killed and
 * started again on the same port): one log line per connection, readiness says not ready,
 * requests that count against Redis budgets still answer (counted in memory meanwhile), and
 * everything is back once Redis answers again.
 */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function sparePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(50);
  }
}

describe.skipIf(!hasRedisServer)('Redis lost while the server runs (needs the redis-server binary)', () => {
  let port = 0;
  let redisProcess: ChildProcess | null = null;
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const lines: { level: number; msg?: string; err?: unknown }[] = [];

  async function startRedis() {
    redisProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: null });
    probe.on('error', () => undefined);
    await probe.connect().catch(() => undefined);
    await until(async () => (await probe.ping().catch(() => '')) === 'PONG');
    probe.disconnect();
  }

  async function stopRedis() {
    const child = redisProcess;
    redisProcess = null;
    if (!child || child.exitCode !== null) return;
    child.kill('SIGKILL');
    await once(child, 'exit');
  }

  const login = () =>
    app.inject({
      method: 'POST',
      url: IDENTITY_PATHS.login,
      payload: { username: 'nadie@example.co', password: 'una clave cualquiera' },
    });
  const ready = () => app.inject({ method: 'GET', url: '/back/api/health/ready' });

  beforeAll(async () => {
    port = await sparePort();
    await startRedis();
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        done();
      },
    });
    app = await buildApp({
      config: testConfig({ redisUrl: `redis://127.0.0.1:${port}` }),
      database,
      logger: { level: 'info', stream },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await stopRedis();
  });

  it('logs the loss once, reports not ready, keeps answering and recovers when Redis is back', async () => {
    expect((await ready()).json()).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });
    expect((await login()).statusCode).toBe(401);

    lines.length = 0;
    await stopRedis();
    await until(() => app.redis!.status !== 'ready');

    // Requests that count against Redis budgets: the login throttle counts in memory meanwhile.
    for (let i = 0; i < 5; i++) expect((await login()).statusCode).toBe(401);
    await until(async () => (await ready()).statusCode === 503);
    expect((await ready()).json()).toMatchObject({ status: 'not_ready', checks: { database: 'ok', redis: 'failing' } });
    // Reconnection attempts go on meanwhile; none of them adds a line.
    await sleep(500);

    const errors = lines.filter((line) => line.level >= 40);
    // One line per connection (commands, and the live-updates subscription), each without a stack.
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors.length).toBeLessThanOrEqual(2);
    for (const line of errors) {
      expect(line.msg).toMatch(/^Redis \(REDIS_URL\) is unreachable/);
      expect(line.err).toBeUndefined();
    }

    await startRedis();
    await until(() => app.redis!.status === 'ready');
    await until(async () => (await ready()).statusCode === 200);
    expect(lines.some((line) => line.level === 30 && /^Redis \(REDIS_URL\) answers again/.test(line.msg ?? ''))).toBe(true);

    // The shared counters are used again: the fresh Redis now holds the login budget's keys.
    expect((await login()).statusCode).toBe(401);
    const direct = new Redis({ port, host: '127.0.0.1' });
    try {
      expect(await direct.dbsize()).toBeGreaterThan(0);
    } finally {
      direct.disconnect();
    }
  });
});
