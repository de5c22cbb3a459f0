/**
 * The public map of reports (lib/map's MapView): one circle per report, coloured by status,
 * grouped into numbered clusters (supercluster) when they crowd; a cluster zooms in, a report
 * opens a popup linking to its page. Shows what the list shows: no names, no photos.
 */
import type { ReportMarker, ReportStatus } from '@puntoverde/contract';
import { useIonRouter } from '@ionic/react';
import type { LayerGroup, Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Supercluster, { type ClusterProperties } from 'supercluster';
import type { LeafletModule } from '../../../lib/map/load-leaflet';
import { MapView } from '../../../lib/map/map-view';
import { formatNumber } from '../../../lib/number-format';
import { useReportMap } from '../api/report-map';
import { reportPath } from '../format';

/** Medellín, where the demo city is. */
const START: [number, number] = [6.2442, -75.5812];

export const REPORT_STATUS_COLORS: Record<ReportStatus, string> = {
  abierto: '#c62828',
  en_revision: '#e65100',
  programado: '#1565c0',
  resuelto: '#2e7d32',
  descartado: '#616161',
  duplicado: '#6a1b9a',
};

/** The viewport as the API's bbox, rounded outwards to 0.01° so small pans reuse the answer. */
function bboxOf(map: LeafletMap): string {
  const b = map.getBounds();
  const down = (v: number) => (Math.floor(v * 100) / 100).toFixed(2);
  const up = (v: number) => (Math.ceil(v * 100) / 100).toFixed(2);
  const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
  return [
    down(clamp(b.getWest(), -180, 180)),
    down(clamp(b.getSouth(), -90, 90)),
    up(clamp(b.getEast(), -180, 180)),
    up(clamp(b.getNorth(), -90, 90)),
  ].join(',');
}

type View = { bbox: string; zoom: number; bounds: [number, number, number, number] };

export function ReportsMap({ status, category, tileUrl }: { status: ReportStatus | ''; category: string; tileUrl: string }) {
  const { t, i18n } = useTranslation();
  const router = useIonRouter();
  const [leaflet, setLeaflet] = useState<{ map: LeafletMap; L: LeafletModule } | null>(null);
  const [view, setView] = useState<View | null>(null);
  const markers = useReportMap(view ? { bbox: view.bbox, status, category } : null);

  useEffect(() => {
    if (!leaflet) return;
    const { map } = leaflet;
    const update = () => {
      const b = map.getBounds();
      setView({ bbox: bboxOf(map), zoom: map.getZoom(), bounds: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] });
    };
    update();
    map.on('moveend', update);
    return () => {
      map.off('moveend', update);
    };
  }, [leaflet]);

  const index = useMemo(() => {
    const items = markers.data?.items ?? [];
    const sc = new Supercluster<ReportMarker>({ radius: 48, maxZoom: 17 });
    sc.load(items.map((m) => ({ type: 'Feature', properties: m, geometry: { type: 'Point', coordinates: [m.lng, m.lat] } })));
    return sc;
  }, [markers.data]);

  useEffect(() => {
    if (!leaflet || !view) return;
    const { map, L } = leaflet;
    const layer: LayerGroup = L.layerGroup().addTo(map);
    for (const feature of index.getClusters(view.bounds, Math.round(view.zoom))) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties as ReportMarker | ClusterProperties;
      if ('cluster' in props && props.cluster) {
        const label = t('reports.map.cluster', { count: props.point_count, formatted: formatNumber(props.point_count, i18n.language) });
        L.marker([lat, lng], {
          icon: L.divIcon({ className: 'rp-map-cluster', html: `<span>${formatNumber(props.point_count, i18n.language)}</span>`, iconSize: [40, 40] }),
          title: label,
          alt: label,
          keyboard: true,
        })
          .on('click', () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(props.cluster_id), 18)))
          .addTo(layer);
        continue;
      }
      const m = props as ReportMarker;
      const popup = document.createElement('div');
      const title = document.createElement('p');
      title.textContent = `${m.category_label} · ${t(`reports.status.${m.status}`)}`;
      const link = document.createElement('a');
      link.href = reportPath(m.number);
      link.textContent = t('reports.map.open', { number: m.number });
      link.addEventListener('click', (event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        router.push(reportPath(m.number));
      });
      popup.append(title, link);
      L.circleMarker([lat, lng], { radius: 9, color: '#ffffff', weight: 2, fillColor: REPORT_STATUS_COLORS[m.status], fillOpacity: 0.9 })
        .bindPopup(popup)
        .bindTooltip(`${m.number} · ${m.category_label} · ${t(`reports.status.${m.status}`)}`)
        .addTo(layer);
    }
    return () => {
      layer.remove();
    };
  }, [leaflet, view, index, t, i18n.language, router]);

  const data = markers.data;
  return (
    <div className="rp-map">
      <MapView
        id="reports-map"
        label={t('reports.map.label')}
        center={START}
        zoom={13}
        tileUrl={tileUrl}
        attribution={t('points.map.attribution')}
        className="rp-map-canvas"
        onReady={(map, L) => {
          setLeaflet({ map, L });
          return () => setLeaflet(null);
        }}
      />
      <p className="rp-hint" role="status" aria-live="polite">
        {markers.isError
          ? t('reports.map.error')
          : data
            ? data.truncated
              ? t('reports.map.truncated', { shown: formatNumber(data.items.length, i18n.language), count: data.total, formatted: formatNumber(data.total, i18n.language) })
              : t('reports.map.count', { count: data.total, formatted: formatNumber(data.total, i18n.language) })
            : t('reports.section.loading')}
      </p>
      <ul className="rp-map-legend" aria-label={t('reports.map.legend')}>
        {(Object.keys(REPORT_STATUS_COLORS) as ReportStatus[])
          .filter((s) => s !== 'duplicado' || status === 'duplicado')
          .map((s) => (
            <li key={s}>
              <span className="rp-map-dot" style={{ background: REPORT_STATUS_COLORS[s] }} aria-hidden="true" />
              {t(`reports.status.${s}`)}
            </li>
          ))}
      </ul>
    </div>
  );
}
