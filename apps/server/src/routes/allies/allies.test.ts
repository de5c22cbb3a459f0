import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { type BearerUser, createBearerUser } from '../../../test/factories/users.js';

function allyInput(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'aliado',
    name: 'Supermercado La Canasta',
    category: 'comercio',
    description: 'Cadena de supermercados que recibe envases posconsumo.',
    benefits: '5 % de descuento al entregar envases limpios.',
    website: 'https://lacanasta.example.co',
    email: 'Contacto@LaCanasta.example.co',
    phone: '6044445566',
    address: 'Carrera 70 # 44-10',
    city: 'Medellín',
    lat: 6.25,
    lng: -75.59,
    published: true,
    ...overrides,
  };
}

describe('allies and adhered members', () => {
  let t: TestApp;
  let admin: BearerUser;
  const post = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/back/api/v1/admin/allies', headers: admin.headers, payload });
  const list = async (query = '') =>
    (await t.app.inject({ method: 'GET', url: `/back/api/v1/allies${query}` })).json().data as {
      items: { id: number; name: string; kind: string }[];
      total: number;
    };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createBearerUser(t.app.db, t.config.tokenSecret, { is_admin: true });
  });
  afterAll(() => t.close());

  it('creates an ally, lower-casing its e-mail, and shows it publicly', async () => {
    const res = await post(allyInput());
    expect(res.statusCode).toBe(201);
    const ally = res.json().data;
    expect(ally).toMatchObject({ kind: 'aliado', email: 'contacto@lacanasta.example.co', logo_url: null });
    const one = await t.app.inject({ method: 'GET', url: `/back/api/v1/allies/${ally.id}` });
    expect(one.json().data.name).toBe('Supermercado La Canasta');
  });

  it('filters by kind, category and text', async () => {
    await post(allyInput({ kind: 'adherido', name: 'Colegio San José', category: 'educacion', description: 'Institución educativa con punto de acopio.' }));
    await post(allyInput({ kind: 'adherido', name: 'Fundación Río Limpio', category: 'organizacion-social', description: 'Limpiezas de quebradas con voluntarios.' }));
    expect((await list('?kind=adherido')).items.map((a) => a.name)).toEqual(['Colegio San José', 'Fundación Río Limpio']);
    expect((await list('?kind=aliado')).items.every((a) => a.kind === 'aliado')).toBe(true);
    expect((await list('?category=educacion')).items.map((a) => a.name)).toEqual(['Colegio San José']);
    expect((await list('?q=quebradas')).items.map((a) => a.name)).toEqual(['Fundación Río Limpio']);
    expect((await list('?kind=aliado&category=educacion')).total).toBe(0);
  });

  it('rejects an unknown kind or category in the filter with 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/back/api/v1/allies?kind=socio' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/back/api/v1/allies?category=bancos' })).statusCode).toBe(400);
  });

  it('validates the form: name, website scheme, e-mail, coordinates together', async () => {
    const res = await post(allyInput({ name: 'X', website: 'javascript:alert(1)', email: 'no-es-correo', lat: 6.2, lng: null }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(['name', 'website', 'email']));
    const coords = await post(allyInput({ lat: 6.2, lng: null }));
    expect(coords.statusCode).toBe(400);
    expect(coords.json().fields).toHaveProperty('lng');
  });

  it('hides unpublished allies from the public but not from admins', async () => {
    const hidden = (await post(allyInput({ name: 'Aliado en revisión', published: false }))).json().data;
    expect((await list('?page_size=100')).items.map((a) => a.id)).not.toContain(hidden.id);
    expect((await t.app.inject({ method: 'GET', url: `/back/api/v1/allies/${hidden.id}` })).statusCode).toBe(404);
    const adminOne = await t.app.inject({ method: 'GET', url: `/back/api/v1/admin/allies/${hidden.id}`, headers: admin.headers });
    expect(adminOne.statusCode).toBe(200);
  });

  it('updates and deletes an ally with audit entries', async () => {
    const ally = (await post(allyInput({ name: 'Ferretería El Tornillo' }))).json().data;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/back/api/v1/admin/allies/${ally.id}`,
      headers: admin.headers,
      payload: allyInput({ name: 'Ferretería El Tornillo Feliz', kind: 'adherido' }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ name: 'Ferretería El Tornillo Feliz', kind: 'adherido' });
    const del = await t.app.inject({ method: 'DELETE', url: `/back/api/v1/admin/allies/${ally.id}`, headers: admin.headers });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/back/api/v1/admin/allies/${ally.id}`, headers: admin.headers })).statusCode).toBe(404);
    const audit = await t.app.inject({ method: 'GET', url: `/back/api/v1/admin/audit?entity=ally&entity_id=${ally.id}`, headers: admin.headers });
    expect(audit.json().data.items.map((i: { action: string }) => i.action)).toEqual(['delete', 'update', 'create']);
  });
});
