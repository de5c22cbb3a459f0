/**
 * Pick a location by clicking (or tapping) the map; the marker can also be set by typing the
 * coordinates in the fields beside it. Lazy-loaded: Leaflet stays out of other screens.
 */
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../identity/api/public-config';

const MEDELLIN: [number, number] = [6.2442, -75.5812];

export interface MapPickerProps {
  lat: number | null;
  lng: number | null;
  onPick: (lat: number, lng: number) => void;
}

function ClickToPick({ onPick }: { onPick: MapPickerProps['onPick'] }) {
  useMapEvents({
    click: (event) => onPick(Number(event.latlng.lat.toFixed(6)), Number(event.latlng.lng.toFixed(6))),
  });
  return null;
}

function Resize() {
  const map = useMap();
  useEffect(() => {
    const timer = window.setTimeout(() => map.invalidateSize(), 80);
    return () => window.clearTimeout(timer);
  }, [map]);
  return null;
}

export default function MapPicker({ lat, lng, onPick }: MapPickerProps) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const center: [number, number] = lat !== null && lng !== null ? [lat, lng] : MEDELLIN;
  return (
    <div className="map-picker" role="region" aria-label={t('admin.mapPicker')}>
      <MapContainer center={center} zoom={lat !== null ? 15 : 12} style={{ height: 260, minHeight: 100 }}>
        {config.data ? <TileLayer url={config.data.tile_url} attribution="&copy; OpenStreetMap contributors" /> : null}
        <Resize />
        <ClickToPick onPick={onPick} />
        {lat !== null && lng !== null ? <CircleMarker center={[lat, lng]} radius={10} pathOptions={{ color: '#1b5e20' }} /> : null}
      </MapContainer>
      <p className="content-card__meta">{t('admin.mapPickerHint')}</p>
    </div>
  );
}
