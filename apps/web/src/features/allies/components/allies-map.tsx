/**
 * Allies with a location on the map (lib/map's MapView: the spec's container rules, tiles as
 * decoration). Circle markers with a popup; redrawn when the filtered list changes.
 */
import type { Ally } from '@puntoverde/contract';
import type { LayerGroup, Map as LeafletMap } from 'leaflet';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeafletModule } from '../../../lib/map/load-leaflet';
import { MapView } from '../../../lib/map/map-view';

const MEDELLIN: [number, number] = [6.2442, -75.5812];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export default function AlliesMap({ allies, tileUrl }: { allies: Ally[]; tileUrl: string }) {
  const { t } = useTranslation();
  const [leaflet, setLeaflet] = useState<{ map: LeafletMap; L: LeafletModule } | null>(null);
  const located = allies.filter((a) => a.lat !== null && a.lng !== null);

  useEffect(() => {
    if (!leaflet) return;
    const { map, L } = leaflet;
    const layer: LayerGroup = L.layerGroup().addTo(map);
    for (const a of located) {
      L.circleMarker([a.lat as number, a.lng as number], {
        radius: 9,
        color: a.kind === 'aliado' ? '#1b5e20' : '#4a148c',
        fillOpacity: 0.8,
      })
        .bindPopup(
          `<strong>${escapeHtml(a.name)}</strong><br>${escapeHtml(t(`allies.kind.${a.kind}`))} · ${escapeHtml(t(`allies.category.${a.category}`))}${
            a.address ? `<br>${escapeHtml(a.address)}` : ''
          }`,
        )
        .addTo(layer);
    }
    if (located.length > 1) map.fitBounds(located.map((a) => [a.lat as number, a.lng as number] as [number, number]), { padding: [32, 32] });
    return () => {
      layer.remove();
    };
  }, [leaflet, located, t]);

  return (
    <>
      <MapView
        id="allies-map"
        label={t('allies.mapLabel')}
        center={MEDELLIN}
        zoom={12}
        tileUrl={tileUrl}
        attribution={t('points.map.attribution')}
        className="pv-content-map"
        onReady={(map, L) => {
          setLeaflet({ map, L });
          return () => setLeaflet(null);
        }}
      />
      <p className="content-card__meta">{t('allies.mapCount', { count: located.length })}</p>
    </>
  );
}
