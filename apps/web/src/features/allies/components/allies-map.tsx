/**
 * Allies with a location on a Leaflet map. Loaded lazily (only when the map is shown).
 * Circle markers: no marker images to bundle.
 */
import 'leaflet/dist/leaflet.css';
import type { Ally } from '@puntoverde/contract';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../identity/api/public-config';

const MEDELLIN: [number, number] = [6.2442, -75.5812];

function FitAndResize({ allies }: { allies: Ally[] }) {
  const map = useMap();
  useEffect(() => {
    // The map appears inside a page that is already laid out: measure again (CONVENTIONS §9).
    const timer = window.setTimeout(() => map.invalidateSize(), 50);
    const located = allies.filter((a) => a.lat !== null && a.lng !== null);
    if (located.length > 1) map.fitBounds(located.map((a) => [a.lat as number, a.lng as number]), { padding: [32, 32] });
    return () => window.clearTimeout(timer);
  }, [map, allies]);
  return null;
}

export default function AlliesMap({ allies }: { allies: Ally[] }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const located = allies.filter((a) => a.lat !== null && a.lng !== null);
  return (
    <div className="allies-map" role="region" aria-label={t('allies.mapLabel')}>
      <MapContainer center={MEDELLIN} zoom={12} scrollWheelZoom={false} style={{ height: '100%', minHeight: 320 }}>
        {config.data ? (
          <TileLayer url={config.data.tile_url} attribution="&copy; OpenStreetMap contributors" />
        ) : null}
        <FitAndResize allies={located} />
        {located.map((a) => (
          <CircleMarker
            key={a.id}
            center={[a.lat as number, a.lng as number]}
            radius={9}
            pathOptions={{ color: a.kind === 'aliado' ? '#1b5e20' : '#4a148c', fillOpacity: 0.8 }}
          >
            <Popup>
              <strong>{a.name}</strong>
              <br />
              {t(`allies.kind.${a.kind}`)} · {t(`allies.category.${a.category}`)}
              {a.address ? (
                <>
                  <br />
                  {a.address}
                </>
              ) : null}
            </Popup>
          </CircleMarker>
        ))}
      </MapContainer>
      <p className="content-card__meta">{t('allies.mapCount', { count: located.length })}</p>
    </div>
  );
}
