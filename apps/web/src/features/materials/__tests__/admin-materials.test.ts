import { describe, expect, it } from 'vitest';
import type { AdminMaterial } from '@puntoverde/contract';
import { materialResolver, toMaterialBody, toMaterialForm } from '../components/admin/admin-materials';

const pet: AdminMaterial = {
  id: 7,
  code: 'pet',
  name_es: 'PET (1)',
  name_en: 'PET (1)',
  parent_code: 'plasticos',
  bin_color: 'blanco',
  osm_keys: ['recycling:PET', 'recycling:plastic_bottles'],
  keywords: 'pet botellas',
  sort: 70,
  active: true,
  points_count: 3,
  created_at: '2026-11-21T00:00:00.000Z',
};

async function resolve(creating: boolean, values: ReturnType<typeof toMaterialForm>) {
  return materialResolver(creating)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('materials back-office form', () => {
  it('sends OSM keys as a list, empty group and bin as null, and never the code of an existing material', () => {
    const form = { ...toMaterialForm(pet), parent_code: '', bin_color: '', osm_keys: 'recycling:PET,  recycling:plastic_bottles ' };
    const body = toMaterialBody(form, false);
    expect(body).toEqual({
      name_es: 'PET (1)',
      name_en: 'PET (1)',
      parent_code: null,
      bin_color: null,
      osm_keys: ['recycling:PET', 'recycling:plastic_bottles'],
      keywords: 'pet botellas',
      active: true,
    });
    expect(body).not.toHaveProperty('code');
    expect(toMaterialBody({ ...form, code: ' tapas ' }, true)).toMatchObject({ code: 'tapas' });
  });

  it('shows the contract’s Spanish messages on the fields', async () => {
    const result = await resolve(true, { ...toMaterialForm(null), code: 'Tapas Raras', name_en: 'Caps', osm_keys: 'glass' });
    expect(result.errors.code?.message).toMatch(/minúsculas/);
    expect(result.errors.name_es?.message).toMatch(/español/);
    expect(result.errors.osm_keys?.message).toMatch(/recycling:/);
    expect(result.errors.name_en).toBeUndefined();
  });

  it('accepts a valid material', async () => {
    const result = await resolve(false, toMaterialForm(pet));
    expect(result.errors).toEqual({});
  });
});
