import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildTestApp, createTestDatabase, dialectUnderTest, testConfig, type TestApp } from '../../../test/helper.js';

/** The probe reuses a result for 1 s: wait past that window. */
const PROBE_WINDOW_MS = 1000;

describe('GET /back/api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reports the database as reachable with its dialect', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/back/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ dialect: dialectUnderTest, reachable: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while the server drains before a shutdown, and still serves other requests with Connection: close', async () => {
    const other = await buildTestApp();
    other.app.startDraining();
    const health = await other.app.inject({ method: 'GET', url: '/back/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', database: { reachable: true } });
    const config = await other.app.inject({ method: 'GET', url: '/back/api/v1/config' });
    expect(config.statusCode).toBe(200);
    expect(config.headers.connection).toBe('close');
    await other.close();
  });

  it('answers 503 degraded when the database is gone', async () => {
    const other = await buildTestApp();
    await other.database.destroy();
    const res = await other.app.inject({ method: 'GET', url: '/back/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
    await other.app.close();
  });

  it('says the database is down within a second after it closes', async () => {
    const other = await buildTestApp();
    expect((await other.app.inject({ method: 'GET', url: '/back/api/health' })).statusCode).toBe(200);
    await other.database.destroy();
    await sleep(PROBE_WINDOW_MS + 50);
    const res = await other.app.inject({ method: 'GET', url: '/back/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { reachable: false, latency_ms: null } });
    await other.app.close();
  });

  it('says the database is up again once it answers again', async () => {
    const database = await createTestDatabase();
    let down = true;
    const app = await buildApp({
      config: testConfig(),
      database: { ...database, ping: () => (down ? Promise.reject(new Error('connection refused')) : database.ping()) },
      logger: false,
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/back/api/health' })).statusCode).toBe(503);
      down = false;
      await sleep(PROBE_WINDOW_MS + 50);
      const res = await app.inject({ method: 'GET', url: '/back/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', database: { reachable: true } });
    } finally {
      await app.close();
      await database.destroy();
    }
  });

  it('stays out of the request log, while other requests log with their request id', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: { level: 'info', stream } });
    try {
      await app.ready();
      lines.length = 0;
      const health = await app.inject({ method: 'GET', url: '/back/api/health' });
      expect(health.statusCode).toBe(200);
      // No log line to correlate, so no request id is sent either (plugins/security.ts).
      expect(health.headers['x-request-id']).toBeUndefined();
      expect(lines).toEqual([]);

      const other = await app.inject({ method: 'GET', url: '/back/api/v1/config' });
      const requestId = other.headers['x-request-id'];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ reqId: requestId, method: 'GET', route: '/back/api/v1/config', status: 200 });
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
