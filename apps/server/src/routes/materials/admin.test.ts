import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { type BearerUser, createBearerUser } from '../../../test/factories/users.js';

type PublicMaterial = { code: string; name_es: string; name_en: string; parent_code: string | null };

function materialInput(overrides: Record<string, unknown> = {}) {
  return {
    code: 'tapas-plasticas',
    name_es: 'Tapas plásticas',
    name_en: 'Plastic caps',
    parent_code: 'plasticos',
    bin_color: 'blanco',
    osm_keys: ['recycling:plastic_caps'],
    keywords: 'tapas tapitas',
    active: true,
    ...overrides,
  };
}

function pointInput(materials: string[], name = 'Punto de tapas') {
  return {
    name,
    kind: 'punto-limpio',
    address: 'Carrera 70 # 48-20',
    city: 'Medellín',
    lat: 6.2566,
    lng: -75.5906,
    opening_hours: null,
    phone: null,
    operator: null,
    materials,
    active: true,
  };
}

describe('materials back office', () => {
  let t: TestApp;
  let admin: BearerUser;
  let household: BearerUser;
  const P = '/back/api/v1/admin/materials';

  async function publicMaterials(): Promise<PublicMaterial[]> {
    const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/materials' });
    expect(res.statusCode).toBe(200);
    return res.json().data as PublicMaterial[];
  }

  async function auditOf(entityId: number) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/back/api/v1/admin/audit?entity=material&entity_id=${entityId}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.items as { action: string; actor: { id: number } | null; before: unknown; after: unknown }[];
  }

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createBearerUser(t.app.db, t.config.tokenSecret, { is_admin: true });
    household = await createBearerUser(t.app.db, t.config.tokenSecret, { tc_id: 2 });
  });
  afterAll(() => t.close());

  it('lists the whole catalogue and searches it without accents', async () => {
    const all = await t.app.inject({ method: 'GET', url: `${P}?page_size=100`, headers: admin.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.total).toBeGreaterThanOrEqual(29);
    const found = await t.app.inject({ method: 'GET', url: `${P}?q=carton`, headers: admin.headers });
    const codes = found.json().data.items.map((m: { code: string }) => m.code);
    expect(codes).toContain('carton');
    expect(codes).toContain('papel-carton');
    expect(codes).not.toContain('vidrio');
  });

  it('creates a material that the public catalogue lists at once, audited', async () => {
    await publicMaterials(); // the catalogue is now cached
    const res = await t.app.inject({ method: 'POST', url: P, headers: admin.headers, payload: materialInput() });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ code: 'tapas-plasticas', parent_code: 'plasticos', active: true, points_count: 0 });
    expect((await publicMaterials()).find((m) => m.code === 'tapas-plasticas')?.name_es).toBe('Tapas plásticas');
    const audit = await auditOf(created.id);
    expect(audit[0]).toMatchObject({ action: 'create', actor: { id: admin.id } });
  });

  it('answers 409 on a duplicate code and 400 with Spanish field errors on bad input', async () => {
    const dup = await t.app.inject({ method: 'POST', url: P, headers: admin.headers, payload: materialInput({ code: 'vidrio', osm_keys: [] }) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'material-code-taken', fields: { code: expect.any(String) } });
    const bad = await t.app.inject({
      method: 'POST',
      url: P,
      headers: admin.headers,
      payload: materialInput({ code: 'Tapas Raras', name_es: '', bin_color: 'azul', osm_keys: ['glass'] }),
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().fields as Record<string, string>;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['code', 'name_es', 'bin_color', 'osm_keys.0']));
    expect(fields['bin_color']).toMatch(/caneca/);
    const osm = await t.app.inject({ method: 'POST', url: P, headers: admin.headers, payload: materialInput({ code: 'botellas', osm_keys: ['recycling:glass'] }) });
    expect(osm.statusCode).toBe(409);
    expect(osm.json().code).toBe('material-osm-key-taken');
    const parent = await t.app.inject({ method: 'POST', url: P, headers: admin.headers, payload: materialInput({ code: 'sub-pet', parent_code: 'pet', osm_keys: [] }) });
    expect(parent.statusCode).toBe(400);
    expect(parent.json().fields).toHaveProperty('parent_code');
  });

  it('renames a material: the public catalogue and point search follow at once', async () => {
    await t.app.inject({ method: 'POST', url: '/back/api/v1/admin/points', headers: admin.headers, payload: pointInput(['tapas-plasticas']) });
    const before = (await t.app.inject({ method: 'GET', url: `${P}/tapas-plasticas`, headers: admin.headers })).json().data;
    expect(before.points_count).toBe(1);
    expect((await publicMaterials()).find((m) => m.code === 'tapas-plasticas')?.name_es).toBe('Tapas plásticas');
    const res = await t.app.inject({
      method: 'PUT',
      url: `${P}/tapas-plasticas`,
      headers: admin.headers,
      payload: materialInput({ name_es: 'Tapitas de colores', name_en: 'Coloured caps', keywords: 'tapitas' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ code: 'tapas-plasticas', name_es: 'Tapitas de colores' });
    expect((await publicMaterials()).find((m) => m.code === 'tapas-plasticas')).toMatchObject({
      name_es: 'Tapitas de colores',
      name_en: 'Coloured caps',
    });
    // The point's search text carries the new name.
    const row = await t.app.db.selectFrom('points').select('search_text').where('name', '=', 'Punto de tapas').executeTakeFirstOrThrow();
    expect(row.search_text).toContain('colores');
    const audit = await auditOf(before.id);
    expect(audit[0]).toMatchObject({ action: 'update', before: { name_es: 'Tapas plásticas' }, after: { name_es: 'Tapitas de colores' } });
  });

  it('keeps codes immutable: a code in the body of an edit is ignored', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${P}/tapas-plasticas`,
      headers: admin.headers,
      payload: materialInput({ code: 'otro-codigo', name_es: 'Tapitas de colores' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.code).toBe('tapas-plasticas');
    expect((await t.app.inject({ method: 'GET', url: `${P}/otro-codigo`, headers: admin.headers })).statusCode).toBe(404);
  });

  it('gives points accepting a whole group the bit of a new member', async () => {
    await t.app.inject({ method: 'POST', url: '/back/api/v1/admin/points', headers: admin.headers, payload: pointInput(['metales'], 'Punto de metales') });
    const created = await t.app.inject({
      method: 'POST',
      url: P,
      headers: admin.headers,
      payload: materialInput({ code: 'bronce', name_es: 'Bronce', name_en: 'Bronze', parent_code: 'metales', osm_keys: [], keywords: '' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const filtered = await t.app.inject({ method: 'GET', url: '/back/api/v1/points/near?lat=6.2566&lng=-75.5906&materials=bronce' });
    expect(filtered.statusCode, filtered.body).toBe(200);
    const names = (filtered.json().data as { name: string }[]).map((p) => p.name);
    expect(names).toContain('Punto de metales');
  });

  it('deactivates a material (hidden from the public catalogue) and reactivates it, audited', async () => {
    const id = (await t.app.inject({ method: 'GET', url: `${P}/bronce`, headers: admin.headers })).json().data.id as number;
    const off = await t.app.inject({ method: 'PATCH', url: `${P}/bronce`, headers: admin.headers, payload: { active: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.active).toBe(false);
    expect((await publicMaterials()).map((m) => m.code)).not.toContain('bronce');
    const inactive = await t.app.inject({ method: 'GET', url: `${P}?active=false`, headers: admin.headers });
    expect(inactive.json().data.items.map((m: { code: string }) => m.code)).toEqual(['bronce']);
    const on = await t.app.inject({ method: 'PATCH', url: `${P}/bronce`, headers: admin.headers, payload: { active: true } });
    expect(on.json().data.active).toBe(true);
    expect((await publicMaterials()).map((m) => m.code)).toContain('bronce');
    expect((await auditOf(id)).map((a) => a.action).slice(0, 2)).toEqual(['activate', 'deactivate']);
  });

  it('refuses to deactivate a group with active members', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `${P}/metales`, headers: admin.headers, payload: { active: false } });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty('active');
    expect((await publicMaterials()).map((m) => m.code)).toContain('metales');
  });

  it('answers 404 for an unknown material', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `${P}/uranio`, headers: admin.headers, payload: materialInput({ osm_keys: [] }) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('material-not-found');
  });

  it('answers 401 to anonymous callers and 403 to non-admins, changing nothing', async () => {
    const payload = materialInput({ code: 'intruso', osm_keys: [] });
    const ops = [
      { method: 'GET' as const, url: P },
      { method: 'POST' as const, url: P, payload },
      { method: 'PUT' as const, url: `${P}/vidrio`, payload },
      { method: 'PATCH' as const, url: `${P}/vidrio`, payload: { active: false } },
    ];
    for (const op of ops) {
      expect((await t.app.inject(op)).statusCode, `${op.method} ${op.url}`).toBe(401);
      expect((await t.app.inject({ ...op, headers: household.headers })).statusCode, `${op.method} ${op.url}`).toBe(403);
    }
    const codes = (await publicMaterials()).map((m) => m.code);
    expect(codes).toContain('vidrio');
    expect(codes).not.toContain('intruso');
  });
});
