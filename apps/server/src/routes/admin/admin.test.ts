import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { type BearerUser, createBearerUser } from '../../../test/factories/users.js';

type Operation = { method: string; url: string };

/** Back-office resources built by this feature (PQR administration is tested in its own feature). */
const OWN_RESOURCES = /^\/back\/api\/v1\/admin\/(campaigns|allies|faq|content|users|audit|points|containers|materials|dashboard)(\/|$)/;

/** Every back-office operation of ours, read from the OpenAPI document so new ones are covered too. */
function adminOperations(t: TestApp): Operation[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!OWN_RESOURCES.test(path)) continue;
    for (const method of Object.keys(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') });
    }
  }
  return ops;
}

describe('back office authorization', () => {
  let t: TestApp;
  let household: BearerUser;
  let manager: BearerUser;
  let company: BearerUser;

  beforeAll(async () => {
    t = await buildTestApp();
    household = await createBearerUser(t.app.db, t.config.tokenSecret, { tc_id: 2 });
    manager = await createBearerUser(t.app.db, t.config.tokenSecret, { tc_id: 1 });
    company = await createBearerUser(t.app.db, t.config.tokenSecret, { tc_id: 3 });
  });
  afterAll(() => t.close());

  it('covers every resource of the back office', () => {
    const urls = adminOperations(t).map((o) => `${o.method} ${o.url}`);
    for (const expected of [
      'GET /back/api/v1/admin/campaigns',
      'POST /back/api/v1/admin/campaigns',
      'PUT /back/api/v1/admin/campaigns/1',
      'DELETE /back/api/v1/admin/campaigns/1',
      'GET /back/api/v1/admin/allies',
      'POST /back/api/v1/admin/allies',
      'PUT /back/api/v1/admin/allies/1',
      'DELETE /back/api/v1/admin/allies/1',
      'POST /back/api/v1/admin/faq',
      'PUT /back/api/v1/admin/content/about',
      'GET /back/api/v1/admin/users',
      'PATCH /back/api/v1/admin/users/1',
      'GET /back/api/v1/admin/audit',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('answers 401 to anonymous callers on every admin endpoint', async () => {
    for (const op of adminOperations(t)) {
      const res = await t.app.inject({ method: op.method as 'GET', url: op.url, payload: op.method === 'GET' || op.method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, `${op.method} ${op.url}`).toBe(401);
    }
  });

  it('answers 403 to households, point managers and companies on every admin endpoint, even with an invalid body', async () => {
    for (const user of [household, manager, company]) {
      for (const op of adminOperations(t)) {
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: op.url,
          headers: user.headers,
          payload: op.method === 'GET' || op.method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${op.method} ${op.url}`).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    }
  });
});
