import { DEMO_PASSWORD } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo-seed.js';
import { DEMO_ORGANIZATION_NAME } from '../src/features/recyclers/recyclers.seed.js';
import { nowIso } from '../src/db/dialect.js';
import { bogotaDay } from '../src/features/statistics/statistics.service.js';
import { buildTestApp, type TestApp } from './helper.js';
import { listenLocal, openSse } from './sse.js';
import { PDFParse } from 'pdf-parse';
import { ANONYMOUS_NOT_FOUND, API_KEY_ONLY, EXPECTED, KNOWN_FAILURES, ROLES, type Role } from './authorization-matrix.table.js';
import { randomIp } from './factories/http.js';
import { uploadRequestPhoto } from './factories/requests.js';
import { type Actor, createUser, loginAs, loginSession } from './factories/users.js';

/**
 * Every route of the OpenAPI document × every kind of caller, on the demo world: household A
 * (hogar@demo) owns requests, a PQR, a file, a notification, sessions and a device; company A
 * (empresa@demo) owns the branch sucursal@demo; manager X (gestor@demo) runs point X. The B
 * side and manager Y own nothing of A's. Each call carries an empty body, so an allowed
 * caller gets past authorization (2xx, or 400 for the missing fields) without changing
 * anything, and a refused caller must be stopped before the body is read: 401 without a
 * session, 403 or 404 with one. A route of the document with no row in the table fails.
 */

type Outcome = 'allow' | 'deny';
type Call = { method: string; url: string; payload?: object };

let t: TestApp;
const headersOf = new Map<Role, Record<string, string>>();
const credentialsOf = new Map<Role, { email: string; password: string }>();
/** Routes that end the caller's own session: each role calls them with a session of its own. */
const ENDS_SESSION = new Set(['POST /back/api/v1/auth/logout']);
/** Server-sent-event streams: opened over a real connection (inject waits for the end). */
const STREAMS = new Set(['GET /back/api/v1/events']);
/** Query strings naming A's objects, for routes that take the object in the query. */
const QUERY: Record<string, (p: typeof params) => string> = {
  'GET /back/api/clientes/lista': (p) => `?id=${p.userId}`,
  ...Object.fromEntries(
    [
      'balance-masas.csv',
      'toneladas-aprovechadas.csv',
      'relacion-miembros.csv',
      'registro-eca.csv',
      'registro-macrorutas.csv',
      'preflight',
      'filings',
      'settings',
    ].flatMap((path) =>
      ['GET', 'POST', 'PUT'].map((method) => [
        `${method} /back/api/v1/sui/${path}`,
        (p: { organizationId?: string }) => `?organization_id=${p.organizationId}&month=2026-01`,
      ]),
    ),
  ),
};
/**
 * Deletions run last, so the objects they remove are there for every other route; a device
 * before the session it belongs to, an ally's point of sale before the ally; the account itself
 * at the very end.
 */
function runOrder(key: string): number {
  if (key === 'DELETE /back/api/v1/me') return 3;
  if (key === 'DELETE /back/api/v1/me/sessions/{id}') return 2;
  if (key === 'DELETE /back/api/v1/admin/allies/{id}') return 2;
  if (key.endsWith('/join')) return 0;
  return key.startsWith('DELETE ') ? 1 : 0;
}
let params: Record<string, string> = {};
let routes: Array<{ key: string; method: string; path: string; hasBody: boolean }> = [];

async function signIn(role: Role, user: { email: string; password: string }) {
  credentialsOf.set(role, { email: user.email, password: user.password });
  headersOf.set(role, await loginAs(t.app, user));
}

beforeAll(async () => {
  t = await buildTestApp();
  const quiet = { info: () => undefined, warn: () => undefined };
  await seedDemo(t.app.db, { log: quiet, config: t.config });
  const db = t.app.db;
  const idOf = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  headersOf.set('anonymous', {});
  const demo = (email: string) => ({ email, password: DEMO_PASSWORD });
  await signIn('householdA', demo('hogar@demo.puntoverde.co'));
  await signIn('companyA', demo('empresa@demo.puntoverde.co'));
  await signIn('branchA', demo('sucursal@demo.puntoverde.co'));
  await signIn('managerX', demo('gestor@demo.puntoverde.co'));
  await signIn('staff', demo('admin@demo.puntoverde.co'));
  await signIn('householdB', await createUser(t.app, { tc_id: 2 }));
  await signIn('companyB', await createUser(t.app, { tc_id: 3 }));
  const managerY = await createUser(t.app, { tc_id: 1 });
  await signIn('managerY', managerY);

  const householdA = await idOf('hogar@demo.puntoverde.co');
  const managerX = await idOf('gestor@demo.puntoverde.co');
  const branchA = await idOf('sucursal@demo.puntoverde.co');
  const pointX = (
    await db
      .selectFrom('point_managers')
      .select('point_id')
      .where('user_id', '=', managerX)
      .orderBy('point_id')
      .executeTakeFirstOrThrow()
  ).point_id;
  const pointY = (
    await db
      .selectFrom('points')
      .select('id')
      .where('id', 'not in', db.selectFrom('point_managers').select('point_id'))
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('point_managers')
    .values({ point_id: pointY, user_id: managerY.id, created_at: nowIso() })
    .execute();
  // A closing day for the calendar-exception route to remove.
  const day = await t.app.inject({
    method: 'PUT',
    url: '/back/api/v1/admin/pqr-calendar',
    headers: headersOf.get('staff'),
    payload: { date: '2030-01-07', is_working: false, reason: 'Cierre de prueba' },
  });
  if (day.statusCode !== 200) throw new Error(`calendar day failed: ${day.statusCode} ${day.body}`);
  const container = await db
    .selectFrom('containers')
    .select('id')
    .where('point_id', '=', pointX)
    .orderBy('id')
    .executeTakeFirstOrThrow();

  // A's other session (with a device), a notification, a file, a PQR and a request to point X.
  await loginSession(
    t.app,
    { email: 'hogar@demo.puntoverde.co', password: DEMO_PASSWORD },
    { playerId: 'matrix-device-a' },
  );
  const device = await db
    .selectFrom('devices')
    .select(['id', 'session_id'])
    .where('player_id', '=', 'matrix-device-a')
    .executeTakeFirstOrThrow();
  const notification = await db
    .insertInto('notifications')
    .values({
      user_id: householdA,
      title: 'Prueba',
      body: 'Aviso de prueba',
      link: null,
      read_at: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fileId = await uploadRequestPhoto(t.app, { headers: headersOf.get('householdA') } as unknown as Actor);
  const request = await db
    .selectFrom('pickup_requests')
    .select('id')
    .where('requester_id', '=', householdA)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const pqr = await t.app.inject({
    method: 'POST',
    url: '/back/api/v1/pqr',
    headers: headersOf.get('householdA'),
    remoteAddress: randomIp(),
    payload: {
      type: 'peticion',
      subject: 'Horario del punto',
      description: 'Quisiera saber el horario de atención del punto de reciclaje de mi barrio, por favor.',
      name: 'Hogar Demo',
      document_type: 'CC',
      document_number: '1020304050',
      email: 'hogar@demo.puntoverde.co',
      phone: '300 123 4567',
      answer_channel: 'email',
      attachments: [],
      accept_data_policy: true,
    },
  });
  if (pqr.statusCode !== 201) throw new Error(`PQR filing failed: ${pqr.statusCode} ${pqr.body}`);
  const campaign = await db.selectFrom('campaigns').select('id').orderBy('id').executeTakeFirstOrThrow();
  const ally = await db.selectFrom('allies').select('id').orderBy('id').executeTakeFirstOrThrow();
  const pointOfSale = await db
    .insertInto('ally_points_of_sale')
    .values({
      ally_id: ally.id,
      name: 'Sede de prueba',
      address: 'Calle 10 # 5-20',
      city: 'Medellín',
      lat: 6.25,
      lng: -75.57,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const faq = await db.selectFrom('faq_items').select('id').orderBy('id').executeTakeFirstOrThrow();

  // A webhook endpoint (a literal public address: no DNS), so A's report below has a delivery.
  const webhook = await t.app.inject({
    method: 'POST',
    url: '/back/api/v1/admin/webhooks',
    headers: headersOf.get('staff'),
    payload: { url: 'https://93.184.216.34/hooks', events: ['report.created'] },
  });
  if (webhook.statusCode !== 201) throw new Error(`webhook failed: ${webhook.statusCode} ${webhook.body}`);
  const webhookId = webhook.json<{ data: { id: number } }>().data.id;

  // Household A's incident report about point X, a certificate of A's kilos, a scheduled
  // broadcast and an Open311 key.
  const where = await db.selectFrom('points').select(['lat', 'lng']).where('id', '=', pointX).executeTakeFirstOrThrow();
  const report = await t.app.inject({
    method: 'POST',
    url: '/back/api/v1/reports',
    headers: headersOf.get('householdA'),
    remoteAddress: randomIp(),
    payload: {
      category: 'punto_critico',
      description: 'Hay bolsas de basura alrededor del punto de reciclaje.',
      lat: Number(where.lat),
      lng: Number(where.lng),
      point_id: pointX,
      photos: [],
    },
  });
  if (report.statusCode !== 201) throw new Error(`report failed: ${report.statusCode} ${report.body}`);
  // Days as the server counts them, in Bogotá: from 19:00 there it is already tomorrow in UTC.
  const today = bogotaDay(new Date());
  const yearAgo = bogotaDay(new Date(Date.now() - 360 * 86_400_000));
  const certificate = await t.app.inject({
    method: 'POST',
    url: '/back/api/v1/certificates',
    headers: headersOf.get('householdA'),
    payload: { from: yearAgo, to: today },
  });
  if (certificate.statusCode !== 201)
    throw new Error(`certificate failed: ${certificate.statusCode} ${certificate.body}`);
  const certificateNumber = certificate.json<{ data: { number: string } }>().data.number;
  const pdf = await t.app.inject({
    method: 'GET',
    url: `/back/api/v1/certificates/${certificateNumber}/pdf`,
    headers: headersOf.get('householdA'),
  });
  const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
  const pdfText = (await parser.getText()).text;
  await parser.destroy();
  const certificateCode = /verificar\/([A-Za-z0-9_-]{22})/.exec(pdfText.replace(/\s+/g, ''))?.[1];
  if (!certificateCode) throw new Error('no verification code in the certificate PDF');
  const broadcast = await t.app.inject({
    method: 'POST',
    url: '/back/api/v1/admin/broadcasts',
    headers: headersOf.get('staff'),
    payload: {
      title: 'Jornada de reciclaje',
      body: 'Trae tus residuos al punto este sábado.',
      audience: { type: 'all' },
      send_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    },
  });
  if (broadcast.statusCode >= 300) throw new Error(`broadcast failed: ${broadcast.statusCode} ${broadcast.body}`);
  const open311Key = await t.app.inject({
    method: 'POST',
    url: '/back/api/v1/admin/open311-keys',
    headers: headersOf.get('staff'),
    payload: { name: 'Alcaldía de prueba' },
  });
  if (open311Key.statusCode !== 201) throw new Error(`open311 key failed: ${open311Key.statusCode} ${open311Key.body}`);

  const webhookDelivery = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', webhookId)
    .orderBy('id')
    .executeTakeFirstOrThrow();

  const organization = await db
    .selectFrom('recycler_organizations')
    .select('id')
    .where('name', '=', DEMO_ORGANIZATION_NAME)
    .executeTakeFirstOrThrow();
  const eca = await db.selectFrom('recycler_ecas').select('point_id').where('organization_id', '=', organization.id).executeTakeFirstOrThrow();
  const area = await db.selectFrom('recycler_service_areas').select('id').where('organization_id', '=', organization.id).executeTakeFirstOrThrow();
  const macro = await db.selectFrom('recycler_macro_routes').select('id').where('organization_id', '=', organization.id).executeTakeFirstOrThrow();
  const micro = await db.selectFrom('recycler_micro_routes').select('id').where('macro_route_id', '=', macro.id).executeTakeFirstOrThrow();
  const member = await db
    .selectFrom('recycler_members')
    .select(['id', 'card_code'])
    .where('organization_id', '=', organization.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const scale = await db.selectFrom('recycler_scales').select('id').where('eca_point_id', '=', eca.point_id).orderBy('id').executeTakeFirstOrThrow();
  const ticket = await db
    .selectFrom('recycler_tickets')
    .innerJoin('recycler_members', 'recycler_members.id', 'recycler_tickets.member_id')
    .select('recycler_tickets.id')
    .where('recycler_tickets.organization_id', '=', organization.id)
    .where('recycler_members.user_id', 'is not', null)
    .where('recycler_tickets.status', '=', 'pendiente')
    .orderBy('recycler_tickets.id')
    .executeTakeFirstOrThrow();

  const sale = await t.app.db
    .selectFrom('recycler_sales')
    .select('id')
    .where('organization_id', '=', organization.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();

  params = {
    scaleId: String(scale.id),
    ticketId: String(ticket.id),
    saleId: String(sale.id),
    organizationId: String(organization.id),
    ecaPointId: String(eca.point_id),
    areaId: String(area.id),
    macroId: String(macro.id),
    microId: String(micro.id),
    memberId: String(member.id),
    cardCode: member.card_code,
    managerXId: String(managerX),
    webhookId: String(webhookId),
    webhookDeliveryId: String(webhookDelivery.id),
    reportNumber: report.json<{ data: { number: string } }>().data.number,
    certificateNumber,
    certificateCode,
    broadcastId: String(broadcast.json<{ data: { id: number } }>().data.id),
    open311KeyId: String(open311Key.json<{ data: { id: number } }>().data.id),
    sessionId: device.session_id!,
    deviceId: String(device.id),
    notificationId: String(notification.id),
    fileId,
    pointId: String(pointX),
    containerId: String(container.id),
    requestId: String(request.id),
    branchId: String(branchA),
    userId: String(householdA),
    radicado: pqr.json<{ data: { radicado: string } }>().data.radicado,
    campaignId: String(campaign.id),
    allyId: String(ally.id),
    pointOfSaleId: String(pointOfSale.id),
    faqId: String(faq.id),
    // Review routes answer 400 to the empty body before looking the offer or hold up.
    rewardId: '1',
  };

  const doc = (await t.app.inject({ method: 'GET', url: '/back/api/docs/json' })).json<{
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  }>();
  routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([m, op]) => ({
      key: `${m.toUpperCase()} ${p}`,
      method: m.toUpperCase(),
      path: p,
      hasBody: Boolean(op.requestBody),
    })),
  );
}, 120_000);

afterAll(() => t?.close());

/** The concrete URL of a route of the document, its parameters filled with A's objects. */
function urlFor(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    switch (name) {
      case 'provider':
        return 'google';
      case 'containerId':
        return params.containerId!;
      case 'code':
        if (path.includes('/report-categories/')) return 'otro';
        if (path.includes('/recycler-verifications/')) return params.cardCode!;
        return path.includes('/certificate-verifications/') ? params.certificateCode! : 'pet';
      case 'number':
        return path.includes('/certificates/') ? params.certificateNumber! : params.reportNumber!;
      case 'radicado':
        return params.radicado!;
      case 'format':
        return 'json';
      case 'service_code':
        return 'otro';
      case 'service_request_id':
        return params.reportNumber!;
      case 'date':
        return '2030-01-07';
      case 'variant':
        return '640.webp';
      case 'id':
        return idFor(path);
      case 'deliveryId':
        return params.webhookDeliveryId!;
      case 'pointId':
        return params.ecaPointId!;
      case 'pointOfSaleId':
        return params.pointOfSaleId!;
      case 'areaId':
        return params.areaId!;
      case 'macroId':
        return params.macroId!;
      case 'microId':
        return params.microId!;
      case 'memberId':
        return params.memberId!;
      case 'scaleId':
        return params.scaleId!;
      case 'ticketId':
        return params.ticketId!;
      case 'saleId':
        return params.saleId!;
      case 'requestId':
        return params.requestId!;
      case 'userId':
        return params.managerXId!;
      case 'material':
        return 'carton';
      default:
        throw new Error(`no value for {${name}} in ${path}`);
    }
  });
}

function idFor(path: string): string {
  const rules: Array<[RegExp, keyof typeof params]> = [
    [/\/recyclers\/organizations\//, 'organizationId'],
    [/\/me\/sessions\//, 'sessionId'],
    [/\/me\/devices\//, 'deviceId'],
    [/\/notifications\//, 'notificationId'],
    [/\/files\//, 'fileId'],
    [/\/points\//, 'pointId'],
    [/\/requests\//, 'requestId'],
    [/\/branches\//, 'branchId'],
    [/\/admin\/users\//, 'userId'],
    [/\/campaigns\//, 'campaignId'],
    [/\/allies\//, 'allyId'],
    [/\/admin\/faq\//, 'faqId'],
    [/\/admin\/broadcasts\//, 'broadcastId'],
    [/\/admin\/open311-keys\//, 'open311KeyId'],
    [/\/admin\/webhooks\//, 'webhookId'],
    [/\/admin\/rewards\/(offers|holds)\//, 'rewardId'],
    [/\/rewards\/ally\/offers\//, 'rewardId'],
  ];
  const hit = rules.find(([re]) => re.test(path));
  if (!hit) throw new Error(`no object for {id} in ${path}`);
  return params[hit[1]]!;
}

function classify(status: number): Outcome {
  return status === 401 || status === 403 || status === 404 ? 'deny' : 'allow';
}

async function callAs(role: Role, call: Call, options: { ownSession: boolean; stream: boolean }) {
  const credentials = credentialsOf.get(role);
  const headers = options.ownSession && credentials ? await loginAs(t.app, credentials) : headersOf.get(role);
  if (options.stream) {
    const stream = await openSse((await listenLocal(t.app)) + call.url, headers);
    stream.close();
    return { statusCode: stream.status, body: '' };
  }
  const res = await t.app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers,
    remoteAddress: randomIp(),
    ...(call.payload ? { payload: call.payload } : {}),
  });
  return res;
}

/** Runs one route for every role: refused roles first, so an allowed call cannot hide a leak. */
async function runRoute(key: string): Promise<Map<Role, { status: number; outcome: Outcome }>> {
  const route = routes.find((r) => r.key === key)!;
  const query = QUERY[key]?.(params) ?? '';
  const call: Call = {
    method: route.method,
    url: urlFor(route.path) + query,
    ...(route.hasBody ? { payload: {} } : {}),
  };
  const allowed = new Set(EXPECTED[key] ?? []);
  const order = [...ROLES].sort((a, b) => Number(allowed.has(a)) - Number(allowed.has(b)));
  const seen = new Map<Role, { status: number; outcome: Outcome }>();
  for (const role of order) {
    const res = await callAs(role, call, { ownSession: ENDS_SESSION.has(key), stream: STREAMS.has(key) });
    seen.set(role, { status: res.statusCode, outcome: classify(res.statusCode) });
    // A refused signed-in caller never gets a 5xx either.
    expect(res.statusCode, `${key} as ${role}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  }
  return seen;
}

describe('authorization matrix (OpenAPI routes × roles)', () => {
  it('has a row for every route of the OpenAPI document, and no row for a route that is gone', () => {
    const documented = routes.map((r) => r.key).sort();
    expect(
      documented.filter((k) => !(k in EXPECTED)),
      'routes without a row in the table',
    ).toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((k) => !documented.includes(k)),
      'rows of routes that are gone',
    ).toEqual([]);
  });

  for (const key of Object.keys(EXPECTED).sort((a, b) => runOrder(a) - runOrder(b))) {
    const known = KNOWN_FAILURES[key];
    it(`${key}: ${EXPECTED[key]!.length ? EXPECTED[key]!.join(', ') : 'nobody'}`, async () => {
      const seen = await runRoute(key);
      const wrong = ROLES.filter((role) => {
        if (known?.roles.includes(role)) return false;
        const expected: Outcome = EXPECTED[key]!.includes(role) ? 'allow' : 'deny';
        const got = seen.get(role)!;
        // Without a session the answer is 401 (404 where anyone may see some objects).
        if (role === 'anonymous' && expected === 'deny')
          return got.status !== (ANONYMOUS_NOT_FOUND.has(key) ? 404 : API_KEY_ONLY.has(key) ? 403 : 401);
        return got.outcome !== expected;
      });
      if (process.env.MATRIX_PRINT) {
        console.log(
          `MATRIX ${JSON.stringify([key, ROLES.filter((r) => seen.get(r)!.outcome === 'allow'), Object.fromEntries([...seen].map(([r, s]) => [r, s.status]))])}`,
        );
      }
      expect(wrong.map((r) => `${r}: ${seen.get(r)!.status}`)).toEqual([]);
    });
    if (known) {
      // Another change closes these: the cell turns green and this test then fails, to be removed.
      it.fails(`${key}: refuses ${known.roles.join(', ')} (known: ${known.finding})`, async () => {
        const seen = await runRoute(key);
        for (const role of known.roles) {
          const got = seen.get(role)!;
          if (role === 'anonymous') expect(got.status).toBe(ANONYMOUS_NOT_FOUND.has(key) ? 404 : 401);
          else expect(got.outcome).toBe('deny');
        }
      });
    }
  }
});
