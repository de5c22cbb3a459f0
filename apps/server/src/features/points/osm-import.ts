import type { OsmImportReport, PointKind } from '@puntoverde/contract';
import type { Db } from '../../db/dialect.js';
import { getCatalogue, type Catalogue } from '../materials/materials.service.js';
import { isValidOpeningHours } from './opening-hours.js';
import { toPointRow, type PointInput } from './point-writer.js';
import { bumpPointsVersion } from './points-version.js';
import * as repo from './points.repository.js';

/**
 * Import of OpenStreetMap `amenity=recycling` features from a GeoJSON export (osmtogeojson,
 * overpass-turbo) or an Overpass API JSON answer (`[out:json]`, ways with `out center`).
 * Idempotent by OSM id (`node/123`): a second run of the same file updates nothing.
 * Tags: https://wiki.openstreetmap.org/wiki/Tag:amenity%3Drecycling
 */

export type OsmElement = {
  osmId: string;
  lat: number | null;
  lng: number | null;
  tags: Record<string, string>;
};

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stringTags(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(v)) return out;
  for (const [k, val] of Object.entries(v)) if (typeof val === 'string' || typeof val === 'number') out[k] = String(val);
  return out;
}

/** Average of a geometry's coordinates: the point of a way or area drawn as a polygon. */
function centreOf(geometry: unknown): [number, number] | null {
  if (!isRecord(geometry)) return null;
  const coords: [number, number][] = [];
  const walk = (c: unknown) => {
    if (Array.isArray(c) && c.length >= 2 && typeof c[0] === 'number' && typeof c[1] === 'number') {
      coords.push([c[0], c[1]]);
    } else if (Array.isArray(c)) {
      for (const x of c) walk(x);
    }
  };
  walk(geometry.coordinates);
  if (!coords.length) return null;
  // A closed ring repeats its first position: leave it out of the average.
  const first = coords[0]!;
  const last = coords[coords.length - 1]!;
  const ring = coords.length > 2 && first[0] === last[0] && first[1] === last[1] ? coords.slice(0, -1) : coords;
  const lng = ring.reduce((s, c) => s + c[0], 0) / ring.length;
  const lat = ring.reduce((s, c) => s + c[1], 0) / ring.length;
  // OSM stores 7 decimals.
  return [Math.round(lng * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7];
}

/** Reads either format into a flat list; throws on a file that is neither. */
export function parseOsmFile(data: unknown): OsmElement[] {
  if (isRecord(data) && data.type === 'FeatureCollection' && Array.isArray(data.features)) {
    return data.features.map((f, i) => {
      const feature = isRecord(f) ? f : {};
      const props = isRecord(feature.properties) ? feature.properties : {};
      // osmtogeojson puts tags in properties (or properties.tags) and the id as "node/123".
      const tags = { ...stringTags(props), ...stringTags(props.tags) };
      delete tags['@id'];
      delete tags.id;
      const rawId = feature.id ?? props['@id'] ?? props.id;
      const osmId = typeof rawId === 'string' && /^(node|way|relation)\/\d+$/.test(rawId) ? rawId : `feature/${i}`;
      const centre = centreOf(feature.geometry);
      return { osmId, lat: centre ? centre[1] : null, lng: centre ? centre[0] : null, tags };
    });
  }
  if (isRecord(data) && Array.isArray(data.elements)) {
    return data.elements.map((e, i) => {
      const el = isRecord(e) ? e : {};
      const type = typeof el.type === 'string' ? el.type : 'element';
      const id = typeof el.id === 'number' || typeof el.id === 'string' ? String(el.id) : String(i);
      const centre = isRecord(el.center) ? el.center : el;
      const lat = typeof centre.lat === 'number' ? centre.lat : null;
      const lng = typeof centre.lon === 'number' ? centre.lon : null;
      return { osmId: `${type}/${id}`, lat, lng, tags: stringTags(el.tags) };
    });
  }
  throw new Error('El archivo no es GeoJSON (FeatureCollection) ni JSON de Overpass (elements).');
}

const POSCONSUMO = new Set(['pilas', 'bombillas', 'raee', 'llantas', 'aceite-cocina', 'medicamentos', 'plaguicidas']);

/** recycling_type=container → public container; centre → ECA or, for take-back streams only, posconsumo. */
function kindOf(tags: Record<string, string>, materials: string[]): PointKind {
  const onlyPosconsumo = materials.length > 0 && materials.every((m) => POSCONSUMO.has(m));
  if (onlyPosconsumo) return 'punto-posconsumo';
  if (tags.recycling_type === 'container') return 'contenedor-publico';
  if (tags.recycling_type === 'centre') return tags.operator ? 'eca' : 'centro-acopio';
  return 'punto-limpio';
}

export function materialsOf(tags: Record<string, string>, catalogue: Catalogue): string[] {
  const codes = new Set<string>();
  for (const [key, value] of Object.entries(tags)) {
    if (!key.startsWith('recycling:') || value !== 'yes') continue;
    const code = catalogue.byOsmKey.get(key);
    if (code) codes.add(code);
  }
  return [...codes];
}

type Mapped = { input: PointInput } | { skip: string };

export function mapElement(el: OsmElement, catalogue: Catalogue): Mapped {
  const t = el.tags;
  if (t.amenity !== 'recycling') return { skip: 'no es amenity=recycling' };
  if (el.lat === null || el.lng === null) return { skip: 'sin coordenadas (en Overpass, usa "out center")' };
  if (el.lat < -90 || el.lat > 90 || el.lng < -180 || el.lng > 180) return { skip: 'coordenadas fuera de rango' };
  const materials = materialsOf(t, catalogue);
  if (!materials.length) return { skip: 'ningún material recycling:*=yes reconocido' };
  const kind = kindOf(t, materials);
  const street = [t['addr:street'], t['addr:housenumber']].filter(Boolean).join(' # ');
  const hours = t.opening_hours && isValidOpeningHours(t.opening_hours) ? t.opening_hours : null;
  const name = t.name ?? (t.operator ? `Reciclaje ${t.operator}` : kind === 'contenedor-publico' ? 'Contenedor de reciclaje' : 'Punto de reciclaje');
  return {
    input: {
      name,
      kind,
      address: street || t['addr:full'] || '',
      city: t['addr:city'] ?? '',
      lat: el.lat,
      lng: el.lng,
      opening_hours: hours,
      phone: t.phone ?? t['contact:phone'] ?? null,
      photo_url: null,
      operator: t.operator ?? null,
      materials,
      source: 'osm',
      osm_id: el.osmId,
    },
  };
}

function sameRow(a: repo.NewPointRow, b: Record<string, unknown>): boolean {
  return (Object.keys(a) as (keyof repo.NewPointRow)[]).every((k) => {
    const x = a[k];
    const y = b[k];
    return typeof x === 'number' || typeof y === 'number' ? Number(x) === Number(y) : x === y;
  });
}

/** Imports the parsed elements; returns what was created, updated, left as is and skipped (with why). */
export async function importOsmElements(db: Db, elements: OsmElement[]): Promise<OsmImportReport> {
  const catalogue = await getCatalogue(db);
  const report: OsmImportReport = { created: 0, updated: 0, unchanged: 0, skipped: [] };
  const seen = new Set<string>();
  await db.transaction().execute(async (trx) => {
    for (const el of elements) {
      if (seen.has(el.osmId)) {
        report.skipped.push({ osm_id: el.osmId, reason: 'repetido en el archivo' });
        continue;
      }
      seen.add(el.osmId);
      const mapped = mapElement(el, catalogue);
      if ('skip' in mapped) {
        report.skipped.push({ osm_id: el.osmId, reason: mapped.skip });
        continue;
      }
      const { point, materialIds } = toPointRow(catalogue, mapped.input);
      const existing = await repo.findPointByOsmId(trx, el.osmId);
      if (!existing) {
        await repo.insertPoints(trx, [{ point, materialIds }]);
        report.created += 1;
      } else if (sameRow(point, existing) && sameIds(materialIds, await repo.materialIdsOfPoint(trx, existing.id))) {
        report.unchanged += 1;
      } else {
        await repo.updatePointRow(trx, existing.id, point, materialIds);
        report.updated += 1;
      }
    }
    if (report.created || report.updated) await bumpPointsVersion(trx);
  });
  return report;
}

function sameIds(a: number[], b: number[]): boolean {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
