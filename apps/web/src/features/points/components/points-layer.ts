import { POINT_KIND_COLORS, type PointKind } from '@puntoverde/contract';
import type { Layer, LayerGroup, Map as LeafletMap } from 'leaflet';
import type { LeafletModule } from '../../../lib/map/load-leaflet';
import { runInSlices } from '../../../lib/main-thread';
import type { ClustersData } from '../api/point-clusters';
import { CLUSTER_MIN_DISTANCE_PX, clusterSizePx, declutterClusters } from '../declutter-clusters';

export type PointsLayerText = {
  /** The cluster's accessible label. */
  cluster: (count: number) => string;
  /** The count drawn on the cluster. */
  count: (count: number) => string;
  point: (kind: PointKind) => string;
};

/**
 * Draws the server's clusters and points: clusters as small DOM markers with their count (they
 * are few, focusable and readable by screen readers), single points as circles on one canvas
 * (cheap however many). Clicking a cluster zooms to where it splits.
 *
 * A new answer first takes off what it no longer has, then adds the new markers in short slices
 * (lib/main-thread.ts): a hundred DOM markers built at once were a long task on a phone, right
 * when the map first shows. A newer answer, or removing the layer, cancels what is left of an older one.
 */
export class PointsLayer {
  private readonly clusters: LayerGroup;
  private readonly points: LayerGroup;
  private readonly renderer: ReturnType<LeafletModule['canvas']>;

  constructor(
    private readonly L: LeafletModule,
    private readonly map: LeafletMap,
    private readonly text: PointsLayerText,
    private readonly onPoint: (id: number, lat: number, lng: number) => void,
  ) {
    this.renderer = L.canvas({ padding: 0.2 });
    this.points = L.layerGroup().addTo(map);
    this.clusters = L.layerGroup().addTo(map);
  }

  /** Markers on the map by key, so a new answer only adds and removes what changed. */
  private readonly shownClusters = new Map<string, Layer>();
  private readonly shownPoints = new Map<string, Layer>();

  /** Bumped by every render() and by remove(): the slices of an older render stop. */
  private generation = 0;

  /** Resolves once every marker of this answer is on the map (false when a newer one took over). */
  render(data: ClustersData, focusedId: number | null): Promise<boolean> {
    const { map } = this;
    const generation = ++this.generation;
    const steps: (() => void)[] = [];
    // Panning at one zoom keeps most clusters: only the difference touches the DOM and the canvas.
    const zoom = map.getZoom();
    const clusters = declutterClusters(data.clusters, (c) => map.project([c.lat, c.lng], zoom), CLUSTER_MIN_DISTANCE_PX);
    const wantedClusters = new Map(clusters.map((c) => [`${c.lat},${c.lng},${c.count}`, c]));
    for (const [key, layer] of this.shownClusters) {
      if (!wantedClusters.has(key)) {
        this.clusters.removeLayer(layer);
        this.shownClusters.delete(key);
      }
    }
    for (const [key, c] of wantedClusters) {
      if (!this.shownClusters.has(key)) steps.push(() => this.addCluster(key, c));
    }
    const wantedPoints = new Map(data.points.map((p) => [`${p.id}${p.id === focusedId ? '*' : ''}`, p]));
    for (const [key, layer] of this.shownPoints) {
      if (!wantedPoints.has(key)) {
        this.points.removeLayer(layer);
        this.shownPoints.delete(key);
      }
    }
    for (const [key, p] of wantedPoints) {
      if (!this.shownPoints.has(key)) steps.push(() => this.addPoint(key, p, p.id === focusedId));
    }
    return runInSlices(steps, () => generation !== this.generation);
  }

  private addCluster(key: string, c: ClustersData['clusters'][number]): void {
    const { L, map } = this;
    const size = clusterSizePx(c.count);
    const label = this.text.cluster(c.count);
    const icon = L.divIcon({
      className: 'pvp-cluster',
      html: `<span class="pvp-cluster-count" aria-hidden="true">${this.text.count(c.count)}</span>`,
      iconSize: [size, size],
    });
    const marker = L.marker([c.lat, c.lng], { icon, title: label, alt: label, keyboard: true, riseOnHover: true });
    marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
    marker.on('click', () => map.flyTo([c.lat, c.lng], Math.min(c.expansion_zoom, map.getMaxZoom()), { duration: 0.4 }));
    this.clusters.addLayer(marker);
    this.shownClusters.set(key, marker);
  }

  private addPoint(key: string, p: ClustersData['points'][number], focused: boolean): void {
    const circle = this.L.circleMarker([p.lat, p.lng], {
      renderer: this.renderer,
      radius: focused ? 11 : 8,
      color: focused ? '#111111' : '#ffffff',
      weight: focused ? 3 : 2,
      fillColor: POINT_KIND_COLORS[p.kind],
      fillOpacity: 1,
      bubblingMouseEvents: false,
    });
    circle.on('click', () => this.onPoint(p.id, p.lat, p.lng));
    this.points.addLayer(circle);
    this.shownPoints.set(key, circle);
  }

  remove(): void {
    this.generation += 1;
    this.shownClusters.clear();
    this.shownPoints.clear();
    this.clusters.remove();
    this.points.remove();
  }
}
