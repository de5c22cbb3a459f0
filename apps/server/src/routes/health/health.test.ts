import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialectUnderTest, type TestApp } from '../../../test/helper.js';

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
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 degraded when the database is gone', async () => {
    const other = await buildTestApp();
    await other.database.destroy();
    const res = await other.app.inject({ method: 'GET', url: '/back/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
    await other.app.close();
  });
});
