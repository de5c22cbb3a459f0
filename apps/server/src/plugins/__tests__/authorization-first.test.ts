import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { authLevelOf, type AuthLevel } from '../auth.js';
import type { RouteEntry } from '../route-table.js';
import { createBearerUser } from '../../../test/factories/users.js';

/**
 * Generated from the route table: every route that needs an account answers 401 to an anonymous
 * caller, and every staff, manager or company route 403 to a household, before it looks at the
 * body, the query or the path parameters (never 400 naming a field).
 */

/**
 * The routes anyone may call. A new public route fails this suite until it is listed here, so
 * "public" is always a decision, never a forgotten declaration.
 */
const PUBLIC_ROUTES = new Set([
  'GET /back/api/v1/config',
  'POST /back/api/clientes/registro',
  'POST /back/api/clientes/login',
  'POST /back/api/clientes/forgotpassword',
  'POST /back/api/v1/auth/refresh',
  'POST /back/api/v1/auth/logout',
  'POST /back/api/v1/auth/reset-password',
  'POST /back/api/v1/auth/verify-email',
  'GET /back/api/v1/auth/social/providers',
  'GET /back/api/v1/auth/social/:provider/start',
  'GET /back/api/v1/auth/social/:provider/callback',
  'POST /back/api/v1/auth/social/:provider/callback',
  'POST /back/api/v1/auth/social/session',
  'POST /back/api/v1/auth/social/native/session',
  'POST /back/api/v1/auth/social/ticket',
  'POST /back/api/v1/auth/social/complete',
  'GET /back/api/v1/materials',
  'GET /back/api/v1/points',
  'GET /back/api/v1/points/clusters',
  'GET /back/api/v1/points/near',
  'GET /back/api/v1/points.geojson',
  'GET /back/api/v1/points/:id',
  'GET /back/api/v1/files/:id',
  'GET /back/api/v1/files/:id/:variant',
  'GET /back/api/v1/content/faq',
  'GET /back/api/v1/content/about',
  'GET /back/api/v1/allies',
  'GET /back/api/v1/allies/:id',
  'GET /back/api/v1/allies/:id/points-of-sale',
  'GET /back/api/v1/campaigns',
  'GET /back/api/v1/campaigns/:id',
  'GET /back/api/v1/campaigns/:id/calendar.ics',
  'POST /back/api/v1/pqr',
  'GET /back/api/v1/pqr/track',
  'POST /back/api/v1/pqr/track/information',
  'GET /back/api/v1/pqr/due-date',
  'POST /back/api/v1/pqr/attachments',
  // The live-updates stream authenticates with its short-lived ticket in the query.
  'GET /back/api/v1/events',
  'GET /back/api/v1/requests/calendar',
  'POST /back/api/v1/branches/invitations/preview',
  'POST /back/api/v1/branches/invitations/accept',
  // Incident reports: the public list, map, categories, duplicates offer and page carry no personal data.
  'GET /back/api/v1/reports',
  'GET /back/api/v1/reports/duplicates',
  'GET /back/api/v1/reports/categories',
  'GET /back/api/v1/reports/map',
  'GET /back/api/v1/reports/:number',
  // Which active point a report filed at a place would go to (a visitor may file one too): a point's public name and address.
  'GET /back/api/v1/reports/point-match',
  // The allies' approved offers, browsed before signing in like the allies page.
  'GET /back/api/v1/rewards/offers',
  // «¿Se resolvió?» from the e-mail: authenticated by its signed token (or the reporter's session).
  'POST /back/api/v1/reports/:number/follow-up',
  // The landing page's scheme-wide impact and the factors behind it (no personal data).
  'GET /back/api/v1/statistics/impact',
  'GET /back/api/v1/statistics/factors',
  // Anyone holding a certificate's QR code checks it (same 404 for unknown codes, rate-limited).
  'GET /back/api/v1/certificate-verifications/:code',
  // Anyone checks a recycler's id card by its QR code (name, photo, organisation; same 404 for unknown codes, rate-limited).
  'GET /back/api/v1/recycler-verifications/:code',
  // Its former path, deprecated until its sunset.
  'GET /back/api/v1/certificates/verify/:code',
  // The browser needs the VAPID public key to subscribe before signing in.
  'GET /back/api/v1/notifications/push-key',
  // The service worker reports a click with the push's signed token (no session in the worker).
  'POST /back/api/v1/notifications/push-click',
  // The spec's device registration: works before sign-in, links the session when there is one.
  'POST /back/api/register-notifications',
  // ¿Dónde reciclo?: the public dictionary.
  'GET /back/api/v1/materials/search',
  // Open311 GeoReport v2: discovery, services and requests are public; POST authenticates with
  // its api_key form field (403 before any field is read), not with a session.
  'GET /back/api/open311/v2/discovery.:format',
  'GET /back/api/open311/v2/services.:format',
  'GET /back/api/open311/v2/services/:service_code.:format',
  'GET /back/api/open311/v2/requests.:format',
  'GET /back/api/open311/v2/requests/:service_request_id.:format',
  'POST /back/api/open311/v2/requests.:format',
  // Prometheus: its bearer is METRICS_TOKEN, not a session (404 to anyone without it).
  'GET /back/api/metrics',
]);

/**
 * Every route under /back/api/ (the versioned API, the spec's clientes/ and notification calls,
 * Open311) but the viewer, the probe and the dev-only helpers (their own rules).
 */
function isApiRoute(r: RouteEntry): boolean {
  if (!r.url.startsWith('/back/api/')) return false;
  return !['/back/api/docs', '/back/api/health', '/back/api/dev/'].some((p) => r.url.startsWith(p));
}

/** Every path parameter, query and body as wrong as it can be. */
function badRequest(r: RouteEntry) {
  const url = `${r.url.replace(/:[A-Za-z]+/g, 'no-es-un-id%00')}?month=13&page=-1&limit=abc&kind=x&id=x&radicado=x&email=x`;
  const withBody = r.method !== 'GET' && r.method !== 'DELETE';
  return {
    method: r.method,
    url,
    ...(withBody
      ? { headers: { 'content-type': 'application/json' }, payload: '{"roto": ' }
      : {}),
  };
}

const ELEVATED: AuthLevel[] = ['admin', 'manager', 'company-head'];

describe('authorization comes before the body, on every route', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let household: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp();
    app = t.app;
    household = (await createBearerUser(app.db, t.config.tokenSecret, { tc_id: 2 })).headers;
  });
  afterAll(() => t.close());

  it('declares every public API route on purpose', () => {
    const publicRoutes = app.routeTable
      .filter((r) => isApiRoute(r) && authLevelOf(r.options) === 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.filter((r) => !PUBLIC_ROUTES.has(r))).toEqual([]);
    expect([...PUBLIC_ROUTES].filter((r) => !publicRoutes.includes(r))).toEqual([]);
  });

  it('documents bearer security on every route that needs an account', () => {
    const undocumented = app.routeTable
      .filter((r) => isApiRoute(r) && authLevelOf(r.options) !== 'public')
      .filter((r) => !(r.options.schema as { security?: unknown[] } | undefined)?.security?.length)
      .map((r) => `${r.method} ${r.url}`);
    expect(undocumented).toEqual([]);
  });

  it('answers 401 to an anonymous caller with a broken body, query and path on every protected route', async () => {
    const protectedRoutes = app.routeTable.filter((r) => isApiRoute(r) && authLevelOf(r.options) !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    for (const r of protectedRoutes) {
      const res = await app.inject(badRequest(r));
      if (res.statusCode !== 401 || res.json().code !== 'unauthorized') wrong.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a household with a broken body on every staff, manager and company route (404 on one object)', async () => {
    const elevated = app.routeTable.filter((r) => isApiRoute(r) && ELEVATED.includes(authLevelOf(r.options)));
    expect(elevated.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const r of elevated) {
      const res = await app.inject({ ...badRequest(r), headers: { ...badRequest(r).headers, ...household } });
      const expected = r.options.config?.hiddenAs ? 404 : 403;
      if (res.statusCode !== expected) wrong.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('declares the staff level on every back-office route, so the check above covers it', () => {
    const undeclared = app.routeTable
      .filter((r) => r.url.startsWith('/back/api/v1/admin/') || r.url === '/back/api/get-notifications')
      .filter((r) => authLevelOf(r.options) !== 'admin')
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('holds the nine PQR back-office writes and the PQR report to it', () => {
    const levels = Object.fromEntries(app.routeTable.map((r) => [`${r.method} ${r.url}`, authLevelOf(r.options)]));
    for (const route of [
      'PUT /back/api/v1/admin/pqr-calendar',
      'DELETE /back/api/v1/admin/pqr-calendar/:date',
      'PUT /back/api/v1/admin/pqr/calendar',
      'DELETE /back/api/v1/admin/pqr/calendar/:date',
      'POST /back/api/v1/admin/pqr/:radicado/assign',
      'POST /back/api/v1/admin/pqr/:radicado/notes',
      'POST /back/api/v1/admin/pqr/:radicado/status',
      'POST /back/api/v1/admin/pqr/:radicado/answer',
      'POST /back/api/v1/admin/pqr/:radicado/extension',
      'POST /back/api/v1/admin/pqr/:radicado/transfer',
      'GET /back/api/v1/admin/pqr/report',
      'GET /back/api/v1/admin/pqr/report.csv',
    ]) {
      expect(levels[route], route).toBe('admin');
    }
  });
});
