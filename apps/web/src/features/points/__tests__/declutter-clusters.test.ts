import type { PointCluster } from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';
import { CLUSTER_MIN_DISTANCE_PX, clusterSizePx, declutterClusters } from '../declutter-clusters';

// Screen position = (lng, lat) in pixels, for readable fixtures.
const project = (c: PointCluster) => ({ x: c.lng, y: c.lat });
const cluster = (x: number, y: number, count: number, expansion_zoom = 10): PointCluster => ({ lat: y, lng: x, count, expansion_zoom });

describe('declutterClusters', () => {
  it('keeps clusters that are far enough apart as they are', () => {
    const input = [cluster(0, 0, 5), cluster(100, 0, 7), cluster(0, 100, 9)];
    expect(declutterClusters(input, project, 52)).toHaveLength(3);
  });

  it('adds a close cluster to its bigger neighbour, which then expands at the lower zoom', () => {
    const out = declutterClusters([cluster(0, 0, 5, 12), cluster(20, 0, 50, 14)], project, 52);
    expect(out).toEqual([{ lat: 0, lng: 20, count: 55, expansion_zoom: 12 }]);
  });

  it('never leaves two markers closer than the minimum distance, and loses no point', () => {
    // A dense random field, deterministic.
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const input = Array.from({ length: 400 }, () => cluster(rand() * 400, rand() * 800, 1 + Math.floor(rand() * 500)));
    const out = declutterClusters(input, project, CLUSTER_MIN_DISTANCE_PX);
    for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const d = Math.hypot(out[i]!.lng - out[j]!.lng, out[i]!.lat - out[j]!.lat);
        expect(d).toBeGreaterThanOrEqual(CLUSTER_MIN_DISTANCE_PX);
      }
    }
    const total = (cs: PointCluster[]) => cs.reduce((n, c) => n + c.count, 0);
    expect(total(out)).toBe(total(input));
  });

  it('markers fit in the spacing with room to tap (at least 24px targets)', () => {
    for (const n of [2, 10, 100, 1000, 100000]) {
      expect(clusterSizePx(n)).toBeGreaterThanOrEqual(24);
      expect(clusterSizePx(n)).toBeLessThan(CLUSTER_MIN_DISTANCE_PX);
    }
  });
});
