import { POINT_KIND_LABELS_ES, type PointKind } from '@puntoverde/contract';
import type { Catalogue } from './materials-catalogue.js';
import { normalizeText } from './materials-catalogue.js';
import type { NewPointRow } from './points.repository.js';

/** What creating or updating a point needs; the row's derived columns are computed here. */
export type PointInput = {
  name: string;
  kind: PointKind;
  address: string;
  city: string;
  lat: number;
  lng: number;
  opening_hours: string | null;
  phone: string | null;
  photo_url: string | null;
  operator: string | null;
  materials: string[];
  source: 'manual' | 'osm' | 'demo' | 'generated';
  osm_id: string | null;
};

export function toPointRow(catalogue: Catalogue, input: PointInput): { point: NewPointRow; materialIds: number[] } {
  const codes = [...new Set(input.materials)].filter((c) => catalogue.byCode.has(c));
  const search = normalizeText(
    [input.name, input.address, input.city, POINT_KIND_LABELS_ES[input.kind], input.operator ?? '', catalogue.searchWordsOf(codes)].join(' '),
  );
  return {
    point: {
      name: input.name,
      kind: input.kind,
      address: input.address,
      city: input.city,
      lat: input.lat,
      lng: input.lng,
      opening_hours: input.opening_hours,
      phone: input.phone,
      photo_url: input.photo_url,
      operator: input.operator,
      materials_mask: catalogue.storedMaskOf(codes),
      search_text: search,
      source: input.source,
      osm_id: input.osm_id,
      is_demo: input.source === 'demo' || input.source === 'generated' ? 1 : 0,
    },
    materialIds: catalogue.idsOf(codes),
  };
}
