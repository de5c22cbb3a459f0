/**
 * Allies with a location on the map (lib/map's MapView: the spec's container rules, tiles as
 * decoration). Circle markers with a popup; redrawn when the filtered list changes. Given one
 * ally's points of sale, a marker per point of sale instead.
 */
import type { Ally, AllyPointOfSale } from '@puntoverde/contract';
import type { LayerGroup, Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeafletModule } from '../../../lib/map/load-leaflet';
import { MapView } from '../../../lib/map/map-view';

const MEDELLIN: [number, number] = [6.2442, -75.5812];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

interface Marker {
  key: string;
  lat: number;
  lng: number;
  color: string;
  popup: string;
}

export default function AlliesMap({
  allies,
  pointsOfSale,
  tileUrl,
}: {
  allies: Ally[];
  pointsOfSale?: { ally: Ally; places: AllyPointOfSale[] } | undefined;
  tileUrl: string;
}) {
  const { t } = useTranslation();
  const [leaflet, setLeaflet] = useState<{ map: LeafletMap; L: LeafletModule } | null>(null);
  const located = useMemo<Marker[]>(() => {
    if (pointsOfSale) {
      // An ally with no point of sale listed is found at its own address.
      const places = pointsOfSale.places.length
        ? pointsOfSale.places
        : pointsOfSale.ally.lat !== null && pointsOfSale.ally.lng !== null
          ? [{ id: 0, name: pointsOfSale.ally.name, address: pointsOfSale.ally.address ?? '', lat: pointsOfSale.ally.lat, lng: pointsOfSale.ally.lng }]
          : [];
      return places.map((p) => ({
        key: `pos-${p.id}`,
        lat: p.lat,
        lng: p.lng,
        color: '#1b5e20',
        popup: `<strong>${escapeHtml(p.name)}</strong><br>${escapeHtml(pointsOfSale.ally.name)}${p.address ? `<br>${escapeHtml(p.address)}` : ''}`,
      }));
    }
    return allies
      .filter((a) => a.lat !== null && a.lng !== null)
      .map((a) => ({
        key: `ally-${a.id}`,
        lat: a.lat as number,
        lng: a.lng as number,
        color: a.kind === 'aliado' ? '#1b5e20' : '#4a148c',
        popup: `<strong>${escapeHtml(a.name)}</strong><br>${escapeHtml(t(`allies.kind.${a.kind}`))} · ${escapeHtml(t(`allies.category.${a.category}`))}${
          a.address ? `<br>${escapeHtml(a.address)}` : ''
        }`,
      }));
  }, [allies, pointsOfSale, t]);

  useEffect(() => {
    if (!leaflet) return;
    const { map, L } = leaflet;
    const layer: LayerGroup = L.layerGroup().addTo(map);
    for (const m of located) {
      L.circleMarker([m.lat, m.lng], { radius: 9, color: m.color, fillOpacity: 0.8 }).bindPopup(m.popup).addTo(layer);
    }
    // Markers are drawn on the canvas, not in the DOM: the container says how many, for tests and tools.
    map.getContainer().dataset.markers = String(layer.getLayers().length);
    if (located.length > 1) map.fitBounds(located.map((m) => [m.lat, m.lng] as [number, number]), { padding: [32, 32] });
    else if (located.length === 1) map.setView([located[0]!.lat, located[0]!.lng], 15);
    return () => {
      layer.remove();
      delete map.getContainer().dataset.markers;
    };
  }, [leaflet, located]);

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
      <p className="content-card__meta" data-testid="allies-map-caption">
        {pointsOfSale
          ? t('allies.pointsOfSale.mapCount', { count: located.length, ally: pointsOfSale.ally.name })
          : t('allies.mapCount', { count: located.length })}
      </p>
    </>
  );
}
