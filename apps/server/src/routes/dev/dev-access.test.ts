import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { createUser, loginAs } from '../../../test/factories/users.js';

/**
 * Generated from the route table: every development helper (the outboxes, the report follow-up
 * sweep, and any added later) answers only staff and, in demo mode, this machine, and a header
 * naming someone else never passes for it.
 */
const REMOTE = '203.0.113.9';

/** Headers a client or a local proxy uses to name another address. */
const FORWARDINGS: Record<string, string>[] = [
  { 'x-forwarded-for': '8.8.8.8' },
  { 'x-forwarded-for': '127.0.0.1, 8.8.8.8' },
  { 'x-real-ip': '8.8.8.8' },
  { forwarded: 'for=8.8.8.8' },
];

function devRoutes(t: TestApp) {
  return t.app.routeTable.filter((r) => r.url.startsWith('/dev/') || r.url.startsWith('/back/api/dev/'));
}

for (const trustProxy of [false, 1] as const) {
  describe(`every /dev route in demo mode (TRUST_PROXY=${trustProxy || 'unset'})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ demo: true, trustProxy });
    });
    afterAll(() => t.close());

    const call = (route: { method: string; url: string }, remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: route.method as 'GET' | 'POST', url: route.url, remoteAddress, headers });

    it('includes the outboxes and the report follow-up sweep', () => {
      expect(devRoutes(t).map((r) => `${r.method} ${r.url}`)).toEqual(
        expect.arrayContaining([
          'GET /back/api/dev/outbox',
          'GET /back/api/dev/sms-outbox',
          'GET /dev/outbox',
          'POST /back/api/dev/reports/follow-ups',
        ]),
      );
    });

    it('answers this machine', async () => {
      for (const route of devRoutes(t)) expect((await call(route, '127.0.0.1')).statusCode, route.url).toBe(200);
    });

    it('answers a forwarded address from this machine as if the route did not exist', async () => {
      for (const route of devRoutes(t)) {
        for (const headers of FORWARDINGS) {
          const res = await call(route, '127.0.0.1', headers);
          expect(res.statusCode, `${route.method} ${route.url} ${JSON.stringify(headers)}`).toBe(404);
        }
      }
    });

    it('answers another machine claiming to be this one as if the route did not exist', async () => {
      for (const route of devRoutes(t)) {
        expect((await call(route, REMOTE)).statusCode, route.url).toBe(404);
        expect((await call(route, REMOTE, { 'x-forwarded-for': '127.0.0.1' })).statusCode, route.url).toBe(404);
      }
    });

    it('answers staff from anywhere', async () => {
      const headers = await loginAs(t.app, await createUser(t.app, { is_admin: true }));
      for (const route of devRoutes(t)) {
        expect((await call(route, REMOTE, { ...headers, 'x-forwarded-for': '8.8.8.8' })).statusCode, route.url).toBe(200);
      }
    });
  });
}

describe('every /dev route outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: false });
  });
  afterAll(() => t.close());

  it('is hidden even from this machine, and answers staff', async () => {
    const routes = devRoutes(t);
    expect(routes.length).toBeGreaterThanOrEqual(4);
    const headers = await loginAs(t.app, await createUser(t.app, { is_admin: true }));
    for (const route of routes) {
      const inject = (h: Record<string, string>) =>
        t.app.inject({ method: route.method as 'GET' | 'POST', url: route.url, remoteAddress: '127.0.0.1', headers: h });
      expect((await inject({})).statusCode, route.url).toBe(404);
      expect((await inject(headers)).statusCode, route.url).toBe(200);
    }
  });
});
