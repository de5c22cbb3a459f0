import type { Material } from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';
import { foldText, searchMaterials } from '../components/material-guide';

const material = (code: string, name_es: string, name_en: string, bin_color: Material['bin_color']): Material => ({
  code,
  name_es,
  name_en,
  bin_color,
  parent_code: null,
  osm_keys: [],
  sort: 0,
});

const catalogue = [
  material('carton', 'Cartón', 'Cardboard', 'blanco'),
  material('pilas', 'Pilas y baterías', 'Batteries', null),
  material('organicos', 'Orgánicos', 'Organic waste', 'verde'),
];

describe('material guide search', () => {
  it('ignores accents and case', () => {
    expect(foldText('  CARTÓN ')).toBe('carton');
    expect(searchMaterials(catalogue, 'carton').map((m) => m.code)).toEqual(['carton']);
    expect(searchMaterials(catalogue, 'ORGÁNICO').map((m) => m.code)).toEqual(['organicos']);
  });

  it('finds materials by their English name too', () => {
    expect(searchMaterials(catalogue, 'batter').map((m) => m.code)).toEqual(['pilas']);
  });

  it('returns nothing for an empty query', () => {
    expect(searchMaterials(catalogue, '   ')).toEqual([]);
  });
});
