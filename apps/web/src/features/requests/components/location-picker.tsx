/**
 * The pickup location: tap the map to drop the pin, or use the device position (high accuracy,
 * 10 s, spec §9). The pin can be moved at any time; the coordinates are shown for checking.
 */
import { useIonViewDidEnter } from '@ionic/react';
import type { CircleMarker, Map as LeafletMap } from 'leaflet';
import { useCallback, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeafletModule } from '../../../lib/map/load-leaflet';
import { MapView } from '../../../lib/map/map-view';
import { useGeolocation } from '../../../lib/use-geolocation';
import '../../../components/actions.css';
import '../requests.css';

const MEDELLIN: [number, number] = [6.2442, -75.5812];

export type LatLng = { lat: number; lng: number };

export function LocationPicker({
  value,
  onChange,
  tileUrl,
  error,
  mapLabel,
}: {
  value: LatLng | null;
  onChange: (value: LatLng) => void;
  tileUrl: string;
  error?: string;
  /** The map's accessible name (other forms than pickups say what the pin marks). */
  mapLabel?: string;
}) {
  const { t } = useTranslation();
  const mapId = `rq-pin-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const geo = useGeolocation();
  const ref = useRef<{ map: LeafletMap; L: LeafletModule; pin: CircleMarker | null } | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const initial = useRef(value);

  useIonViewDidEnter(() => {
    ref.current?.map.invalidateSize();
  });

  const onReady = useCallback((map: LeafletMap, L: LeafletModule) => {
    ref.current = { map, L, pin: null };
    map.on('click', (e) => onChangeRef.current({ lat: Number(e.latlng.lat.toFixed(6)), lng: Number(e.latlng.lng.toFixed(6)) }));
    if (initial.current) {
      ref.current.pin = L.circleMarker([initial.current.lat, initial.current.lng], { radius: 10, color: '#ffffff', weight: 3, fillColor: '#1e6b3a', fillOpacity: 1 }).addTo(map);
    }
    return () => {
      ref.current = null;
    };
  }, []);

  // Keep the pin where the value says, and bring it into view.
  useEffect(() => {
    const current = ref.current;
    if (!current || !value) return;
    if (current.pin) current.pin.setLatLng([value.lat, value.lng]);
    else
      current.pin = current.L.circleMarker([value.lat, value.lng], { radius: 10, color: '#ffffff', weight: 3, fillColor: '#1e6b3a', fillOpacity: 1 }).addTo(current.map);
    if (!current.map.getBounds().contains([value.lat, value.lng])) current.map.setView([value.lat, value.lng], 16);
  }, [value]);

  const locateMe = async () => {
    const position = await geo.request();
    if (typeof position === 'string') return;
    const next = { lat: Number(position.lat.toFixed(6)), lng: Number(position.lng.toFixed(6)) };
    onChange(next);
    ref.current?.map.setView([next.lat, next.lng], 16);
  };

  return (
    <div className="rq-field rq-location">
      <p className="rq-label" id={`${mapId}-label`}>
        {t('requests.form.location')}
      </p>
      <p className="rq-hint">{t('requests.form.locationHint')}</p>
      <div className="pv-action-bar">
        <button type="button" className="pv-action-button pv-action-button-ghost pv-action-button-small" onClick={() => void locateMe()} disabled={geo.state.status === 'locating'}>
          {geo.state.status === 'locating' ? t('requests.form.locating') : t('requests.form.useMyLocation')}
        </button>
        <span className="rq-hint" aria-live="polite">
          {value ? t('requests.form.pinAt', { lat: value.lat.toFixed(5), lng: value.lng.toFixed(5) }) : t('requests.form.noPin')}
        </span>
      </div>
      {geo.state.status === 'error' ? (
        <p className="rq-error" role="alert">
          {t(`requests.geo.${geo.state.error}`)}
        </p>
      ) : null}
      <MapView
        id={mapId}
        label={mapLabel ?? t('requests.form.mapLabel')}
        center={value ? [value.lat, value.lng] : MEDELLIN}
        zoom={value ? 16 : 12}
        tileUrl={tileUrl}
        attribution={t('points.map.attribution')}
        onReady={onReady}
        className="rq-map-area"
      />
      {error ? (
        <p className="rq-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
