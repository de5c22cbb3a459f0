import type { PointCluster } from '@puntoverde/contract';

/**
 * Keeps cluster markers from overlapping on screen. The server clusters within a radius, but
 * the centres of two neighbouring clusters can still land closer than a marker is wide, and
 * overlapping bubbles are unreadable and too small to tap (WCAG 2.5.8 target size). Biggest
 * clusters first, each cluster is kept when its centre is at least `minDistancePx` from every
 * kept one, otherwise its points are added to the nearest kept cluster. That cluster then
 * expands at the lower of the two zooms, so a click still separates what it holds.
 *
 * `project` maps a cluster to screen pixels at the current zoom (Leaflet's map.project).
 */
export function declutterClusters(
  clusters: readonly PointCluster[],
  project: (c: PointCluster) => { x: number; y: number },
  minDistancePx: number,
): PointCluster[] {
  const sorted = [...clusters].sort((a, b) => b.count - a.count || a.lat - b.lat || a.lng - b.lng);
  const kept: { cluster: PointCluster; x: number; y: number }[] = [];
  const min2 = minDistancePx * minDistancePx;
  for (const cluster of sorted) {
    const { x, y } = project(cluster);
    let nearest: (typeof kept)[number] | null = null;
    let nearest2 = Infinity;
    for (const k of kept) {
      const d2 = (k.x - x) ** 2 + (k.y - y) ** 2;
      if (d2 < nearest2) [nearest, nearest2] = [k, d2];
    }
    if (nearest && nearest2 < min2) {
      nearest.cluster = {
        ...nearest.cluster,
        count: nearest.cluster.count + cluster.count,
        expansion_zoom: Math.min(nearest.cluster.expansion_zoom, cluster.expansion_zoom),
      };
    } else {
      kept.push({ cluster, x, y });
    }
  }
  return kept.map((k) => k.cluster);
}

/** A cluster marker's diameter in CSS pixels by how many points it holds. */
export function clusterSizePx(count: number): number {
  return count < 10 ? 32 : count < 100 ? 36 : count < 1000 ? 40 : 44;
}

/** Centres at least this far apart: the largest marker plus room around it to tap. */
export const CLUSTER_MIN_DISTANCE_PX = 44 + 8;
