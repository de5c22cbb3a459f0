import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { addManager, insertContainer, pointIdsOfManager } from '../../features/points/points.repository.js';
import { getCatalogue } from '../../features/materials/materials.service.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { createPoints } from '../../../test/factories/points.js';
import { createUser, loginAs } from '../../../test/factories/users.js';

// Around Medellín: El Poblado (6.21,-75.57), Laureles (6.245,-75.59), Bello (6.33,-75.56), and Bogotá far away.
const MEDELLIN_BBOX = '-75.70,6.10,-75.45,6.40';

describe('waste points API', () => {
  let t: TestApp;
  let ids: number[];
  let poblado: number, laureles: number, bello: number, centro: number, bogota: number, closedAtNight: number;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await createPoints(t.app.db, [
      { name: 'Punto limpio El Poblado', lat: 6.2087, lng: -75.5678, materials: ['pilas', 'vidrio'], opening_hours: '24/7' },
      { name: 'ECA Laureles', kind: 'eca', lat: 6.2447, lng: -75.5936, materials: ['plasticos', 'papel-carton'], opening_hours: 'Mo-Fr 08:00-17:00; Sa 08:00-12:00; PH off' },
      { name: 'Centro de acopio Bello', kind: 'centro-acopio', lat: 6.3373, lng: -75.5579, materials: ['pet', 'aluminio'] },
      { name: 'Contenedor Parque Berrío', kind: 'contenedor-publico', address: 'Carrera 50 # 50-20', lat: 6.2518, lng: -75.5685, materials: ['pet'] },
      { name: 'Punto posconsumo Bogotá', kind: 'punto-posconsumo', city: 'Bogotá', lat: 4.6533, lng: -74.0836, materials: ['pilas', 'raee'] },
      { name: 'ECA nocturna', kind: 'eca', lat: 6.23, lng: -75.58, materials: ['vidrio'], opening_hours: 'Mo-Su 20:00-23:00' },
    ]);
    [poblado, laureles, bello, centro, bogota, closedAtNight] = ids as [number, number, number, number, number, number];
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  describe('GET /v1/materials', () => {
    it('lists the catalogue with Resolución 2184 bin colours and OSM keys', async () => {
      const res = await get('/back/api/v1/materials');
      expect(res.statusCode).toBe(200);
      const materials = res.json().data as { code: string; bin_color: string | null; osm_keys: string[]; parent_code: string | null }[];
      const byCode = new Map(materials.map((m) => [m.code, m]));
      expect(byCode.get('organicos')?.bin_color).toBe('verde');
      expect(byCode.get('no-aprovechables')?.bin_color).toBe('negro');
      expect(byCode.get('pet')).toMatchObject({ bin_color: 'blanco', parent_code: 'plasticos' });
      expect(byCode.get('pilas')?.osm_keys).toContain('recycling:batteries');
      expect(byCode.get('multicapa')?.osm_keys).toContain('recycling:beverage_cartons');
      for (const code of ['archivo', 'carton', 'plegadiza', 'periodico', 'pead', 'pvc', 'pebd', 'pp', 'ps', 'otros-plasticos', 'vidrio', 'chatarra', 'cobre', 'bombillas', 'raee', 'llantas', 'aceite-cocina', 'medicamentos', 'plaguicidas']) {
        expect(byCode.has(code), code).toBe(true);
      }
    });

    it('lets browsers keep it a minute, then revalidate it with its ETag', async () => {
      const first = await get('/back/api/v1/materials');
      expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=86400');
      const again = await get('/back/api/v1/materials', { 'if-none-match': first.headers.etag as string });
      expect(again.statusCode).toBe(304);
    });
  });

  describe('GET /v1/points', () => {
    it('returns only the points inside the bbox, in the compact shape', async () => {
      const res = await get(`/back/api/v1/points?bbox=${MEDELLIN_BBOX}`);
      expect(res.statusCode).toBe(200);
      const { points, truncated } = res.json().data;
      expect(truncated).toBe(false);
      expect(points.map((p: { id: number }) => p.id).sort()).toEqual([poblado, laureles, bello, centro, closedAtNight].sort());
      const p = points.find((x: { id: number }) => x.id === poblado);
      expect(p).toEqual({ id: poblado, lat: 6.2087, lng: -75.5678, kind: 'punto-limpio', materials: ['vidrio', 'pilas'] });
    });

    it('narrows by material: any of the codes given', async () => {
      const res = await get(`/back/api/v1/points?bbox=-80,-5,-66,13&materials=pilas`);
      expect(res.json().data.points.map((p: { id: number }) => p.id).sort()).toEqual([poblado, bogota].sort());
      const two = await get(`/back/api/v1/points?bbox=${MEDELLIN_BBOX}&materials=pilas,aluminio`);
      expect(two.json().data.points.map((p: { id: number }) => p.id).sort()).toEqual([poblado, bello].sort());
    });

    it('matches a group and its members both ways (plásticos ↔ PET)', async () => {
      const group = await get(`/back/api/v1/points?bbox=${MEDELLIN_BBOX}&materials=plasticos`);
      // Laureles takes every plastic; Bello and Parque Berrío take PET, a plastic.
      expect(group.json().data.points.map((p: { id: number }) => p.id).sort()).toEqual([laureles, bello, centro].sort());
      const member = await get(`/back/api/v1/points?bbox=${MEDELLIN_BBOX}&materials=pead`);
      expect(member.json().data.points.map((p: { id: number }) => p.id)).toEqual([laureles]);
    });

    it('filters by kind', async () => {
      const res = await get(`/back/api/v1/points?bbox=${MEDELLIN_BBOX}&kind=eca,centro-acopio`);
      expect(res.json().data.points.map((p: { id: number }) => p.id).sort()).toEqual([laureles, bello, closedAtNight].sort());
    });

    it('answers "¿dónde reciclo pilas?" with the points that accept pilas', async () => {
      const q = encodeURIComponent('¿dónde reciclo pilas?');
      const res = await get(`/back/api/v1/points?bbox=-80,-5,-66,13&q=${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.points.map((p: { id: number }) => p.id).sort()).toEqual([poblado, bogota].sort());
    });

    it('searches by name and address without accents', async () => {
      const byName = await get(`/back/api/v1/points?bbox=${MEDELLIN_BBOX}&q=${encodeURIComponent('berrio')}`);
      expect(byName.json().data.points.map((p: { id: number }) => p.id)).toEqual([centro]);
      const byAddress = await get(`/back/api/v1/points?bbox=${MEDELLIN_BBOX}&q=${encodeURIComponent('carrera 50')}`);
      expect(byAddress.json().data.points.map((p: { id: number }) => p.id)).toEqual([centro]);
    });

    it('keeps only the points open at the given instant with open_now', async () => {
      // Tuesday 24 Nov 2026, 10:00 in Bogotá (15:00 UTC): Poblado 24/7 and Laureles open, the night ECA closed.
      const at = encodeURIComponent('2026-11-24T10:00:00-05:00');
      const res = await get(`/back/api/v1/points?bbox=${MEDELLIN_BBOX}&open_now=true&at=${at}`);
      expect(res.json().data.points.map((p: { id: number }) => p.id).sort()).toEqual([poblado, laureles].sort());
      const night = await get(`/back/api/v1/points?bbox=${MEDELLIN_BBOX}&open_now=true&at=${encodeURIComponent('2026-11-24T21:00:00-05:00')}`);
      expect(night.json().data.points.map((p: { id: number }) => p.id).sort()).toEqual([poblado, closedAtNight].sort());
    });

    it('rejects an unknown material with 400 naming materials', async () => {
      const res = await get(`/back/api/v1/points?bbox=${MEDELLIN_BBOX}&materials=pilas,kriptonita`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unknown-material', fields: { materials: expect.stringContaining('kriptonita') } });
    });

    it.each([
      ['-75.7,6.1,-75.4', 'three numbers'],
      ['-75.7,6.1,-75.4,abc', 'not a number'],
      ['-190,6.1,-75.4,6.4', 'longitude out of range'],
      ['-75.7,6.1,-75.4,95', 'latitude out of range'],
      ['-75.4,6.1,-75.7,6.4', 'min greater than max'],
    ])('rejects a bad bbox (%s: %s) with 400 naming bbox', async (bbox) => {
      const res = await get(`/back/api/v1/points?bbox=${bbox}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation-failed');
      expect(Object.keys(res.json().fields)).toEqual(['bbox']);
    });

    it('requires a bbox', async () => {
      const res = await get('/back/api/v1/points');
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('bbox');
    });

    it('sends an ETag and answers 304 when the client already has it', async () => {
      const first = await get(`/back/api/v1/points?bbox=${MEDELLIN_BBOX}`);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      expect(first.headers['cache-control']).toContain('max-age');
      const again = await get(`/back/api/v1/points?bbox=${MEDELLIN_BBOX}`, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });
  });

  describe('GET /v1/points/near', () => {
    it('lists the nearest points first with their distance', async () => {
      // From Parque Berrío: itself, the night ECA (~2.7 km), Laureles (~2.9 km), Poblado, Bello, Bogotá.
      const res = await get('/back/api/v1/points/near?lat=6.2518&lng=-75.5685&limit=6');
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { id: number; distance_m: number; name: string }[];
      expect(data.map((p) => p.id)).toEqual([centro, closedAtNight, laureles, poblado, bello, bogota]);
      expect(data[0]?.distance_m).toBe(0);
      for (let i = 1; i < data.length; i++) expect(data[i]!.distance_m).toBeGreaterThanOrEqual(data[i - 1]!.distance_m);
      expect(data[5]?.distance_m).toBeGreaterThan(200000);
    });

    it('respects the limit and the material filter', async () => {
      const res = await get('/back/api/v1/points/near?lat=6.2518&lng=-75.5685&limit=1&materials=pilas');
      expect(res.json().data.map((p: { id: number }) => p.id)).toEqual([poblado]);
    });

    it('rejects malformed coordinates with 400 naming the parameter', async () => {
      const bad = await get('/back/api/v1/points/near?lat=seis&lng=-75.5');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(['lat']);
      const out = await get('/back/api/v1/points/near?lat=6.2&lng=-190');
      expect(out.statusCode).toBe(400);
      expect(Object.keys(out.json().fields)).toEqual(['lng']);
    });
  });

  describe('GET /v1/points/clusters', () => {
    it('groups points at a low zoom and separates them when zoomed in', async () => {
      const far = await get(`/back/api/v1/points/clusters?bbox=-80,-5,-66,13&zoom=5`);
      expect(far.statusCode).toBe(200);
      const farData = far.json().data;
      expect(farData.total).toBe(6);
      const inClusters = farData.clusters.reduce((n: number, c: { count: number }) => n + c.count, 0);
      expect(inClusters + farData.points.length).toBe(6);
      expect(farData.clusters.length).toBeGreaterThan(0);
      const near = await get(`/back/api/v1/points/clusters?bbox=${MEDELLIN_BBOX}&zoom=17`);
      expect(near.json().data.clusters).toEqual([]);
      expect(near.json().data.points).toHaveLength(5);
    });

    it('applies the material filter to the clusters', async () => {
      const res = await get(`/back/api/v1/points/clusters?bbox=-80,-5,-66,13&zoom=17&materials=pilas`);
      expect(res.json().data.total).toBe(2);
    });

    it('rejects a zoom that is not a whole number', async () => {
      const res = await get(`/back/api/v1/points/clusters?bbox=${MEDELLIN_BBOX}&zoom=alto`);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['zoom']);
    });
  });

  describe('GET /v1/points/:id', () => {
    it('tells whether the point is open at a fixed instant and when that changes', async () => {
      // Tuesday 10:00 Bogotá: open until 17:00 Bogotá = 22:00 UTC.
      const res = await get(`/back/api/v1/points/${laureles}?at=${encodeURIComponent('2026-11-24T10:00:00-05:00')}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: laureles,
        name: 'ECA Laureles',
        kind: 'eca',
        open_now: true,
        next_change: '2026-11-24T22:00:00.000Z',
        opening_hours: 'Mo-Fr 08:00-17:00; Sa 08:00-12:00; PH off',
        materials: ['papel-carton', 'plasticos'],
        containers: [],
      });
      const evening = await get(`/back/api/v1/points/${laureles}?at=${encodeURIComponent('2026-11-24T18:30:00-05:00')}`);
      expect(evening.json().data.open_now).toBe(false);
    });

    it('closes on a Colombian public holiday given as PH', async () => {
      // Tuesday 8 December 2026 (Inmaculada Concepción), 10:00 Bogotá.
      const res = await get(`/back/api/v1/points/${laureles}?at=${encodeURIComponent('2026-12-08T10:00:00-05:00')}`);
      expect(res.json().data.open_now).toBe(false);
    });

    it('says open_now null when the point publishes no hours', async () => {
      const res = await get(`/back/api/v1/points/${bello}`);
      expect(res.json().data.open_now).toBeNull();
    });

    it('answers 404 for an unknown point and 400 for a malformed id', async () => {
      expect((await get('/back/api/v1/points/999999')).json()).toMatchObject({ code: 'point-not-found' });
      expect((await get('/back/api/v1/points/999999')).statusCode).toBe(404);
      const bad = await get('/back/api/v1/points/abc');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(['id']);
    });
  });

  describe('GET /v1/points.geojson', () => {
    it('exports every active point as a GeoJSON FeatureCollection', async () => {
      const res = await get('/back/api/v1/points.geojson');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/geo+json');
      const fc = res.json();
      expect(fc.type).toBe('FeatureCollection');
      expect(fc.features).toHaveLength(6);
      const f = fc.features.find((x: { id: number }) => x.id === bogota);
      expect(f.geometry).toEqual({ type: 'Point', coordinates: [-74.0836, 4.6533] });
      expect(f.properties).toMatchObject({ name: 'Punto posconsumo Bogotá', kind: 'punto-posconsumo', materials: ['pilas', 'raee'] });
    });
  });

  describe('containers (point managers)', () => {
    let manager: { id: number; token: string };
    let otherManager: { id: number; token: string };
    let household: { id: number; token: string };
    let admin: { id: number; token: string };
    let containerId: number;
    let otherContainerId: number;

    beforeAll(async () => {
      const db = t.app.db;
      const as = async (attrs: Parameters<typeof createUser>[1]) => {
        const user = await createUser(t.app, attrs);
        const { authorization } = await loginAs(t.app, user);
        return { id: user.id, token: authorization.replace(/^Bearer /, '') };
      };
      manager = await as({ tc_id: 1, name: 'Gestora Poblado' });
      otherManager = await as({ tc_id: 1 });
      household = await as({ tc_id: 2 });
      admin = await as({ tc_id: 2, is_admin: true });
      await addManager(db, poblado, manager.id);
      await addManager(db, bello, otherManager.id);
      const catalogue = await getCatalogue(db);
      containerId = await insertContainer(db, {
        point_id: poblado,
        material_id: catalogue.byCode.get('vidrio')!.id,
        capacity_l: 1100,
        fill_level: 20,
        status: 'en-servicio',
        last_emptied_at: null,
      });
      otherContainerId = await insertContainer(db, {
        point_id: bello,
        material_id: catalogue.byCode.get('pet')!.id,
        capacity_l: 660,
        fill_level: 50,
        status: 'en-servicio',
        last_emptied_at: null,
      });
    });

    const auth = (token: string) => ({ authorization: `Bearer ${token}` });

    it('gives the ids of the points a manager runs', async () => {
      expect(await pointIdsOfManager(t.app.db, manager.id)).toEqual([poblado]);
      expect(await pointIdsOfManager(t.app.db, household.id)).toEqual([]);
    });

    it('adds point_ids to GET /v1/me for a point manager only', async () => {
      const me = await get('/back/api/v1/me', auth(manager.token));
      expect(me.statusCode).toBe(200);
      expect(me.json().data.point_ids).toEqual([poblado]);
      const home = await get('/back/api/v1/me', auth(household.token));
      expect(home.json().data).not.toHaveProperty('point_ids');
    });

    it('lists the manager\u2019s points with their containers', async () => {
      const res = await get('/back/api/v1/points/mine', auth(manager.token));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        expect.objectContaining({ id: poblado, containers: [expect.objectContaining({ id: containerId, material: 'vidrio', fill_level: 20 })] }),
      ]);
    });

    it('refuses container work without a session (401) and to a household user (403)', async () => {
      const url = `/back/api/v1/points/${poblado}/containers/${containerId}`;
      const anon = await t.app.inject({ method: 'PATCH', url, payload: { fill_level: 80 } });
      expect(anon.statusCode).toBe(401);
      const home = await t.app.inject({ method: 'PATCH', url, payload: { fill_level: 80 }, headers: auth(household.token) });
      expect(home.statusCode).toBe(404);
      expect(home.json().code).toBe('point-not-found');
    });

    it('answers a manager who does not run that point as if it did not exist (404)', async () => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/back/api/v1/points/${poblado}/containers/${containerId}`,
        payload: { fill_level: 80 },
        headers: auth(otherManager.token),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('point-not-found');
      const list = await get(`/back/api/v1/points/${poblado}/containers`, auth(otherManager.token));
      expect(list.statusCode).toBe(404);
    });

    it('does not let a container of another point be reached through one\u2019s own point', async () => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/back/api/v1/points/${poblado}/containers/${otherContainerId}`,
        payload: { fill_level: 80 },
        headers: auth(manager.token),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('container-not-found');
    });

    it('lets the point\u2019s manager update the fill level, kept as a reading and shown on the point page', async () => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/back/api/v1/points/${poblado}/containers/${containerId}`,
        payload: { fill_level: 85 },
        headers: auth(manager.token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: containerId, fill_level: 85, status: 'en-servicio' });
      const page = await get(`/back/api/v1/points/${poblado}`);
      expect(page.json().data.containers[0]).toMatchObject({ id: containerId, fill_level: 85 });
      const readings = await get(`/back/api/v1/points/${poblado}/containers/${containerId}/readings`, auth(manager.token));
      expect(readings.json().data[0]).toMatchObject({ kind: 'fill', fill_level: 85, kg: null, user_name: 'Gestora Poblado' });
    });

    it('rejects a fill level outside 0–100 and an empty update with 400', async () => {
      const url = `/back/api/v1/points/${poblado}/containers/${containerId}`;
      const over = await t.app.inject({ method: 'PATCH', url, payload: { fill_level: 120 }, headers: auth(manager.token) });
      expect(over.statusCode).toBe(400);
      expect(Object.keys(over.json().fields)).toEqual(['fill_level']);
      const empty = await t.app.inject({ method: 'PATCH', url, payload: {}, headers: auth(manager.token) });
      expect(empty.statusCode).toBe(400);
    });

    it('records an emptying with its kilograms and resets the fill level', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/back/api/v1/points/${poblado}/containers/${containerId}/emptyings`,
        payload: { kg: 312.5 },
        headers: auth(manager.token),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ fill_level: 0 });
      expect(res.json().data.last_emptied_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      const readings = await get(`/back/api/v1/points/${poblado}/containers/${containerId}/readings`, auth(manager.token));
      expect(readings.json().data[0]).toMatchObject({ kind: 'emptying', kg: 312.5, fill_level: 0 });
      expect(readings.json().data).toHaveLength(2);
    });

    it('rejects an emptying without positive kilograms', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/back/api/v1/points/${poblado}/containers/${containerId}/emptyings`,
        payload: { kg: 0 },
        headers: auth(manager.token),
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['kg']);
    });

    it('lets an admin act on any point', async () => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/back/api/v1/points/${bello}/containers/${otherContainerId}`,
        payload: { status: 'en-mantenimiento' },
        headers: auth(admin.token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'en-mantenimiento', fill_level: 50 });
    });
  });

  describe('compression', () => {
    it('compresses a viewport answer with gzip and brotli', async () => {
      // 80 more points around Cali, away from the other tests' boxes.
      await createPoints(
        t.app.db,
        Array.from({ length: 80 }, (_, i) => ({ name: `Contenedor Cali ${i}`, lat: 3.4 + i * 0.001, lng: -76.5 - i * 0.001, materials: ['pet', 'vidrio'] })),
      );
      const url = `/back/api/v1/points?bbox=-77,3,-76,4`;
      const res = await get(url, { 'accept-encoding': 'gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
      expect(body.data.points).toHaveLength(80);
      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')).data.points).toHaveLength(80);
    });
  });
});
