import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { importOsmElements, parseOsmFile } from './osm-import.js';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures');
const read = (name: string) => JSON.parse(readFileSync(path.join(fixtures, name), 'utf8')) as unknown;

describe('OSM import', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const byOsmId = (osmId: string) => t.app.db.selectFrom('points').selectAll().where('osm_id', '=', osmId).executeTakeFirst();
  const detail = async (osmId: string) => {
    const row = await byOsmId(osmId);
    return (await t.app.inject({ method: 'GET', url: `/back/api/v1/points/${row!.id}` })).json().data;
  };

  it('imports a GeoJSON export, mapping recycling:* tags to materials and skipping with reasons', async () => {
    const report = await importOsmElements(t.app.db, parseOsmFile(read('osm-recycling-medellin.geojson')));
    expect(report).toMatchObject({ created: 5, updated: 0, unchanged: 0 });
    expect(report.skipped).toEqual([
      { osm_id: 'node/9000004', reason: 'no es amenity=recycling' },
      { osm_id: 'node/9000005', reason: 'ningún material recycling:*=yes reconocido' },
    ]);
    expect(await detail('node/9000001')).toMatchObject({
      kind: 'contenedor-publico',
      name: 'Contenedor de reciclaje',
      address: 'Carrera 43A # 1-50',
      city: 'Medellín',
      lat: 6.2012,
      lng: -75.5701,
      source: 'osm',
      osm_id: 'node/9000001',
    });
    expect((await detail('node/9000001')).materials.sort()).toEqual(['aluminio', 'pet', 'vidrio']);
    expect(await detail('node/9000002')).toMatchObject({
      kind: 'eca',
      name: 'Recuperadora La 33',
      operator: 'Asociación de Recicladores Prueba',
      opening_hours: 'Mo-Fr 07:00-17:00; Sa 08:00-12:00',
      phone: '+57 604 444 0000',
    });
    expect((await detail('node/9000002')).materials.sort()).toEqual(['archivo', 'carton', 'multicapa', 'plasticos']);
    expect(await detail('node/9000003')).toMatchObject({ kind: 'punto-posconsumo', materials: ['pilas', 'bombillas'] });
    // A way drawn as a polygon lands on the average of its corners.
    expect(await detail('way/9100001')).toMatchObject({ kind: 'centro-acopio', lat: 6.172, lng: -75.6, materials: ['chatarra', 'cobre'] });
    // Unreadable opening hours are dropped, the point stays.
    expect(await detail('node/9000006')).toMatchObject({ opening_hours: null, open_now: null, materials: ['organicos'] });
  });

  it('is idempotent by OSM id: the same file again changes nothing', async () => {
    const before = await t.app.db.selectFrom('points').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const report = await importOsmElements(t.app.db, parseOsmFile(read('osm-recycling-medellin.geojson')));
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 5 });
    const after = await t.app.db.selectFrom('points').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('updates a point whose tags changed in OSM', async () => {
    const data = read('osm-recycling-medellin.geojson') as { features: { properties: Record<string, string> }[] };
    data.features[0]!.properties['recycling:batteries'] = 'yes';
    data.features[0]!.properties.name = 'Contenedor Parque Lleras';
    const report = await importOsmElements(t.app.db, parseOsmFile(data));
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 4 });
    const point = await detail('node/9000001');
    expect(point.name).toBe('Contenedor Parque Lleras');
    expect(point.materials.sort()).toEqual(['aluminio', 'pet', 'pilas', 'vidrio']);
    // The imported points answer the map's material filter.
    const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/points?bbox=-75.7,6.1,-75.4,6.4&materials=pilas' });
    expect(res.json().data.points.map((p: { id: number }) => p.id).sort()).toEqual([point.id, (await byOsmId('node/9000003'))!.id].sort());
  });

  it('reads an Overpass JSON answer, using the centre of ways', async () => {
    const report = await importOsmElements(t.app.db, parseOsmFile(read('osm-recycling-overpass.json')));
    expect(report).toMatchObject({ created: 2, updated: 0 });
    expect(report.skipped).toEqual([{ osm_id: 'way/9300002', reason: 'sin coordenadas (en Overpass, usa "out center")' }]);
    expect(await detail('way/9300001')).toMatchObject({ kind: 'punto-posconsumo', lat: 6.1722, lng: -75.6101, materials: ['raee'] });
    expect((await detail('node/9200001')).materials.sort()).toEqual(['archivo', 'vidrio']);
  });

  it('rejects a file that is neither GeoJSON nor Overpass JSON', () => {
    expect(() => parseOsmFile({ hello: 'world' })).toThrow(/GeoJSON/);
  });
});
