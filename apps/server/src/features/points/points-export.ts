import { POINT_KIND_LABELS_ES, ZPointKind } from '@puntoverde/contract';
import { getCatalogue } from '../materials/materials.service.js';
import { currentPointsVersion } from './points-version.js';
import type { Executor } from '../../db/dialect.js';
import * as repo from './points.repository.js';

/**
 * Open data: every active point as a GeoJSON FeatureCollection (RFC 7946, WGS 84 lng/lat).
 * Built once per version of the points and kept in memory.
 */
const cache = new WeakMap<object, { version: string; json: string }>();

export async function geojsonExport(db: Executor): Promise<string> {
  const version = await currentPointsVersion(db);
  const cached = cache.get(db);
  if (cached && cached.version === version) return cached.json;
  const catalogue = await getCatalogue(db);
  const rows = await repo.findActivePointsForExport(db);
  const parts: string[] = [];
  for (const r of rows) {
    const kind = ZPointKind.parse(r.kind);
    parts.push(
      JSON.stringify({
        type: 'Feature',
        id: r.id,
        geometry: { type: 'Point', coordinates: [r.lng, r.lat] },
        properties: {
          name: r.name,
          kind,
          kind_label: POINT_KIND_LABELS_ES[kind],
          address: r.address,
          city: r.city,
          opening_hours: r.opening_hours,
          phone: r.phone,
          operator: r.operator,
          materials: catalogue.decode(Number(r.materials_mask)),
          source: r.source,
          osm_id: r.osm_id,
          demo: r.is_demo === 1,
          updated_at: r.updated_at,
        },
      }),
    );
  }
  const json = `{"type":"FeatureCollection","features":[${parts.join(',')}]}`;
  cache.set(db, { version, json });
  return json;
}
