import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { type BearerUser, createBearerUser } from '../../../test/factories/users.js';

function pointInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Punto limpio Estadio',
    kind: 'punto-limpio',
    address: 'Carrera 70 # 48-20',
    city: 'Medellín',
    lat: 6.2566,
    lng: -75.5906,
    opening_hours: 'Mo-Fr 08:00-17:00; Sa 08:00-12:00',
    phone: '6045550000',
    operator: 'EPM (demo)',
    materials: ['pet', 'vidrio'],
    active: true,
    ...overrides,
  };
}

describe('points back office', () => {
  let t: TestApp;
  let admin: BearerUser;
  let manager: BearerUser;
  let household: BearerUser;
  const P = '/back/api/v1/admin/points';

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createBearerUser(t.app.db, t.config.tokenSecret, { is_admin: true });
    manager = await createBearerUser(t.app.db, t.config.tokenSecret, { tc_id: 1, name: 'Gestor Uno' });
    household = await createBearerUser(t.app.db, t.config.tokenSecret, { tc_id: 2 });
  });
  afterAll(() => t.close());

  it('creates a point that the public map and point page then show', async () => {
    const res = await t.app.inject({ method: 'POST', url: P, headers: admin.headers, payload: pointInput() });
    expect(res.statusCode, res.body).toBe(201);
    const point = res.json().data;
    expect(point).toMatchObject({ name: 'Punto limpio Estadio', materials: ['pet', 'vidrio'], active: true, source: 'manual', containers_count: 0 });
    const publicPage = await t.app.inject({ method: 'GET', url: `/back/api/v1/points/${point.id}` });
    expect(publicPage.statusCode).toBe(200);
    expect(publicPage.json().data.name).toBe('Punto limpio Estadio');
  });

  it('rejects invalid opening hours and unknown materials with field errors', async () => {
    const hours = await t.app.inject({ method: 'POST', url: P, headers: admin.headers, payload: pointInput({ opening_hours: 'todos los días' }) });
    expect(hours.statusCode).toBe(400);
    expect(hours.json().fields).toHaveProperty('opening_hours');
    const material = await t.app.inject({ method: 'POST', url: P, headers: admin.headers, payload: pointInput({ materials: ['uranio'] }) });
    expect(material.statusCode).toBe(400);
    expect(material.json().fields).toHaveProperty('materials');
  });

  it('edits and deactivates a point, recording a deactivate entry', async () => {
    const point = (await t.app.inject({ method: 'POST', url: P, headers: admin.headers, payload: pointInput({ name: 'Punto a cerrar' }) })).json().data;
    const res = await t.app.inject({ method: 'PUT', url: `${P}/${point.id}`, headers: admin.headers, payload: pointInput({ name: 'Punto cerrado', active: false, materials: ['pilas'] }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Punto cerrado', active: false, materials: ['pilas'] });
    const audit = (await t.app.inject({ method: 'GET', url: `/back/api/v1/admin/audit?entity=point&entity_id=${point.id}`, headers: admin.headers })).json().data;
    expect(audit.items[0]).toMatchObject({ action: 'deactivate', before: { name: 'Punto a cerrar', active: true } });
    const list = (await t.app.inject({ method: 'GET', url: `${P}?active=false`, headers: admin.headers })).json().data;
    expect(list.items.map((p: { id: number }) => p.id)).toContain(point.id);
    const search = (await t.app.inject({ method: 'GET', url: `${P}?q=cerrado`, headers: admin.headers })).json().data;
    expect(search.items.map((p: { id: number }) => p.id)).toEqual([point.id]);
  });

  it('assigns point managers, refusing users who are not of type 1', async () => {
    const point = (await t.app.inject({ method: 'POST', url: P, headers: admin.headers, payload: pointInput({ name: 'Punto con gestor' }) })).json().data;
    const bad = await t.app.inject({ method: 'PUT', url: `${P}/${point.id}/managers`, headers: admin.headers, payload: { user_ids: [household.id] } });
    expect(bad.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'PUT', url: `${P}/${point.id}/managers`, headers: admin.headers, payload: { user_ids: [manager.id] } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.managers).toEqual([{ id: manager.id, name: 'Gestor Uno', email: manager.email }]);
    // The manager now sees the point's containers in their own screen.
    const mine = await t.app.inject({ method: 'GET', url: `/back/api/v1/points/${point.id}/containers`, headers: manager.headers });
    expect(mine.statusCode).toBe(200);
  });

  it('adds, edits and removes containers of a point', async () => {
    const point = (await t.app.inject({ method: 'POST', url: P, headers: admin.headers, payload: pointInput({ name: 'Punto con contenedores' }) })).json().data;
    const add = await t.app.inject({ method: 'POST', url: `${P}/${point.id}/containers`, headers: admin.headers, payload: { material: 'pet', capacity_l: 1100 } });
    expect(add.statusCode, add.body).toBe(201);
    const container = add.json().data;
    expect(container).toMatchObject({ material: 'pet', capacity_l: 1100, status: 'en-servicio', fill_level: 0 });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `${P}/${point.id}/containers/${container.id}`,
      headers: admin.headers,
      payload: { material: 'vidrio', capacity_l: 660, status: 'en-mantenimiento', fill_level: 40 },
    });
    expect(edit.json().data).toMatchObject({ material: 'vidrio', capacity_l: 660, status: 'en-mantenimiento', fill_level: 40 });
    const wrongPoint = await t.app.inject({ method: 'DELETE', url: `${P}/999999/containers/${container.id}`, headers: admin.headers });
    expect(wrongPoint.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `${P}/${point.id}/containers/${container.id}`, headers: admin.headers });
    expect(del.statusCode).toBe(204);
    const list = await t.app.inject({ method: 'GET', url: `${P}/${point.id}/containers`, headers: admin.headers });
    expect(list.json().data).toEqual([]);
  });
});
