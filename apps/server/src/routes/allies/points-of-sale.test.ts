import type { AllyPointOfSale, RewardOffer } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignAllyStaff } from '../../features/rewards/rewards.service.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { createAlly } from '../../../test/factories/allies.js';
import { type Actor, type BearerUser, createActor, createBearerUser } from '../../../test/factories/users.js';

const ADMIN = '/back/api/v1/admin/allies';
const MINE = '/back/api/v1/allies/mine/points-of-sale';

function pointInput(overrides: Record<string, unknown> = {}) {
  return { name: 'Sede Laureles', address: 'Circular 1 # 70-20', city: 'Medellín', lat: 6.245, lng: -75.59, ...overrides };
}

function day(offsetDays: number): string {
  return new Date(Date.now() - 5 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

describe("allies' points of sale", () => {
  let t: TestApp;
  let admin: BearerUser;
  let cashier: Actor;
  let household: Actor;
  let allyId: number;
  let otherAllyId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createBearerUser(t.app.db, t.config.tokenSecret, { is_admin: true });
    allyId = await createAlly(t.app.db, 'Tienda Verde');
    otherAllyId = await createAlly(t.app.db, 'Café del Parque');
    cashier = await createActor(t.app, { name: 'Cajera Tienda Verde' });
    household = await createActor(t.app);
    await assignAllyStaff(t.app.db, cashier.email, allyId, null);
  }, 60_000);
  afterAll(() => t?.close());

  it('staff add, edit and delete an ally’s points of sale, with audit entries, and the public sees them', async () => {
    const created = await t.app.inject({ method: 'POST', url: `${ADMIN}/${otherAllyId}/points-of-sale`, headers: admin.headers, payload: pointInput() });
    expect(created.statusCode, created.body).toBe(201);
    const point = created.json<{ data: AllyPointOfSale }>().data;
    expect(point).toMatchObject({ ally_id: otherAllyId, name: 'Sede Laureles', lat: 6.245 });

    const edited = await t.app.inject({
      method: 'PUT',
      url: `${ADMIN}/${otherAllyId}/points-of-sale/${point.id}`,
      headers: admin.headers,
      payload: pointInput({ name: 'Sede Laureles (2.º piso)' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const pub = await t.app.inject({ method: 'GET', url: `/back/api/v1/allies/${otherAllyId}/points-of-sale` });
    expect(pub.json<{ data: AllyPointOfSale[] }>().data.map((p) => p.name)).toEqual(['Sede Laureles (2.º piso)']);

    const gone = await t.app.inject({ method: 'DELETE', url: `${ADMIN}/${otherAllyId}/points-of-sale/${point.id}`, headers: admin.headers });
    expect(gone.statusCode).toBe(204);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/back/api/v1/admin/audit?entity=ally_point_of_sale&entity_id=${point.id}`,
      headers: admin.headers,
    });
    expect(audit.json().data.items.map((i: { action: string }) => i.action)).toEqual(['delete', 'update', 'create']);
  });

  it('rejects a point of sale without a name, address or position with Spanish messages per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/${allyId}/points-of-sale`,
      headers: admin.headers,
      payload: { name: 'X', address: 'c', lat: 95, lng: 'oeste' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ fields: Record<string, string> }>().fields;
    expect(fields).toMatchObject({
      name: 'El nombre del punto de venta debe tener al menos 2 caracteres.',
      address: 'La dirección debe tener al menos 5 caracteres.',
      lat: 'La latitud va de -90 a 90.',
      lng: 'Indica la longitud del punto de venta.',
    });
  });

  it('answers 404 for an unknown ally or a point of another ally', async () => {
    const missing = await t.app.inject({ method: 'POST', url: `${ADMIN}/999999/points-of-sale`, headers: admin.headers, payload: pointInput() });
    expect(missing.statusCode).toBe(404);
    const other = (
      await t.app.inject({ method: 'POST', url: `${ADMIN}/${otherAllyId}/points-of-sale`, headers: admin.headers, payload: pointInput() })
    ).json<{ data: AllyPointOfSale }>().data;
    const crossed = await t.app.inject({
      method: 'PUT',
      url: `${ADMIN}/${allyId}/points-of-sale/${other.id}`,
      headers: admin.headers,
      payload: pointInput(),
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('the ally’s own staff keep their points of sale, and never another ally’s', async () => {
    const created = await t.app.inject({ method: 'POST', url: MINE, headers: cashier.headers, payload: pointInput({ name: 'Tienda Verde Centro' }) });
    expect(created.statusCode, created.body).toBe(201);
    const point = created.json<{ data: AllyPointOfSale }>().data;
    expect(point.ally_id).toBe(allyId);
    const list = await t.app.inject({ method: 'GET', url: MINE, headers: cashier.headers });
    expect(list.json<{ data: AllyPointOfSale[] }>().data.map((p) => p.name)).toEqual(['Tienda Verde Centro']);

    const other = (
      await t.app.inject({ method: 'GET', url: `${ADMIN}/${otherAllyId}/points-of-sale`, headers: admin.headers })
    ).json<{ data: AllyPointOfSale[] }>().data[0]!;
    const foreign = await t.app.inject({ method: 'DELETE', url: `${MINE}/${other.id}`, headers: cashier.headers });
    expect(foreign.statusCode).toBe(404);
    const edited = await t.app.inject({ method: 'PUT', url: `${MINE}/${point.id}`, headers: cashier.headers, payload: pointInput({ name: 'Tienda Verde Centro 2' }) });
    expect(edited.statusCode).toBe(200);
  });

  it('refuses people who are not the ally’s staff before reading the body', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: MINE, payload: { name: 1 } });
    expect(anonymous.statusCode).toBe(401);
    const person = await t.app.inject({ method: 'POST', url: MINE, headers: household.headers, payload: { name: 1 } });
    expect(person.statusCode).toBe(403);
    expect(person.json<{ code: string }>().code).toBe('ally-staff-only');
    const notStaff = await t.app.inject({ method: 'POST', url: `${ADMIN}/${allyId}/points-of-sale`, headers: cashier.headers, payload: { name: 1 } });
    expect(notStaff.statusCode).toBe(403);
  });

  it('each offer carries where to use it: the ally’s points of sale, or its own address when it lists none', async () => {
    await t.app.db.updateTable('allies').set({ address: 'Calle 33 # 65-10', lat: 6.24, lng: -75.58 }).where('id', '=', otherAllyId).execute();
    await t.app.db.deleteFrom('ally_points_of_sale').where('ally_id', '=', otherAllyId).execute();
    for (const ally of [allyId, otherAllyId]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/back/api/v1/admin/rewards/offers',
        headers: admin.headers,
        payload: {
          ally_id: ally,
          title: `Bono del aliado ${ally}`,
          terms: 'Válido en las tiendas del aliado.',
          cost_points: 10,
          stock: 5,
          valid_from: day(-1),
          valid_to: day(30),
          per_person_limit: 1,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/rewards/offers', headers: household.headers });
    expect(res.statusCode).toBe(200);
    const offers = res.json<{ data: RewardOffer[] }>().data;
    const mine = offers.find((o) => o.ally_id === allyId)!;
    expect(mine.where).toEqual([
      { name: 'Tienda Verde Centro 2', address: 'Circular 1 # 70-20', city: 'Medellín', lat: 6.245, lng: -75.59 },
    ]);
    const bare = offers.find((o) => o.ally_id === otherAllyId)!;
    expect(bare.where).toEqual([
      { name: 'Café del Parque', address: 'Calle 33 # 65-10', city: 'Medellín', lat: 6.24, lng: -75.58 },
    ]);
  });
});
