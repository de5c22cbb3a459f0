import {
  REPORT_POINT_MATCH_PATH,
  REPORT_SETTINGS_PATH,
  type HandlerReport,
  type ReportPointMatch,
} from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { assignManagers, createPoints } from '../../../test/factories/points.js';
import { HANDLING_URL, mustFile } from '../../../test/factories/reports.js';
import { createActor, type Actor } from '../../../test/factories/users.js';

/** Reports filed without a point reach the nearest active point within the distance staff set. */

// An ECA on Carrera 70 in Laureles, Medellín, and a closed (inactive) point right beside it.
const ECA = { lat: 6.2469, lng: -75.59022 };
const metresNorth = (m: number) => ({ lat: ECA.lat + m / 111_320, lng: ECA.lng });

let t: TestApp;
let manager: Actor;
let otherManager: Actor;
let neighbour: Actor;
let staff: Actor;
let eca: number;

beforeAll(async () => {
  t = await buildTestApp();
  const [ecaId, closedId, farId] = await createPoints(t.app.db, [
    {
      name: 'ECA Laureles La 70',
      address: 'Carrera 70 # 44-12',
      lat: ECA.lat,
      lng: ECA.lng,
      materials: ['pet', 'carton'],
    },
    { name: 'Punto cerrado', lat: metresNorth(3).lat, lng: ECA.lng, materials: ['pet'] },
    { name: 'ECA lejana', lat: metresNorth(400).lat, lng: ECA.lng, materials: ['pet'] },
  ]);
  eca = ecaId!;
  await t.app.db.updateTable('points').set({ active: 0 }).where('id', '=', closedId!).execute();
  manager = await createActor(t.app, { tc_id: 1, name: 'Gestora La 70' });
  otherManager = await createActor(t.app, { tc_id: 1, name: 'Gestor lejano' });
  await assignManagers(t.app.db, [
    { pointId: eca, userId: manager.id },
    { pointId: closedId!, userId: otherManager.id },
    { pointId: farId!, userId: otherManager.id },
  ]);
  neighbour = await createActor(t.app, { name: 'Vecina Laureles' });
  staff = await createActor(t.app, { is_admin: true, name: 'Admin PuntoVerde' });
});
afterAll(async () => t.close());

async function inboxOf(who: Actor): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: HANDLING_URL, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { items: HandlerReport[] } }>().data.items.map((r) => r.number);
}

async function match(at: { lat: number; lng: number }): Promise<ReportPointMatch | null> {
  const res = await t.app.inject({ method: 'GET', url: `${REPORT_POINT_MATCH_PATH}?lat=${at.lat}&lng=${at.lng}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ReportPointMatch | null }>().data;
}

async function setRadius(metres: number) {
  const res = await t.app.inject({
    method: 'PUT',
    url: REPORT_SETTINGS_PATH,
    headers: staff.headers,
    payload: { point_match_radius_m: metres },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a report filed near a point without naming it', () => {
  it('goes to the nearest active point 5 m away, and its manager sees it in the inbox', async () => {
    const r = await mustFile(t.app, neighbour, { category: 'contenedor_danado', ...metresNorth(5) });
    expect(r.point).toEqual({ id: eca, name: 'ECA Laureles La 70' });
    expect(await inboxOf(manager)).toContain(r.number);
    expect(await inboxOf(otherManager)).not.toContain(r.number);
    const notes = await t.app.inject({ method: 'GET', url: '/back/api/v1/notifications', headers: manager.headers });
    expect(notes.body).toContain(r.number);
  });

  it('shows the reporter, before sending, the point it will go to', async () => {
    expect(await match(metresNorth(5))).toEqual({
      id: eca,
      name: 'ECA Laureles La 70',
      address: 'Carrera 70 # 44-12',
      distance_m: 5,
    });
  });

  it('stays with staff when no active point is within 150 m', async () => {
    expect(await match(metresNorth(200))).toBeNull();
    const r = await mustFile(t.app, neighbour, { category: 'punto_critico', ...metresNorth(200) });
    expect(r.point).toBeNull();
    expect(await inboxOf(manager)).not.toContain(r.number);
    expect(await inboxOf(staff)).toContain(r.number);
  });

  it('shows the place as an address, not as coordinates', async () => {
    const r = await mustFile(t.app, neighbour, { category: 'otro', ...metresNorth(5) });
    expect(r.address).toMatch(/^(Calle|Carrera) \d+\w? # \d+\w?-\d+, .*Medellín$/);
    const page = await t.app.inject({ method: 'GET', url: `/back/api/v1/reports/${r.number}` });
    expect(page.json<{ data: { address: string } }>().data.address).toBe(r.address);
  });
});

describe('the distance staff set', () => {
  it('is 150 m until staff change it, and changing it is audited', async () => {
    const read = await t.app.inject({ method: 'GET', url: REPORT_SETTINGS_PATH, headers: staff.headers });
    expect(read.json()).toEqual({ data: { point_match_radius_m: 150 } });
    expect(await match(metresNorth(-300))).toBeNull();
    await setRadius(500);
    expect((await match(metresNorth(-300)))?.name).toBe('ECA Laureles La 70');
    expect((await match(metresNorth(300)))?.name).toBe('ECA lejana');
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'setting')
      .where('entity_id', '=', 'reports')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(staff.id);
    await setRadius(0);
    const off = await mustFile(t.app, neighbour, { category: 'otro', ...metresNorth(5) });
    expect(off.point).toBeNull();
    await setRadius(150);
  });

  it('is for staff only', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: REPORT_SETTINGS_PATH, headers: manager.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: REPORT_SETTINGS_PATH })).statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: REPORT_SETTINGS_PATH,
      headers: neighbour.headers,
      payload: { point_match_radius_m: 5 },
    });
    expect(put.statusCode).toBe(403);
  });

  it('refuses a distance that is not whole metres up to 1.000 with a Spanish message', async () => {
    for (const bad of [-1, 1001, 12.5, '150']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: REPORT_SETTINGS_PATH,
        headers: staff.headers,
        payload: { point_match_radius_m: bad },
      });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields.point_match_radius_m).toMatch(/distancia|metros/);
    }
  });

  it('refuses coordinates outside Colombia for the match', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${REPORT_POINT_MATCH_PATH}?lat=40.4&lng=-3.7` });
    expect(res.statusCode).toBe(400);
  });
});
