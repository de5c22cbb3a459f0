import type { MaterialSearchResult } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { DICTIONARY } from '../../features/where-to-recycle/dictionary.js';

const URL = '/back/api/v1/materials/search';

describe('¿Dónde reciclo...? (materials/search)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function search(q: string): Promise<MaterialSearchResult> {
    const res = await t.app.inject({ method: 'GET', url: `${URL}?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }
  const first = async (q: string) => (await search(q)).hits[0];

  it('knows at least 300 everyday words, each mapped to a material of the catalogue', async () => {
    expect(DICTIONARY.length).toBeGreaterThanOrEqual(300);
    const materials = (await t.app.inject({ method: 'GET', url: '/back/api/v1/materials' })).json().data as {
      code: string;
    }[];
    const codes = new Set(materials.map((m) => m.code));
    expect(DICTIONARY.filter((e) => !codes.has(e.material))).toEqual([]);
  });

  it.each([
    ['nevera', 'raee', 'posconsumo'],
    ['icopor', 'ps', 'aprovechable'],
    ['tetra pak', 'multicapa', 'aprovechable'],
    ['servilletas', 'no-aprovechables', 'no-aprovechable'],
    ['colchón', 'no-aprovechables', 'no-aprovechable'],
    ['aceite de cocina', 'aceite-cocina', 'posconsumo'],
    ['escombros', 'no-aprovechables', 'no-aprovechable'],
    ['llantas', 'llantas', 'posconsumo'],
    ['medicamentos vencidos', 'medicamentos', 'posconsumo'],
    ['cuncho de café', 'organicos', 'organico'],
    ['chuspa', 'pebd', 'aprovechable'],
  ])('"%s" → %s (%s)', async (q, material, kind) => {
    expect(await first(q)).toMatchObject({ material, kind });
  });

  it('says where each thing goes in plain words, with the bin colour (Resolución 2184 de 2019)', async () => {
    expect(await first('botella de gaseosa')).toMatchObject({
      bin_color: 'blanco',
      advice: expect.stringContaining('blanca'),
    });
    expect(await first('cáscara de huevo')).toMatchObject({
      bin_color: 'verde',
      advice: 'Orgánico aprovechable: va en la caneca o bolsa verde.',
    });
    expect(await first('pañales')).toMatchObject({ bin_color: 'negro', advice: 'No reciclable: va a la bolsa negra.' });
    expect((await first('pilas'))!.advice).toContain('punto posconsumo');
    expect((await first('colchón'))!.note).toContain('voluminoso');
  });

  it('ignores accents, capitals, plurals and the question around the word', async () => {
    expect(await first('CARTON')).toMatchObject({ material: 'carton' });
    expect(await first('¿Dónde reciclo las botellas de vidrio?')).toMatchObject({ material: 'vidrio' });
    expect(await first('latas')).toMatchObject({ material: 'aluminio' });
  });

  it('tolerates typos', async () => {
    expect(await first('tetrapac')).toMatchObject({ material: 'multicapa' });
    expect(await first('icopol')).toMatchObject({ material: 'ps' });
    expect(await first('medicametos')).toMatchObject({ material: 'medicamentos' });
    expect(await first('nebera')).toMatchObject({ material: 'raee' });
  });

  it('offers the nearest words when nothing matches, and refuses an empty question', async () => {
    const none = await search('xyzzy');
    expect(none.hits).toEqual([]);
    const near = await search('botelloncito');
    expect(near.hits.length + near.suggestions.length).toBeGreaterThan(0);
    const empty = await t.app.inject({ method: 'GET', url: `${URL}?q=%20` });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation-failed', fields: { q: expect.any(String) } });
  });
});
