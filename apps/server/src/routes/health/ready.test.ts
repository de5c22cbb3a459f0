import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { buildApp } from '../../app.js';
import { buildTestApp, createTestDatabase, TEST_REDIS_URL, testConfig, type TestApp } from '../../../test/helper.js';
import { migrateDownAll, migrateToLatest } from '../../db/migrate.js';
import { startS3StandIn } from '../../../test/s3-stand-in.js';

/** The probe reuses a result for 1 s: wait past that window. */
const PROBE_WINDOW_MS = 1000;
const READY_URL = '/back/api/health/ready';

/**
 * A TCP relay to the test Redis that can be cut and restored on the same port: Redis going down
 * under a running instance, and coming back. (An instance does not start without its Redis:
 * the live-updates bus subscribes before the app is ready.)
 */
async function redisRelay(target: string) {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      const s = createServer((client) => {
        const remote = connect(Number(upstream.port || 6379), upstream.hostname);
        for (const socket of [client, remote]) {
          sockets.add(socket);
          socket.on('error', () => undefined);
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            remote.destroy();
          });
        }
        client.pipe(remote).pipe(client);
      });
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as AddressInfo).port;
        server = s;
        resolve();
      });
    });
  await listen();
  return {
    url: `redis://127.0.0.1:${port}${upstream.pathname}`,
    async cut() {
      const s = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => s?.close(resolve));
    },
    restore: listen,
  };
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

describe('GET /back/api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 naming each check once the database answers with every migration applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: READY_URL });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { migrations: 'ok', database: 'ok', redis: 'not_configured', storage: 'ok' },
      draining: false,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('stays out of the request log', async () => {
    const lines: unknown[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: { level: 'info', stream } });
    try {
      await app.ready();
      lines.length = 0;
      const res = await app.inject({ method: 'GET', url: READY_URL });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toBeUndefined();
      expect(lines).toEqual([]);
    } finally {
      await app.close();
      await database.destroy();
    }
  });

  it('answers 503 while the server drains before a shutdown, though every check passes', async () => {
    const other = await buildTestApp();
    try {
      expect((await other.app.inject({ method: 'GET', url: READY_URL })).statusCode).toBe(200);
      other.app.startDraining();
      const res = await other.app.inject({ method: 'GET', url: READY_URL });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'not_ready',
        checks: { migrations: 'ok', database: 'ok' },
        draining: true,
      });
    } finally {
      await other.close();
    }
  });

  it('answers 503 until the migrations ran on the database, then 200', async () => {
    const other = await buildTestApp();
    try {
      await migrateDownAll(other.database);
      const before = await other.app.inject({ method: 'GET', url: READY_URL });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toMatchObject({ status: 'not_ready', checks: { migrations: 'failing', database: 'ok' } });
      await migrateToLatest(other.database);
      await sleep(PROBE_WINDOW_MS + 50);
      const after = await other.app.inject({ method: 'GET', url: READY_URL });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ status: 'ready', checks: { migrations: 'ok' } });
    } finally {
      await other.close();
    }
  });

  it('answers 503 while the S3 bucket is missing, 200 once it exists', async () => {
    const s3 = await startS3StandIn();
    const other = await buildTestApp({ s3: s3.config({ bucket: 'made-later' }) });
    try {
      const missing = await other.app.inject({ method: 'GET', url: READY_URL });
      expect(missing.statusCode).toBe(503);
      expect(missing.json()).toMatchObject({ status: 'not_ready', checks: { database: 'ok', storage: 'failing' } });
      await s3.client().send(new CreateBucketCommand({ Bucket: 'made-later' }));
      await sleep(PROBE_WINDOW_MS + 50);
      const there = await other.app.inject({ method: 'GET', url: READY_URL });
      expect(there.statusCode).toBe(200);
      expect(there.json()).toMatchObject({ checks: { storage: 'ok' } });
    } finally {
      await other.close();
      await s3.close();
    }
  });

  it('answers 503 when the database is gone', async () => {
    const other = await buildTestApp();
    await other.database.destroy();
    const res = await other.app.inject({ method: 'GET', url: READY_URL });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not_ready', checks: { database: 'failing' } });
    await other.app.close();
  });

  it.skipIf(!TEST_REDIS_URL)(
    'answers 503 while the configured Redis does not answer, 200 once it is back',
    async () => {
      const relay = await redisRelay(TEST_REDIS_URL!);
      const other = await buildTestApp({ redisUrl: relay.url });
      const redis = other.app.redis!;
      try {
        const up = await other.app.inject({ method: 'GET', url: READY_URL });
        expect(up.statusCode).toBe(200);
        expect(up.json()).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });

        await relay.cut();
        await until(() => redis.status !== 'ready');
        await sleep(PROBE_WINDOW_MS + 50);
        const down = await other.app.inject({ method: 'GET', url: READY_URL });
        expect(down.statusCode).toBe(503);
        expect(down.json()).toMatchObject({ status: 'not_ready', checks: { database: 'ok', redis: 'failing' } });

        await relay.restore();
        await until(() => redis.status === 'ready');
        await sleep(PROBE_WINDOW_MS + 50);
        expect((await other.app.inject({ method: 'GET', url: READY_URL })).statusCode).toBe(200);
      } finally {
        await other.close();
        await relay.cut();
      }
    },
  );
});
