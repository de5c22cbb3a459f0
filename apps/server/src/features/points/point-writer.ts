import { POINT_KIND_LABELS_ES, ZPointKind, type PointKind } from '@puntoverde/contract';
import type { Executor } from '../../db/dialect.js';
import type { Catalogue } from '../materials/materials.service.js';
import { normalizeText } from '../materials/materials.service.js';
import * as repo from './points.repository.js';
import type { NewPointRow } from './points.repository.js';

/** What creating or updating a point needs; the row's derived columns are computed here. */
export type PointInput = Pick<
  NewPointRow,
  'name' | 'address' | 'city' | 'lat' | 'lng' | 'opening_hours' | 'phone' | 'photo_url' | 'operator' | 'osm_id'
> & {
  kind: PointKind;
  materials: string[];
  source: 'manual' | 'osm' | 'demo' | 'generated';
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

/**
 * After a change to the catalogue (a material renamed, moved to another group, added to a
 * group), recomputes the derived columns (materials_mask, search_text) of the points that list
 * any of these materials, from their point_materials rows (the source of truth) and the
 * catalogue given, which must already hold the change (build it inside the same transaction).
 * Returns how many points were rewritten.
 */
export async function refreshPointsOfMaterials(db: Executor, catalogue: Catalogue, materialIds: number[]): Promise<number> {
  if (!materialIds.length) return 0;
  const ids = (
    await repo.pointIdsWithMaterials(db, materialIds)
  );
  const codeOf = new Map(catalogue.materials.map((m) => [m.id, m.code]));
  const CHUNK = 500;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const [points, links] = await Promise.all([
      repo.findPointsByIds(db, chunk),
      repo.findMaterialLinksOfPoints(db, chunk),
    ]);
    for (const p of points) {
      const codes = links.filter((l) => l.point_id === p.id).flatMap((l) => codeOf.get(l.material_id) ?? []);
      const { point } = toPointRow(catalogue, {
        name: p.name,
        kind: ZPointKind.parse(p.kind),
        address: p.address,
        city: p.city,
        lat: p.lat,
        lng: p.lng,
        opening_hours: p.opening_hours,
        phone: p.phone,
        photo_url: p.photo_url,
        operator: p.operator,
        materials: codes,
        source: 'manual',
        osm_id: p.osm_id,
      });
      await repo.updateDerivedColumns(db, p.id, point.materials_mask, point.search_text);
    }
  }
  return ids.length;
}
