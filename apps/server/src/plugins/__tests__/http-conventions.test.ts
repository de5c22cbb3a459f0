import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { randomIp } from '../../../test/factories/http.js';
import { createActor } from '../../../test/factories/users.js';

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

describe('public lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each([
    '/back/api/v1/campaigns',
    '/back/api/v1/allies',
    '/back/api/v1/content/faq',
    '/back/api/v1/content/about',
    '/back/api/v1/materials',
    '/back/api/v1/reports/categories',
    '/back/api/v1/points.geojson',
    '/back/api/open311/v2/services.json',
    '/back/api/open311/v2/requests.xml',
  ])('%s: ETag, Cache-Control, and 304 to a client that holds the same copy', async (url) => {
    const first = await t.app.inject({ method: 'GET', url, remoteAddress: randomIp() });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag }, remoteAddress: randomIp() });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"otro"' }, remoteAddress: randomIp() });
    expect(stale.statusCode).toBe(200);
  });

  it('keeps a signed-in caller’s copy private (it may say what the account joined)', async () => {
    const ana = await createActor(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/campaigns', headers: ana.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toContain('authorization');
    expect(res.headers.etag).toBeDefined();
  });
});

describe('CORS for reading from any origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ corsOrigins: ['https://admin.example.org'] });
  });
  afterAll(() => t.close());
  const origin = 'https://mapa.alcaldia.example';

  it('lets any origin read a public list and its validators, without credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/campaigns', headers: { origin } });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toContain('etag');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/back/api/v1/points/12',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });

  it('lets any origin use Open311, reading and filing', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/back/api/open311/v2/services.json', headers: { origin } });
    expect(read.headers['access-control-allow-origin']).toBe('*');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/back/api/open311/v2/requests.json',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });

  it('keeps sessions, writes and sign-in to the allow-list', async () => {
    for (const [method, url] of [
      ['GET', '/back/api/v1/me'],
      ['POST', '/back/api/v1/pqr'],
      ['GET', '/back/api/v1/auth/social/providers'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { origin } });
      expect(res.headers['access-control-allow-origin'], `${method} ${url}`).toBeUndefined();
    }
    const listed = await t.app.inject({ method: 'GET', url: '/back/api/v1/me', headers: { origin: 'https://admin.example.org' } });
    expect(listed.headers['access-control-allow-origin']).toBe('https://admin.example.org');
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
  });
});
