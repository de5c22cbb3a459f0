/**
 * The day's scheduled pickups of a point on a map, numbered in route order: from the point,
 * always to the nearest pickup not visited yet (route-order.ts), with each leg's distance.
 */
import { useIonViewDidEnter } from '@ionic/react';
import type { LayerGroup, Map as LeafletMap } from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import type { LeafletModule } from '../../../lib/map/load-leaflet';
import { MapView } from '../../../lib/map/map-view';
import { useRequestList } from '../api/list-requests';
import { bogotaToday, formatCalendarDate, formatDistance, formatTime, nextPickupDay } from '../format';
import { routeOrder } from '../route-order';
import { itemsSummary } from './request-list';
import '../../../components/actions.css';
import '../../../components/form-fields.css';

const MEDELLIN: [number, number] = [6.2442, -75.5812];

export function DayRoute({ tileUrl }: { tileUrl: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const today = bogotaToday();
  // Opens on the next day with programmed pickups (today's when it has some), not on an empty today.
  const upcoming = useRequestList({ status: ['programada'], from: today, pageSize: 100 });
  const [chosenDay, setDay] = useState<string | null>(null);
  const day = chosenDay ?? (upcoming.data ? nextPickupDay(upcoming.data.items, today) : today);
  const [pointId, setPointId] = useState(0);
  const list = useRequestList({ status: ['programada', 'recogida'], from: day, to: day, pageSize: 100 }, chosenDay !== null || !upcoming.isPending);
  const requests = useMemo(() => list.data?.items ?? [], [list.data]);
  const points = useMemo(() => {
    const byId = new Map<number, (typeof requests)[number]['point']>();
    for (const r of requests) byId.set(r.point.id, r.point);
    return [...byId.values()];
  }, [requests]);
  const point = points.find((p) => p.id === pointId) ?? points[0] ?? null;
  const legs = useMemo(() => {
    if (!point) return [];
    // Still to visit: the programmed ones; the collected ones are shown after them, done.
    return routeOrder(
      point,
      requests.filter((r) => r.point.id === point.id && r.status === 'programada'),
    );
  }, [point, requests]);
  const done = requests.filter((r) => point && r.point.id === point.id && r.status === 'recogida');

  const mapRef = useRef<{ map: LeafletMap; L: LeafletModule; layer: LayerGroup } | null>(null);
  useIonViewDidEnter(() => {
    mapRef.current?.map.invalidateSize();
  });
  const [mapReady, setMapReady] = useState(0);
  const onReady = useCallback((map: LeafletMap, L: LeafletModule) => {
    mapRef.current = { map, L, layer: L.layerGroup().addTo(map) };
    setMapReady((n) => n + 1);
    return () => {
      mapRef.current = null;
    };
  }, []);

  // Redraw the route whenever the day, the point or the requests change.
  useEffect(() => {
    const current = mapRef.current;
    if (!current) return;
    const { L, map, layer } = current;
    layer.clearLayers();
    if (!point) return;
    const icon = (label: string, start = false) =>
      L.divIcon({ className: '', html: `<span class="rq-route-marker${start ? ' rq-route-marker--start' : ''}">${label}</span>`, iconSize: [28, 28], iconAnchor: [14, 14] });
    L.marker([point.lat, point.lng], { icon: icon('P', true), title: point.name, keyboard: false }).addTo(layer);
    const path: [number, number][] = [[point.lat, point.lng]];
    for (const leg of legs) {
      L.marker([leg.stop.lat, leg.stop.lng], { icon: icon(String(leg.order)), title: `${leg.order}. ${leg.stop.address}`, keyboard: false }).addTo(layer);
      path.push([leg.stop.lat, leg.stop.lng]);
    }
    if (path.length > 1) L.polyline(path, { color: '#6a3d9a', weight: 4, opacity: 0.8 }).addTo(layer);
    map.fitBounds(L.latLngBounds(path).pad(0.2), { maxZoom: 16 });
  }, [legs, point, mapReady]);

  return (
    <section className="rq" aria-labelledby="rq-day-title">
      <h3 id="rq-day-title">{t('requests.day.title', { date: formatCalendarDate(day, lang) })}</h3>
      <div className="rq-toolbar">
        <div className="rq-field">
          <label className="rq-label" htmlFor="rq-day">
            {t('requests.day.date')}
          </label>
          <input id="rq-day" className="pv-field-input" type="date" value={day} onChange={(e) => e.target.value && setDay(e.target.value)} />
        </div>
        {points.length > 1 ? (
          <div className="rq-field">
            <label className="rq-label" htmlFor="rq-day-point">
              {t('requests.day.start')}
            </label>
            <select id="rq-day-point" className="pv-field-input" value={point?.id ?? 0} onChange={(e) => setPointId(Number(e.target.value))}>
              {points.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <MapView
        id="rq-day-map"
        label={t('requests.day.mapLabel')}
        center={point ? [point.lat, point.lng] : MEDELLIN}
        zoom={13}
        tileUrl={tileUrl}
        attribution={t('points.map.attribution')}
        onReady={onReady}
        className="rq-map-area"
      />
      {list.isPending || (chosenDay === null && upcoming.isPending) ? (
        <p aria-busy="true">{t('requests.list.loading')}</p>
      ) : !point ? (
        <div className="pv-callout" role="status">
          <p>{t('requests.day.empty')}</p>
        </div>
      ) : (
        <>
          <p>
            {t('requests.day.from', { point: point.name })}
            {legs.length ? ` · ${t('requests.day.total', { count: legs.length, distance: formatDistance(legs.at(-1)!.totalMeters, lang) })}` : ''}
          </p>
          {legs.length === 0 ? <p className="rq-muted">{t('requests.day.allDone')}</p> : null}
          <ol className="rq-list" aria-label={t('requests.day.routeLabel')}>
            {legs.map((leg) => (
              <li key={leg.stop.id} className="pv-card rq-card">
                <div className="rq-card-head">
                  <strong>
                    {leg.order}. <AppLink to={`/app/tabs/prequest/${leg.stop.id}`}>{t('requests.list.itemTitle', { id: leg.stop.id })}</AppLink>
                  </strong>
                  <span>{leg.stop.scheduled_at ? formatTime(leg.stop.scheduled_at, lang) : ''}</span>
                </div>
                <p>
                  {leg.stop.requester.name} · {leg.stop.address}
                </p>
                <p className="rq-muted">
                  {itemsSummary(leg.stop, lang)} · {t('requests.day.leg', { distance: formatDistance(leg.legMeters, lang) })}
                </p>
              </li>
            ))}
          </ol>
          {done.length ? (
            <p className="rq-muted">{t('requests.day.collectedToday', { count: done.length })}</p>
          ) : null}
        </>
      )}
    </section>
  );
}
