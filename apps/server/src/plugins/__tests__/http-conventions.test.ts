import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { randomIp } from '../../../test/factories/http.js';

/** The HTTP conventions every route shares (docs/api.md): rate-limit headers, caching, CORS. */
describe('rate-limit headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const track = (ip: string) =>
    t.app.inject({ method: 'GET', url: '/back/api/v1/pqr/track?radicado=PQR-2026-000001&email=a@b.co', remoteAddress: ip });

  it('tells a limited route’s caller the budget, what is left and when it resets', async () => {
    const ip = randomIp();
    const first = await track(ip);
    expect(first.statusCode).toBe(404);
    // Even a refused look-up counted against the budget, and says so.
    const second = await track(ip);
    expect(second.headers['ratelimit-limit']).toBe('30');
    expect(Number(second.headers['ratelimit-remaining'])).toBe(Number(first.headers['ratelimit-remaining']) - 1);
    expect(Number(second.headers['ratelimit-reset'])).toBeGreaterThan(0);
  });

  it('answers 429 with Retry-After and the exhausted budget', async () => {
    const ip = randomIp();
    let res = await track(ip);
    for (let i = 0; i < 30 && res.statusCode !== 429; i++) res = await track(ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('too-many-requests');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['ratelimit-remaining']).toBe('0');
    expect(res.headers['ratelimit-reset']).toBe(res.headers['retry-after']);
  });
});
