import { planRoute, type MyRoute, type OpenPickup, type Organization, type OrganizationPickup, type PickupRecycler, type PickupRequestDetail } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bogotaDate } from '../../features/requests/pickup-calendar.js';
import { DEMO_ROUTE_ASSIGNED, DEMO_ROUTE_STOPS } from '../../features/recyclers/route.seed.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { assignManagers, createPoints } from '../../../test/factories/points.js';
import { changeRequestStatus, createRequest, statusBody } from '../../../test/factories/requests.js';
import { createActor, createBearerUser, type Actor } from '../../../test/factories/users.js';

/**
 * Assignment of pickups and the recycler's route through the API, on the database under test:
 * the coordinator assigns a programmed pickup to a member (or a member takes it from the open
 * list of their micro-routes), the member's route orders the day's stops, each stop is marked
 * "recogido" or "no estaba" once (an outbox retry with the same Idempotency-Key is one write),
 * and the household sees who is coming. Members see only their own stops; coordinators only
 * their organisation.
 */

const R = '/back/api/v1/recyclers';
const A = '/back/api/v1/admin/recyclers';
const ME = '/back/api/v1/recyclers/me';
let t: TestApp;
let staff: { headers: Record<string, string> };
let coordinator: Actor;
let otherManager: Actor;
let recycler: Actor;
let household: Actor;
let otherHousehold: Actor;
let ecaId: number;
let org: Organization;
let memberId: number;
let memberWithoutAccountId: number;
let microId: number;

function inject(method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const MEMBER = {
  id_type: 'CC',
  name: 'Ana María Restrepo',
  birth_date: '1975-04-12',
  id_issue_date: '1993-05-20',
  phone: null,
  address: null,
  municipality_dane: '05001',
  vehicle_type: 'carreta',
  plate: null,
  data_consent: true,
};

async function scheduledPickup(lat = 6.25, lng = -75.59): Promise<PickupRequestDetail & { pickup_date: string }> {
  const request = await createRequest(t.app, household, {
    point_id: ecaId,
    lat,
    lng,
    items: [{ material: 'carton', estimated_kg: 5 }],
  });
  for (const status of ['aceptada', 'programada'] as const) {
    const res = await changeRequestStatus(t.app, coordinator, request.id, statusBody(status));
    expect(res.statusCode, res.body).toBe(200);
  }
  const res = await inject('GET', `/back/api/v1/requests/${request.id}`, household.headers);
  const detail = res.json<{ data: PickupRequestDetail }>().data;
  return { ...detail, pickup_date: bogotaDate(new Date(detail.scheduled_at!)) };
}

async function notificationsOf(userId: number) {
  return t.app.db.selectFrom('notifications').select(['title', 'body', 'link']).where('user_id', '=', userId).orderBy('id').execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createBearerUser(t.app.db, t.config.tokenSecret, { is_admin: true });
  coordinator = await createActor(t.app, { tc_id: 1, name: 'Coordinadora Rutas' });
  otherManager = await createActor(t.app, { tc_id: 1, name: 'Gestor ajeno' });
  recycler = await createActor(t.app, { tc_id: 2, name: 'Ana María Restrepo' });
  household = await createActor(t.app, { tc_id: 2, name: 'Hogar que recicla' });
  otherHousehold = await createActor(t.app, { tc_id: 2, name: 'Otro hogar' });
  [ecaId] = (await createPoints(t.app.db, [
    { name: 'ECA Rutas Prueba', kind: 'eca', lat: 6.2471, lng: -75.5902, materials: ['carton', 'pet'] },
  ])) as [number];
  await assignManagers(t.app.db, [{ pointId: ecaId, userId: coordinator.id }]);
  const created = await inject('POST', `${A}/organizations`, staff.headers, {
    name: 'Asociación Rutas Prueba',
    nit: '900.123.456-8',
    rups_id: null,
    regime: 'decreto-1381-2024',
    regime_stage: 2,
  });
  org = created.json<{ data: Organization }>().data;
  expect((await inject('POST', `${R}/organizations/${org.id}/ecas`, staff.headers, { point_id: ecaId })).statusCode).toBe(201);
  expect(
    (await inject('POST', `${A}/organizations/${org.id}/coordinators`, staff.headers, { email: coordinator.email })).statusCode,
  ).toBe(200);
  const macro = await inject('POST', `${R}/organizations/${org.id}/macro-routes`, coordinator.headers, { numacro: '101', name: 'Laureles' });
  const macroId = macro.json<{ data: Organization }>().data.macro_routes[0]!.id;
  const micro = await inject('POST', `${R}/organizations/${org.id}/macro-routes/${macroId}/micro-routes`, coordinator.headers, {
    name: 'Todos los días',
    days: ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'],
    start_time: '06:00',
    end_time: '12:00',
    km: 8,
    eca_point_id: ecaId,
  });
  expect(micro.statusCode, micro.body).toBe(201);
  microId = micro.json<{ data: Organization }>().data.macro_routes[0]!.micro_routes[0]!.id;
  const withAccount = await inject('POST', `${R}/organizations/${org.id}/members`, coordinator.headers, {
    ...MEMBER,
    id_number: '43512876',
    account_email: recycler.email,
  });
  expect(withAccount.statusCode, withAccount.body).toBe(201);
  memberId = withAccount.json<{ data: { id: number } }>().data.id;
  const without = await inject('POST', `${R}/organizations/${org.id}/members`, coordinator.headers, {
    ...MEMBER,
    name: 'Recicladora sin teléfono',
    id_number: '71654321',
  });
  memberWithoutAccountId = without.json<{ data: { id: number } }>().data.id;
}, 60_000);

afterAll(() => t?.close());

describe('assignment by the coordinator', () => {
  let pickup: PickupRequestDetail & { pickup_date: string };

  it('assigns a programmed pickup to a member; the household is told who comes and sees her id card check', async () => {
    pickup = await scheduledPickup();
    const res = await inject('POST', `${R}/organizations/${org.id}/assignments`, coordinator.headers, {
      request_id: pickup.id,
      member_id: memberId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: OrganizationPickup }>().data).toMatchObject({
      request_id: pickup.id,
      member: { id: memberId, name: 'Ana María Restrepo' },
      assigned_via: 'coordinador',
      outcome: null,
    });
    const told = await notificationsOf(household.id);
    expect(told.at(-1)).toMatchObject({ title: 'Ana pasará por tu reciclaje', link: `/app/tabs/request/${pickup.id}` });
    expect((await notificationsOf(recycler.id)).at(-1)).toMatchObject({ link: '/app/tabs/mi-ruta' });

    const who = await inject('GET', `${R}/pickups/${pickup.id}/recycler`, household.headers);
    expect(who.statusCode, who.body).toBe(200);
    const recycler_ = who.json<{ data: PickupRecycler }>().data;
    expect(recycler_).toMatchObject({ first_name: 'Ana', organization: 'Asociación Rutas Prueba', outcome: null });
    expect(recycler_.card_url).toMatch(/^\/verificar-reciclador\/[A-Za-z0-9_-]{16}$/);
    // No personal data beyond the card's.
    expect(Object.keys(recycler_).sort()).toEqual(
      ['assigned_at', 'card_url', 'first_name', 'missed_visits', 'organization', 'outcome', 'outcome_at', 'outcome_reason', 'photo_url'].sort(),
    );
    const card = await inject('GET', `/back/api/v1/recycler-verifications/${recycler_.card_url.split('/').pop()}`, {});
    expect(card.json<{ data: { status: string } }>().data.status).toBe('valid');
  });

  it('answers another household, and a manager of another organisation, as if nothing existed', async () => {
    expect((await inject('GET', `${R}/pickups/${pickup.id}/recycler`, otherHousehold.headers)).statusCode).toBe(404);
    const res = await inject('POST', `${R}/organizations/${org.id}/assignments`, otherManager.headers, {
      request_id: pickup.id,
      member_id: memberId,
    });
    expect(res.statusCode).toBe(404);
    // A household never assigns (refused before the body is read).
    expect((await inject('POST', `${R}/organizations/${org.id}/assignments`, household.headers, {})).statusCode).toBe(403);
  });

  it('refuses bad input in Spanish on its field', async () => {
    const typed = await inject('POST', `${R}/organizations/${org.id}/assignments`, coordinator.headers, {
      request_id: pickup.id,
      member_id: 'Ana',
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json<{ fields: Record<string, string> }>().fields.member_id).toBe('Elige el reciclador.');

    const unknown = await inject('POST', `${R}/organizations/${org.id}/assignments`, coordinator.headers, {
      request_id: 99_999_999,
      member_id: memberId,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ fields: Record<string, string> }>().fields.request_id).toMatch(/No encontramos esa solicitud/);

    const pending = await createRequest(t.app, household, { point_id: ecaId, items: [{ material: 'pet', estimated_kg: 2 }] });
    const notYet = await inject('POST', `${R}/organizations/${org.id}/assignments`, coordinator.headers, {
      request_id: pending.id,
      member_id: memberId,
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json<{ fields: Record<string, string> }>().fields.request_id).toBe(
      'Solo se asignan solicitudes programadas que nadie ha visitado aún.',
    );

    const strange = await inject('POST', `${R}/organizations/${org.id}/assignments`, coordinator.headers, {
      request_id: pickup.id,
      member_id: 99_999_999,
    });
    expect(strange.statusCode).toBe(404);
    expect(strange.json<{ fields: Record<string, string> }>().fields.member_id).toBeTruthy();
  });

  it('shows the day in the coordinator’s list with who takes each pickup', async () => {
    const res = await inject('GET', `${R}/organizations/${org.id}/pickups?date=${pickup.pickup_date}`, coordinator.headers);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json<{ data: OrganizationPickup[] }>().data.find((p) => p.request_id === pickup.id);
    expect(row).toMatchObject({ member: { id: memberId }, eca_name: 'ECA Rutas Prueba', estimated_kg: 5 });
    const bad = await inject('GET', `${R}/organizations/${org.id}/pickups?date=mañana`, coordinator.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields.date).toBe('Escribe la fecha como AAAA-MM-DD.');
  });
});

describe('the member’s route', () => {
  let day: string;
  const ids: number[] = [];

  it('orders the day’s stops from the ECA, shorter than the order they were assigned in', async () => {
    // Assigned far – near – far: the naive order zig-zags.
    for (const [lat, lng] of [
      [6.262, -75.59],
      [6.249, -75.59],
      [6.232, -75.59],
      [6.255, -75.59],
    ] as const) {
      const p = await scheduledPickup(lat, lng);
      day = p.pickup_date;
      ids.push(p.id);
      const res = await inject('POST', `${R}/organizations/${org.id}/assignments`, coordinator.headers, { request_id: p.id, member_id: memberId });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await inject('GET', `${ME}/route?date=${day}`, recycler.headers);
    expect(res.statusCode, res.body).toBe(200);
    const route = res.json<{ data: MyRoute }>().data;
    expect(route.member).toMatchObject({ id: memberId, organization: 'Asociación Rutas Prueba' });
    const leg = route.legs[0]!;
    expect(leg.eca.point_id).toBe(ecaId);
    const mine = leg.stops.filter((s) => ids.includes(s.request_id));
    expect(mine).toHaveLength(4);
    expect(leg.stops.map((s) => s.order)).toEqual(leg.stops.map((_, i) => i + 1));
    expect(leg.km).toBeLessThan(leg.naive_km);
    expect(mine[0]).toMatchObject({ items: [{ material: 'carton', estimated_kg: 5 }], estimated_kg: 5, requester_first_name: 'Hogar' });
  });

  it('shows nobody else’s stops: another account’s route is empty', async () => {
    const res = await inject('GET', `${ME}/route?date=${day}`, household.headers);
    expect(res.json<{ data: MyRoute }>().data).toEqual({ date: day, member: null, legs: [] });
  });

  it('records "recogido" once: the outbox’s retry with the same key is the same answer, one notification', async () => {
    const id = ids[0]!;
    const before = (await notificationsOf(household.id)).length;
    const at = new Date(Date.now() - 60_000).toISOString();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `${ME}/stops/${id}/outcome`,
        headers: { ...recycler.headers, 'idempotency-key': `stop-${id}-retry-key-0001` },
        payload: { outcome: 'recogido', at },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json<{ data: { outcome: string } }>().data.outcome).toBe('recogido');
    const after = await notificationsOf(household.id);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.title).toBe('Ana recogió tu reciclaje');
    const who = await inject('GET', `${R}/pickups/${id}/recycler`, household.headers);
    expect(who.json<{ data: PickupRecycler }>().data.outcome).toBe('recogido');
    // The same outcome sent again without the key (a second device): unchanged, no error.
    const replay = await inject('POST', `${ME}/stops/${id}/outcome`, recycler.headers, { outcome: 'recogido' });
    expect(replay.statusCode).toBe(200);
    // Another outcome for a stop already marked: refused.
    const other = await inject('POST', `${ME}/stops/${id}/outcome`, recycler.headers, { outcome: 'no-estaba', reason: 'nadie-en-casa' });
    expect(other.statusCode).toBe(409);
    expect(other.json<{ code: string }>().code).toBe('recycler-stop-done');
    // A coordinator cannot move a visited stop.
    const move = await inject('POST', `${R}/organizations/${org.id}/assignments`, coordinator.headers, {
      request_id: id,
      member_id: memberWithoutAccountId,
    });
    expect(move.statusCode).toBe(409);
  });

  it('records "no estaba" with its reason, and refuses one without it on its field', async () => {
    const id = ids[1]!;
    const none = await inject('POST', `${ME}/stops/${id}/outcome`, recycler.headers, { outcome: 'no-estaba' });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ fields: Record<string, string> }>().fields.reason).toMatch(/^Elige por qué no se recogió/);
    const other = await inject('POST', `${ME}/stops/${id}/outcome`, recycler.headers, { outcome: 'no-estaba', reason: 'otro' });
    expect(other.json<{ fields: Record<string, string> }>().fields.note).toBe('Escribe qué pasó (entre 3 y 300 caracteres).');
    const old = await inject('POST', `${ME}/stops/${id}/outcome`, recycler.headers, {
      outcome: 'recogido',
      at: '2020-01-01T10:00:00Z',
    });
    expect(old.statusCode).toBe(400);
    expect(old.json<{ fields: Record<string, string> }>().fields.at).toMatch(/últimos 3 días/);
    const res = await inject('POST', `${ME}/stops/${id}/outcome`, recycler.headers, { outcome: 'no-estaba', reason: 'nadie-en-casa' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await notificationsOf(household.id)).at(-1)!.body).toMatch(/^Motivo: No había nadie\./);
  });

  it('refuses marking someone else’s stop before reading the body', async () => {
    expect((await inject('POST', `${ME}/stops/${ids[2]}/outcome`, household.headers, {})).statusCode).toBe(404);
    expect((await inject('POST', `${ME}/stops/99999999/outcome`, recycler.headers, {})).statusCode).toBe(404);
  });

  it('moves a stop still to visit to another member when the coordinator reassigns it', async () => {
    const res = await inject('POST', `${R}/organizations/${org.id}/assignments`, coordinator.headers, {
      request_id: ids[3],
      member_id: memberWithoutAccountId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const route = (await inject('GET', `${ME}/route?date=${day}`, recycler.headers)).json<{ data: MyRoute }>().data;
    expect(route.legs[0]!.stops.map((s) => s.request_id)).not.toContain(ids[3]);
  });
});

describe('a new visit after «no estaba»', () => {
  async function missedStop(): Promise<PickupRequestDetail & { pickup_date: string }> {
    const p = await scheduledPickup(6.251, -75.591);
    const assigned = await inject('POST', `${R}/organizations/${org.id}/assignments`, coordinator.headers, { request_id: p.id, member_id: memberId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const missed = await inject('POST', `${ME}/stops/${p.id}/outcome`, recycler.headers, {
      outcome: 'no-estaba',
      reason: 'otro',
      note: 'La portería no abrió',
    });
    expect(missed.statusCode, missed.body).toBe(200);
    return p;
  }

  it('sends a missed pickup out again: the member sees it open, the coordinator and the household see the missed visit', async () => {
    const p = await missedStop();
    const res = await inject('POST', `${R}/organizations/${org.id}/pickups/${p.id}/retry`, coordinator.headers, { member_id: memberId });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<{ data: OrganizationPickup }>().data;
    expect(view).toMatchObject({ outcome: null, member: { id: memberId } });
    expect(view.missed_attempts).toMatchObject([
      { attempt: 1, member: { id: memberId }, outcome_reason: 'otro', outcome_note: 'La portería no abrió' },
    ]);
    const route = (await inject('GET', `${ME}/route?date=${p.pickup_date}`, recycler.headers)).json<{ data: MyRoute }>().data;
    expect(route.legs.flatMap((l) => l.stops).find((s) => s.request_id === p.id)).toMatchObject({ outcome: null });
    const seen = (await inject('GET', `${R}/pickups/${p.id}/recycler`, household.headers)).json<{ data: PickupRecycler }>().data;
    expect(seen).toMatchObject({ outcome: null, missed_visits: [{ outcome_reason: 'otro' }] });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('entity', '=', 'recycler_stop')
      .where('action', '=', 'retry')
      .where('entity_id', '=', String(p.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ attempt: 1, outcome: 'no-estaba', reason: 'otro' });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ attempt: 2, member_id: memberId });
    // The second visit can be missed too, and sent out again to another member.
    const again = await inject('POST', `${ME}/stops/${p.id}/outcome`, recycler.headers, { outcome: 'no-estaba', reason: 'nadie-en-casa' });
    expect(again.statusCode, again.body).toBe(200);
    const other = await inject('POST', `${R}/organizations/${org.id}/pickups/${p.id}/retry`, coordinator.headers, {
      member_id: memberWithoutAccountId,
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json<{ data: OrganizationPickup }>().data.missed_attempts.map((a) => a.outcome_reason)).toEqual(['otro', 'nadie-en-casa']);
  });

  it('sends it out once when two coordinators retry it at the same time: the other gets 409 in Spanish', async () => {
    const p = await missedStop();
    const url = `${R}/organizations/${org.id}/pickups/${p.id}/retry`;
    const answers = await Promise.all([
      inject('POST', url, coordinator.headers, { member_id: memberId }),
      inject('POST', url, staff.headers, { member_id: memberWithoutAccountId }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!.json<{ code: string; message: string }>();
    expect(refused).toEqual({
      code: 'recycler-stop-already-retried',
      message: 'Esta recolección ya tiene una visita pendiente: alguien más la envió de nuevo. Actualiza la lista.',
    });
    const attempts = await t.app.db.selectFrom('recycler_stop_attempts').selectAll().where('request_id', '=', p.id).execute();
    expect(attempts).toHaveLength(1);
  });

  it('never sends a collected pickup out again', async () => {
    const p = await missedStop();
    const res = await inject('POST', `${R}/organizations/${org.id}/pickups/${p.id}/retry`, coordinator.headers, { member_id: memberId });
    expect(res.statusCode, res.body).toBe(200);
    const collected = await inject('POST', `${ME}/stops/${p.id}/outcome`, recycler.headers, { outcome: 'recogido' });
    expect(collected.statusCode, collected.body).toBe(200);
    const again = await inject('POST', `${R}/organizations/${org.id}/pickups/${p.id}/retry`, coordinator.headers, { member_id: memberId });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string; message: string }>()).toEqual({
      code: 'recycler-stop-collected',
      message: 'Esta recolección ya se recogió: no se puede enviar otra visita.',
    });
  });

  it('refuses a stop still to visit, another organisation’s manager before the body, and an unknown member on its field', async () => {
    const p = await scheduledPickup();
    await inject('POST', `${R}/organizations/${org.id}/assignments`, coordinator.headers, { request_id: p.id, member_id: memberId });
    const open = await inject('POST', `${R}/organizations/${org.id}/pickups/${p.id}/retry`, coordinator.headers, { member_id: memberId });
    expect(open.statusCode).toBe(409);
    expect((await inject('POST', `${R}/organizations/${org.id}/pickups/${p.id}/retry`, otherManager.headers, {})).statusCode).toBe(404);
    const nobody = await inject('POST', `${R}/organizations/${org.id}/pickups/${p.id}/retry`, coordinator.headers, { member_id: 99999999 });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json<{ fields: Record<string, string> }>().fields.member_id).toBeTruthy();
  });
});

describe('the open list of the member’s micro-routes', () => {
  let open: PickupRequestDetail & { pickup_date: string };

  it('lists unassigned programmed pickups of the micro-routes the member works, which she takes', async () => {
    open = await scheduledPickup();
    expect((await inject('GET', `${ME}/open-pickups`, recycler.headers)).json<{ data: OpenPickup[] }>().data).toEqual([]);
    const bad = await inject('PUT', `${R}/organizations/${org.id}/members/${memberId}/micro-routes`, coordinator.headers, {
      micro_route_ids: [99_999_999],
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json<{ fields: Record<string, string> }>().fields.micro_route_ids).toBeTruthy();
    const set = await inject('PUT', `${R}/organizations/${org.id}/members/${memberId}/micro-routes`, coordinator.headers, {
      micro_route_ids: [microId],
    });
    expect(set.statusCode, set.body).toBe(200);
    const list = (await inject('GET', `${ME}/open-pickups`, recycler.headers)).json<{ data: OpenPickup[] }>().data;
    expect(list.map((p) => p.request_id)).toContain(open.id);
    expect(list.find((p) => p.request_id === open.id)!.micro_route).toEqual({ id: microId, name: 'Todos los días' });

    const take = await t.app.inject({
      method: 'POST',
      url: `${ME}/open-pickups/${open.id}/take`,
      headers: { ...recycler.headers, 'idempotency-key': `take-${open.id}-retry-key-0001` },
    });
    expect(take.statusCode, take.body).toBe(200);
    expect((await notificationsOf(household.id)).at(-1)!.title).toBe('Ana pasará por tu reciclaje');
    const list2 = (await inject('GET', `${ME}/open-pickups`, recycler.headers)).json<{ data: OpenPickup[] }>().data;
    expect(list2.map((p) => p.request_id)).not.toContain(open.id);
    const day = await inject('GET', `${R}/organizations/${org.id}/pickups?date=${open.pickup_date}`, coordinator.headers);
    expect(day.json<{ data: OrganizationPickup[] }>().data.find((p) => p.request_id === open.id)).toMatchObject({
      member: { id: memberId },
      assigned_via: 'miembro',
    });
  });

  it('answers a pickup that is not on the caller’s micro-routes with 404, and taking it again with her stop', async () => {
    expect((await inject('POST', `${ME}/open-pickups/${open.id}/take`, household.headers)).statusCode).toBe(404);
    expect((await inject('POST', `${ME}/open-pickups/${open.id}/take`, recycler.headers)).statusCode).toBe(200);
    expect((await inject('POST', `${ME}/open-pickups/99999999/take`, recycler.headers)).statusCode).toBe(404);
  });
});

describe('the demo day', () => {
  it('orders the demo recicladora’s eight stops in 4.8 km against 9.5 km in the order they were assigned', () => {
    const eca = { lat: 6.2471, lng: -75.5902 };
    const plan = planRoute(eca, DEMO_ROUTE_STOPS.slice(0, DEMO_ROUTE_ASSIGNED));
    const km = Math.round(plan.meters / 100) / 10;
    const naive = Math.round(plan.naiveMeters / 100) / 10;
    console.info(`demo day: ${DEMO_ROUTE_ASSIGNED} stops, planned ${km} km, naive ${naive} km`);
    expect({ km, naive }).toEqual({ km: 4.8, naive: 9.5 });
  });
});
