import type { Bbox, PointCluster, PointMarker, PointsFilters, PointKind } from '@puntoverde/contract';
import Supercluster from 'supercluster';
import { getCatalogue } from '../materials/materials.service.js';
import { openState } from './opening-hours.js';
import { currentPointsVersion, pointsChangedHere } from './points-version.js';
import * as repo from './points.repository.js';
import type { Executor } from '../../db/dialect.js';
import type { MarkerRow } from './points.repository.js';
import { resolveFilters } from './point-filters.js';

/**
 * Clustering on the server, per zoom: one supercluster index per set of filters, kept in memory
 * and rebuilt when the points change (points.version) so the browser never clusters 100,000
 * points itself. Indexing 100,000 points takes about half a second; a query about a millisecond.
 */

type Entry = { version: string; built: Promise<Built>; usedAt: number };
type Built = { index: Supercluster<{ i: number }, Record<string, never>>; rows: MarkerRow[] };

const MAX_INDEXES = 8;

export const CLUSTER_RADIUS_PX = 80;
export const CLUSTER_MAX_ZOOM = 16;

type Cache = Map<string, Entry>;
const caches = new WeakMap<object, Cache>();

function cacheOf(db: Executor): Cache {
  let c = caches.get(db);
  if (!c) {
    c = new Map();
    caches.set(db, c);
  }
  return c;
}

async function build(db: Executor, filters: Awaited<ReturnType<typeof resolveFilters>>): Promise<Built> {
  let rows = await repo.findAllMarkers(db, filters.row);
  if (filters.openNow) rows = rows.filter((r) => openState(r.opening_hours, filters.at).open === true);
  const index = new Supercluster<{ i: number }, Record<string, never>>({
    radius: CLUSTER_RADIUS_PX,
    maxZoom: CLUSTER_MAX_ZOOM,
    minPoints: 2,
  });
  index.load(
    rows.map((r, i) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [r.lng, r.lat] },
      properties: { i },
    })),
  );
  return { index, rows };
}

function round5(n: number): number {
  return Math.round(n * 1e5) / 1e5;
}

export async function clustersInView(
  db: Executor,
  bbox: Bbox,
  zoom: number,
  f: PointsFilters,
): Promise<{ zoom: number; clusters: PointCluster[]; points: PointMarker[]; total: number }> {
  const [catalogue, filters] = await Promise.all([getCatalogue(db), resolveFilters(db, f)]);
  const cache = cacheOf(db);
  const version = await currentPointsVersion(db);
  // "Open now" changes with the clock: such an index lives for one minute.
  const key = filters.openNow ? `${filters.key}|${Math.floor(filters.at.getTime() / 60000)}` : filters.key;
  let entry = cache.get(key);
  if (!entry || entry.version !== version) {
    entry = { version, built: build(db, filters), usedAt: Date.now() };
    cache.set(key, entry);
    entry.built.catch(() => cache.delete(key));
    if (cache.size > MAX_INDEXES) {
      const oldest = [...cache.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt)[0];
      if (oldest) cache.delete(oldest[0]);
    }
  }
  entry.usedAt = Date.now();
  const { index, rows } = await entry.built;
  const z = Math.round(zoom);
  const features = index.getClusters([bbox.minLng, bbox.minLat, bbox.maxLng, bbox.maxLat], z);
  const clusters: PointCluster[] = [];
  const points: PointMarker[] = [];
  for (const feature of features) {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; i?: number };
    if (props.cluster && props.cluster_id !== undefined) {
      clusters.push({
        lat: round5(lat),
        lng: round5(lng),
        count: props.point_count ?? 0,
        expansion_zoom: Math.min(CLUSTER_MAX_ZOOM + 1, index.getClusterExpansionZoom(props.cluster_id)),
      });
    } else if (props.i !== undefined) {
      const row = rows[props.i];
      if (row) {
        points.push({
          id: row.id,
          lat: round5(row.lat),
          lng: round5(row.lng),
          kind: row.kind as PointKind,
          materials: catalogue.decode(Number(row.materials_mask)),
        });
      }
    }
  }
  return { zoom: z, clusters, points, total: rows.length };
}

/** Makes this process's next query see a change of the points at once (writers call it). */
export function invalidateClusters(_db?: Executor): void {
  pointsChangedHere();
}

/**
 * Builds the index of the unfiltered map ahead of the first visitor (after a start, the first
 * /home would otherwise wait for it). Runs once the server is ready; failures are only logged.
 */
export async function warmClusters(db: Executor): Promise<void> {
  await clustersInView(db, { minLng: -180, minLat: -90, maxLng: 180, maxLat: 90 }, 0, {});
}
