/**
 * Pick a location by clicking (or tapping) the map; typing the coordinates moves the marker
 * too. Without a pointer, the focused map pans with the arrows and Enter (or "Usar el centro del
 * mapa") marks its centre. Built on lib/map's MapView, which Leaflet loads on demand.
 */
import type { CircleMarker, Map as LeafletMap } from 'leaflet';
import { useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeafletModule } from '../../lib/map/load-leaflet';
import { MapView } from '../../lib/map/map-view';
import { AdminTileUrlContext } from './map-context';

const MEDELLIN: [number, number] = [6.2442, -75.5812];

export interface MapPickerProps {
  lat: number | null;
  lng: number | null;
  onPick: (lat: number, lng: number) => void;
}

export default function MapPicker({ lat, lng, onPick }: MapPickerProps) {
  const { t } = useTranslation();
  const tileUrl = useContext(AdminTileUrlContext);
  const [leaflet, setLeaflet] = useState<{ map: LeafletMap; L: LeafletModule } | null>(null);
  const onPickRef = useRef(onPick);
  useEffect(() => {
    onPickRef.current = onPick;
  });
  const [id] = useState(() => `map-picker-${Math.random().toString(36).slice(2, 9)}`);

  useEffect(() => {
    if (!leaflet || lat === null || lng === null) return;
    const { map, L } = leaflet;
    const marker: CircleMarker = L.circleMarker([lat, lng], { radius: 10, color: '#1b5e20', fillOpacity: 0.7 }).addTo(
      map,
    );
    if (!map.getBounds().contains([lat, lng])) map.setView([lat, lng], Math.max(map.getZoom(), 15));
    return () => {
      marker.remove();
    };
  }, [leaflet, lat, lng]);

  const pickCentre = () => {
    const centre = leaflet?.map.getCenter();
    if (centre) onPickRef.current(Number(centre.lat.toFixed(6)), Number(centre.lng.toFixed(6)));
  };

  return (
    <div className="map-picker">
      <MapView
        id={id}
        label={t('admin.mapPicker')}
        center={lat !== null && lng !== null ? [lat, lng] : MEDELLIN}
        zoom={lat !== null ? 15 : 12}
        tileUrl={tileUrl}
        attribution={t('points.map.attribution')}
        className="pv-content-map pv-content-map--small"
        keyHint={t('requests.form.mapKeys')}
        crosshair
        onReady={(map, L) => {
          map.on('click', (event) =>
            onPickRef.current(Number(event.latlng.lat.toFixed(6)), Number(event.latlng.lng.toFixed(6))),
          );
          // Enter or Space on the focused map (arrows pan it) marks its centre.
          const container = map.getContainer();
          const onKey = (event: KeyboardEvent) => {
            if (event.target !== container || (event.key !== 'Enter' && event.key !== ' ')) return;
            event.preventDefault();
            const centre = map.getCenter();
            onPickRef.current(Number(centre.lat.toFixed(6)), Number(centre.lng.toFixed(6)));
          };
          container.addEventListener('keydown', onKey);
          setLeaflet({ map, L });
          return () => {
            container.removeEventListener('keydown', onKey);
            setLeaflet(null);
          };
        }}
      />
      <p className="content-card__meta">{t('admin.mapPickerHint')}</p>
      <button type="button" className="pv-button pv-button-secondary pv-button-small" onClick={pickCentre}>
        {t('requests.form.useMapCentre')}
      </button>
    </div>
  );
}
