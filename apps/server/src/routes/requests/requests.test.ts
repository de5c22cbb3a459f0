import type { PickupRequestDetail, PickupRequestList } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialectUnderTest, type TestApp } from '../../../test/helper.js';
import { listenLocal, openSse } from '../../../test/sse.js';
import { collectedKgBy } from '../../features/requests/requests.service.js';
import { addDays, bogotaDate, pickupCalendar } from '../../features/requests/pickup-calendar.js';
import {
  buildRequestsWorld,
  changeRequestStatus,
  createRequest,
  HOME,
  requestBody,
  type RequestsWorld,
  schedulableAt,
  statusBody,
  uploadRequestPhoto,
} from '../../../test/factories/requests.js';
import { type Actor, createActor } from '../../../test/factories/users.js';

let t: TestApp;
let w: RequestsWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildRequestsWorld(t.app);
});
afterAll(() => t.close());

const get = (who: Actor, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
const post = (who: Actor, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/back/api/v1/requests', headers: who.headers, payload: payload as object });

describe('creating a pickup request', () => {
  it('creates a pending request at the nearest active point that accepts every material', async () => {
    const res = await post(w.householdA, requestBody());
    expect(res.statusCode).toBe(201);
    const r = res.json().data as PickupRequestDetail;
    // The PET-only container and the closed point are nearer, but only ECA Estadio takes PET and cartón.
    expect(r).toMatchObject({ status: 'pendiente', point: { id: w.points.p1, name: 'ECA Estadio' } });
    expect(r.requester).toMatchObject({ id: w.householdA.id, kind: 'household' });
    expect(r.company_id).toBeNull();
    expect(r.items.map((i) => [i.material, i.estimated_kg, i.actual_kg])).toEqual([
      ['pet', 10, null],
      ['carton', 4.5, null],
    ]);
    expect(r.total_estimated_kg).toBe(14.5);
    expect(r.timeline).toHaveLength(1);
    expect(r.timeline[0]).toMatchObject({ from_status: null, to_status: 'pendiente', actor: { id: w.householdA.id } });
    expect(r.allowed_transitions).toEqual(['cancelada']);
  });

  it('suggests the same point, nearest first, before the request is sent', async () => {
    const res = await get(w.householdA, `/back/api/v1/requests/suggested-points?lat=${HOME.lat}&lng=${HOME.lng}&materials=pet,carton`);
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as { id: number }[]).map((p) => p.id);
    expect(ids).toEqual([w.points.p1, w.points.p2]);
  });

  it('keeps a chosen point that accepts everything', async () => {
    const r = await createRequest(t.app, w.householdA, { point_id: w.points.p2 });
    expect(r.point.id).toBe(w.points.p2);
  });

  it('refuses a chosen point that does not accept every material, naming the field', async () => {
    const res = await post(w.householdA, requestBody({ point_id: w.points.nearestPet }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'point-does-not-accept', fields: { point_id: expect.stringContaining('Cartón') } });
  });

  it('refuses an inactive point', async () => {
    const res = await post(w.householdA, requestBody({ point_id: w.points.inactive }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('point-inactive');
  });

  it('answers 409 when no active point accepts all the materials together', async () => {
    const res = await post(w.householdA, requestBody({ items: [{ material: 'llantas', units: 2 }] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('no-point-accepts-materials');
  });

  it('accepts units for post-consumer items and refuses them for the others', async () => {
    const ok = await createRequest(t.app, w.householdA, { items: [{ material: 'pilas', units: 30 }] });
    expect(ok.point.id).toBe(w.points.p2);
    expect(ok.items[0]).toMatchObject({ material: 'pilas', units: 30, estimated_kg: null });
    const bad = await post(w.householdA, requestBody({ items: [{ material: 'pet', units: 3 }] }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['items.0.units']);
  });

  it('refuses unknown materials, empty and duplicated item lists', async () => {
    const unknown = await post(w.householdA, requestBody({ items: [{ material: 'uranio', estimated_kg: 1 }] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty(['items.0.material']);
    const empty = await post(w.householdA, requestBody({ items: [] }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('items');
    const dup = await post(
      w.householdA,
      requestBody({ items: [{ material: 'pet', estimated_kg: 1 }, { material: 'pet', estimated_kg: 2 }] }),
    );
    expect(dup.statusCode).toBe(400);
  });

  it('refuses a date in the past', async () => {
    const yesterday = addDays(bogotaDate(new Date()), -1);
    const res = await post(w.householdA, requestBody({ preferred_date: yesterday }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'pickup-date-invalid', fields: { preferred_date: expect.stringContaining('ya pasó') } });
  });

  it('refuses a Sunday', async () => {
    const sunday = pickupCalendar(new Date()).find((d) => d.reason === 'domingo')!.date;
    const res = await post(w.householdA, requestBody({ preferred_date: sunday }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.preferred_date).toContain('domingos');
  });

  it('refuses a Colombian holiday (when one falls in the bookable range)', async () => {
    const holiday = pickupCalendar(new Date()).find((d) => d.reason === 'festivo');
    if (!holiday) return; // none in the next 60 days: the unit tests cover fixed holidays
    const res = await post(w.householdA, requestBody({ preferred_date: holiday.date }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.preferred_date).toContain('festivo');
  });

  it('refuses an impossible calendar date', async () => {
    const res = await post(w.householdA, requestBody({ preferred_date: '2026-02-30' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('preferred_date');
  });

  it('lists the bookable days without Sundays or holidays', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/requests/calendar' });
    expect(res.statusCode).toBe(200);
    const days = res.json().data as { date: string; available: boolean; reason: string | null }[];
    expect(days.filter((d) => d.reason === 'domingo').every((d) => !d.available)).toBe(true);
    expect(days.some((d) => d.available)).toBe(true);
  });

  it('attaches up to three of the caller’s own photos and shows them to the point manager', async () => {
    const photo = await uploadRequestPhoto(t.app, w.householdA);
    const r = await createRequest(t.app, w.householdA, { photos: [photo] });
    expect(r.photos).toHaveLength(1);
    expect(r.photos[0]!.id).toBe(photo);
    // The manager of the point reads it through the signed link and by id with a bearer token.
    const asManager = await get(w.manager1, `/back/api/v1/files/${photo}`);
    expect(asManager.statusCode).toBe(200);
    const asOther = await get(w.householdB, `/back/api/v1/files/${photo}`);
    expect(asOther.statusCode).toBe(404);
  });

  it('refuses another user’s file, a photo already used, and a fourth photo', async () => {
    const foreign = await uploadRequestPhoto(t.app, w.householdB);
    const res = await post(w.householdA, requestBody({ photos: [foreign] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'file-reference-invalid', fields: { 'photos.0': expect.any(String) } });

    const used = await uploadRequestPhoto(t.app, w.householdA);
    await createRequest(t.app, w.householdA, { photos: [used] });
    const again = await post(w.householdA, requestBody({ photos: [used] }));
    expect(again.statusCode).toBe(400);

    const four = await post(w.householdA, requestBody({ photos: ['a'.repeat(24), 'b'.repeat(24), 'c'.repeat(24), 'd'.repeat(24)] }));
    expect(four.statusCode).toBe(400);
    expect(four.json().fields).toHaveProperty('photos');
  });

  it('does not let point managers ask for pickups', async () => {
    const res = await post(w.manager1, requestBody());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('request-role-not-allowed');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/back/api/v1/requests', payload: requestBody() });
    expect(res.statusCode).toBe(401);
  });

  it('leaves nothing behind when the request is refused half-way (bad photo)', async () => {
    const before = await t.app.db.selectFrom('pickup_requests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const foreign = await uploadRequestPhoto(t.app, w.householdB);
    const own = await uploadRequestPhoto(t.app, w.householdA);
    const res = await post(w.householdA, requestBody({ photos: [own, foreign] }));
    expect(res.statusCode).toBe(400);
    const after = await t.app.db.selectFrom('pickup_requests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('who sees which requests', () => {
  let ofA: PickupRequestDetail;
  let ofBranch1: PickupRequestDetail;
  let ofBranch2: PickupRequestDetail;
  let ofHead1: PickupRequestDetail;

  beforeAll(async () => {
    ofA = await createRequest(t.app, w.householdA);
    ofBranch1 = await createRequest(t.app, w.branch1, { point_id: w.points.p2 });
    ofBranch2 = await createRequest(t.app, w.branch2);
    ofHead1 = await createRequest(t.app, w.head1);
  });

  const list = async (who: Actor, query = '') => {
    const res = await get(who, `/back/api/v1/requests?page_size=100${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data as PickupRequestList;
  };

  it('shows a household its own request and not another household’s', async () => {
    expect((await get(w.householdA, `/back/api/v1/requests/${ofA.id}`)).statusCode).toBe(200);
    const res = await get(w.householdB, `/back/api/v1/requests/${ofA.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('request-not-found');
    expect((await list(w.householdB)).items.map((r) => r.id)).not.toContain(ofA.id);
    expect((await list(w.householdA)).items.every((r) => r.requester.id === w.householdA.id)).toBe(true);
  });

  it('shows a company head its own and its branches’ requests, filterable by branch', async () => {
    const all = (await list(w.head1)).items.map((r) => r.id);
    expect(all).toEqual(expect.arrayContaining([ofBranch1.id, ofHead1.id]));
    expect(all).not.toContain(ofBranch2.id);
    expect(all).not.toContain(ofA.id);
    const onlyBranch = (await list(w.head1, `&branch_id=${w.branch1.id}`)).items;
    expect(onlyBranch.map((r) => r.id)).toEqual([ofBranch1.id]);
    expect(onlyBranch[0]).toMatchObject({ company_id: w.head1.id, requester: { kind: 'branch' }, allowed_transitions: [] });
    expect((await get(w.head1, `/back/api/v1/requests/${ofBranch1.id}`)).statusCode).toBe(200);
  });

  it('hides another company’s branch from a head', async () => {
    expect((await get(w.head1, `/back/api/v1/requests/${ofBranch2.id}`)).statusCode).toBe(404);
    expect((await list(w.head1, `&branch_id=${w.branch2.id}`)).items).toEqual([]);
  });

  it('does not show a branch its head’s or sibling requests', async () => {
    expect((await get(w.branch1, `/back/api/v1/requests/${ofHead1.id}`)).statusCode).toBe(404);
    expect((await list(w.branch1)).items.every((r) => r.requester.id === w.branch1.id)).toBe(true);
  });

  it('shows a manager the requests to their point only', async () => {
    const m1 = (await list(w.manager1)).items;
    expect(m1.map((r) => r.id)).toContain(ofA.id);
    expect(m1.every((r) => r.point.id === w.points.p1)).toBe(true);
    expect((await get(w.manager2, `/back/api/v1/requests/${ofA.id}`)).statusCode).toBe(404);
    expect((await list(w.manager2)).items.map((r) => r.id)).toContain(ofBranch1.id);
  });

  it('shows an admin everything', async () => {
    const ids = (await list(w.admin)).items.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([ofA.id, ofBranch1.id, ofBranch2.id, ofHead1.id]));
    expect((await get(w.admin, `/back/api/v1/requests/${ofBranch2.id}`)).statusCode).toBe(200);
  });

  it('filters by status and pickup day', async () => {
    const pending = await list(w.manager1, '&status=pendiente');
    expect(pending.items.every((r) => r.status === 'pendiente')).toBe(true);
    const day = ofA.preferred_date;
    const onDay = await list(w.manager1, `&from=${day}&to=${day}`);
    expect(onDay.items.map((r) => r.id)).toContain(ofA.id);
    const later = await list(w.manager1, `&from=${addDays(day, 1)}`);
    expect(later.items.map((r) => r.id)).not.toContain(ofA.id);
  });

  it('answers 404 for a request that does not exist', async () => {
    expect((await get(w.admin, '/back/api/v1/requests/999999')).statusCode).toBe(404);
  });
});

describe('the life of a request', () => {
  it('goes pendiente → aceptada → programada → recogida with a timeline, notifications and kg totals', async () => {
    const r = await createRequest(t.app, w.branch1, { point_id: w.points.p2 });
    const accepted = await changeRequestStatus(t.app, w.manager2, r.id, { status: 'aceptada', note: 'Vamos la otra semana' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.allowed_transitions).toEqual(['programada', 'rechazada']);

    const when = new Date(schedulableAt(3));
    const scheduled = await changeRequestStatus(t.app, w.manager2, r.id, { status: 'programada', scheduled_at: when.toISOString() });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().data).toMatchObject({ status: 'programada', scheduled_at: when.toISOString() });

    const collected = await changeRequestStatus(t.app, w.manager2, r.id, {
      status: 'recogida',
      items: [
        { material: 'pet', actual_kg: 12.5 },
        { material: 'carton', actual_kg: 0 },
        { material: 'vidrio', actual_kg: 2.25 },
      ],
    });
    expect(collected.statusCode).toBe(200);
    const done = collected.json().data as PickupRequestDetail;
    expect(done.status).toBe('recogida');
    expect(done.total_actual_kg).toBe(14.75);
    expect(done.items.map((i) => [i.material, i.actual_kg])).toEqual([
      ['pet', 12.5],
      ['carton', 0],
      ['vidrio', 2.25],
    ]);
    expect(done.timeline.map((e) => [e.from_status, e.to_status, e.actor.name])).toEqual([
      [null, 'pendiente', w.branch1.name],
      ['pendiente', 'aceptada', w.manager2.name],
      ['aceptada', 'programada', w.manager2.name],
      ['programada', 'recogida', w.manager2.name],
    ]);
    expect(done.timeline[1]!.note).toBe('Vamos la otra semana');
    expect(done.timeline[2]!.scheduled_at).toBe(when.toISOString());

    // The requester got one notification per change.
    const notes = await get(w.branch1, '/back/api/v1/notifications');
    const titles = (notes.json().data.items as { title: string; link: string }[]).map((n) => n.title);
    expect(titles.slice(0, 3)).toEqual([
      `Recolección #${r.id} completada`,
      `Recolección #${r.id} programada`,
      `Tu solicitud #${r.id} fue aceptada`,
    ]);
    expect(notes.json().data.items[0].link).toBe(`/app/tabs/request/${r.id}`);

    // Kilograms roll up per requester, company (head + branches), point and material.
    const company = await collectedKgBy(t.app.db, 'company_id', [w.head1.id]);
    expect(company.get(w.head1.id)).toBeCloseTo(14.75);
    const point = await collectedKgBy(t.app.db, 'point_id', [w.points.p2]);
    expect(point.get(w.points.p2)).toBeCloseTo(14.75);
    const requester = await collectedKgBy(t.app.db, 'requester_id', [w.branch1.id]);
    expect(requester.get(w.branch1.id)).toBeCloseTo(14.75);
    const pet = await t.app.db.selectFrom('materials').select('id').where('code', '=', 'pet').executeTakeFirstOrThrow();
    const byMaterial = await collectedKgBy(t.app.db, 'material_id', [pet.id]);
    expect(byMaterial.get(pet.id)).toBeCloseTo(12.5);
  });

  it('lets the manager reschedule a programmed pickup', async () => {
    const r = await createRequest(t.app, w.householdA);
    await changeRequestStatus(t.app, w.manager1, r.id, { status: 'aceptada' });
    await changeRequestStatus(t.app, w.manager1, r.id, statusBody('programada'));
    const later = schedulableAt(5);
    const res = await changeRequestStatus(t.app, w.manager1, r.id, { status: 'programada', scheduled_at: later });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.scheduled_at).toBe(later);
  });

  it('needs a reason to reject, a date to schedule and kilos to collect', async () => {
    const r = await createRequest(t.app, w.householdA);
    const noReason = await changeRequestStatus(t.app, w.manager1, r.id, { status: 'rechazada' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    await changeRequestStatus(t.app, w.manager1, r.id, { status: 'aceptada' });
    const noDate = await changeRequestStatus(t.app, w.manager1, r.id, { status: 'programada' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().fields).toHaveProperty('scheduled_at');
    const past = await changeRequestStatus(t.app, w.manager1, r.id, { status: 'programada', scheduled_at: '2020-01-01T10:00:00-05:00' });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('scheduled-at-invalid');
    // No pickups on Sundays nor Colombian holidays, for the point either.
    let sunday = schedulableAt(2);
    while (new Date(sunday).getUTCDay() !== 0) sunday = new Date(Date.parse(sunday) + 24 * 60 * 60 * 1000).toISOString();
    const onSunday = await changeRequestStatus(t.app, w.manager1, r.id, { status: 'programada', scheduled_at: sunday });
    expect(onSunday.statusCode).toBe(400);
    expect(onSunday.json()).toMatchObject({ code: 'scheduled-at-invalid', fields: { scheduled_at: 'No recogemos los domingos: elige otro día.' } });
    let year = new Date().getUTCFullYear() + 1;
    while (new Date(Date.UTC(year, 11, 25)).getUTCDay() === 0) year += 1; // a Christmas that is not a Sunday
    const christmas = `${year}-12-25T10:00:00-05:00`;
    const onHoliday = await changeRequestStatus(t.app, w.manager1, r.id, { status: 'programada', scheduled_at: christmas });
    expect(onHoliday.statusCode).toBe(400);
    expect(onHoliday.json().fields.scheduled_at).toMatch(/^Ese día es festivo en Colombia \(.+\): elige otro día\.$/);
    await changeRequestStatus(t.app, w.manager1, r.id, statusBody('programada'));
    const missing = await changeRequestStatus(t.app, w.manager1, r.id, { status: 'recogida', items: [{ material: 'pet', actual_kg: 3 }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('collect-items-invalid');
    const zero = await changeRequestStatus(t.app, w.manager1, r.id, {
      status: 'recogida',
      items: [
        { material: 'pet', actual_kg: 0 },
        { material: 'carton', actual_kg: 0 },
      ],
    });
    expect(zero.statusCode).toBe(400);
    const negative = await changeRequestStatus(t.app, w.manager1, r.id, {
      status: 'recogida',
      items: [
        { material: 'pet', actual_kg: -1 },
        { material: 'carton', actual_kg: 1 },
      ],
    });
    expect(negative.statusCode).toBe(400);
    // None of these changed anything.
    expect((await get(w.householdA, `/back/api/v1/requests/${r.id}`)).json().data.status).toBe('programada');
  });

  it('keeps the rejection reason and the cancellation reason', async () => {
    const r1 = await createRequest(t.app, w.householdA);
    const rejected = await changeRequestStatus(t.app, w.manager1, r1.id, statusBody('rechazada'));
    expect(rejected.json().data).toMatchObject({ status: 'rechazada', rejection_reason: 'No tenemos vehículo disponible esa semana.' });
    const r2 = await createRequest(t.app, w.householdA);
    const cancelled = await changeRequestStatus(t.app, w.householdA, r2.id, { status: 'cancelada', reason: 'Ya lo llevé yo' });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelada', cancellation_reason: 'Ya lo llevé yo' });
    expect(cancelled.json().data.timeline.at(-1)).toMatchObject({ to_status: 'cancelada', note: 'Ya lo llevé yo' });
    // The manager hears about the cancellation.
    const notes = await get(w.manager1, '/back/api/v1/notifications');
    expect(notes.json().data.items[0].title).toBe(`Solicitud #${r2.id} cancelada`);
  });
});

describe('live updates of requests', () => {
  it('shows the manager a new request and the requester each change, without reloading', async () => {
    const base = await listenLocal(t.app);
    const ticket = async (who: Actor) =>
      (await t.app.inject({ method: 'POST', url: '/back/api/v1/events/ticket', headers: who.headers })).json().data.url as string;
    const managerStream = await openSse(base + (await ticket(w.manager1)));
    const requesterStream = await openSse(base + (await ticket(w.householdA)));
    await managerStream.next('ready');
    await requesterStream.next('ready');

    const r = await createRequest(t.app, w.householdA);
    const created = await managerStream.next('request.created');
    // The manager also gets a notification record for it: the page shows that one alert only.
    expect(created.data).toMatchObject({ request_id: r.id, status: 'pendiente', point_id: w.points.p1, notified: true });
    await managerStream.next('notification.created');

    await changeRequestStatus(t.app, w.manager1, r.id, { status: 'aceptada' });
    const updated = await requesterStream.next('request.updated');
    expect(updated.data).toMatchObject({ request_id: r.id, status: 'aceptada', actor_id: w.manager1.id, notified: true });
    const note = await requesterStream.next('notification.created');
    expect(note.data).toMatchObject({ title: `Tu solicitud #${r.id} fue aceptada` });
    // The manager who made the change gets no record of it: the live event says so on its own.
    expect((await managerStream.next('request.updated')).data).toMatchObject({ request_id: r.id, notified: false });
    // Nobody else hears about it.
    managerStream.close();
    requesterStream.close();
  });
});

describe('concurrent accepts', () => {
  it(`lets exactly one of 20 simultaneous accepts win (${dialectUnderTest})`, async () => {
    const r = await createRequest(t.app, w.householdA);
    // Two managers of the same point plus admins all press «Aceptar» at once.
    await t.app.db.insertInto('point_managers').values({ point_id: w.points.p1, user_id: w.manager2.id, created_at: new Date().toISOString() }).execute();
    const actors = Array.from({ length: 20 }, (_, i) => [w.manager1, w.manager2, w.admin][i % 3]!);
    const results = await Promise.all(actors.map((a) => changeRequestStatus(t.app, a, r.id, { status: 'aceptada' })));
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const detail = (await get(w.householdA, `/back/api/v1/requests/${r.id}`)).json().data as PickupRequestDetail;
    expect(detail.timeline.filter((e) => e.to_status === 'aceptada')).toHaveLength(1);
    const notes = await t.app.db.selectFrom('notifications').selectAll().where('user_id', '=', w.householdA.id).where('title', '=', `Tu solicitud #${r.id} fue aceptada`).execute();
    expect(notes).toHaveLength(1);
    await t.app.db.deleteFrom('point_managers').where('point_id', '=', w.points.p1).where('user_id', '=', w.manager2.id).execute();
  });
});


describe('when a requester deletes the account', () => {
  it('cancels the open requests and keeps only what statistics need', async () => {
    const who = await createActor(t.app);
    const photo = await uploadRequestPhoto(t.app, who);
    const r = await createRequest(t.app, who, { photos: [photo] });
    const res = await t.app.inject({ method: 'DELETE', url: '/back/api/v1/me', headers: who.headers, payload: { password: who.password } });
    expect(res.statusCode).toBe(200);
    const row = await t.app.db.selectFrom('pickup_requests').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'cancelada', address: 'Dirección eliminada', notes: null, cancellation_reason: 'Cuenta eliminada' });
    expect(row.lat).toBe(Math.round(HOME.lat * 100) / 100);
    const photos = await t.app.db.selectFrom('pickup_request_photos').selectAll().where('request_id', '=', r.id).execute();
    expect(photos).toEqual([]);
    const items = await t.app.db.selectFrom('pickup_request_items').selectAll().where('request_id', '=', r.id).execute();
    expect(items).toHaveLength(2);
  });
});
