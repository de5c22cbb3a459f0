/**
 * Mi ruta de hoy, for a recycler with a phone: the day's stops in visiting order (nearest
 * neighbour from the ECA improved by 2-opt, computed by the server), on a map and as a list; each
 * stop with its address, materials and estimated kilos, a one-tap "Navegar" (geo: link, opens the
 * phone's maps app) and "Recogido" / "No estaba" with a reason. With no signal the mark is kept in
 * the phone's outbox and sent once when the connection returns. Below, the open pickups of the
 * micro-routes the recycler works, which they may take.
 */
import { STOP_MISS_REASONS, formatKg, type MyRoute, type RouteStop, type StopMissReason, type StopOutcome } from '@puntoverde/contract';
import type { LayerGroup, Map as LeafletMap } from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/field-shell';
import { useOutboxEntries } from '../../../components/offline/outbox-list';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-errors';
import type { LeafletModule } from '../../../lib/map/load-leaflet';
import { MapView } from '../../../lib/map/map-view';
import { STOP_OUTBOX_KIND, stopOutcomePath, useMarkStop, useMyRoute, useOpenPickups, useTakePickup } from '../api/route';
import '../recyclers.css';

/** The phone's maps app at the stop (Android's geo: URI; the address labels the pin). */
export function geoUri(stop: { lat: number; lng: number; address: string }): string {
  return `geo:${stop.lat},${stop.lng}?q=${stop.lat},${stop.lng}(${encodeURIComponent(stop.address)})`;
}

function formatKm(km: number, lang: string): string {
  return new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'es-CO', { maximumFractionDigits: 1 }).format(km);
}

type Leg = MyRoute['legs'][number];

export function MyRouteScreen({ tileUrl, date }: { tileUrl: string | null; date?: string }) {
  const { t, i18n } = useTranslation();
  const route = useMyRoute(date);
  const queued = useOutboxEntries([STOP_OUTBOX_KIND]);
  // Stops marked on this phone and not sent yet: shown as marked, "waiting for a connection".
  const pending = useMemo(() => {
    const byPath = new Map<string, { outcome: StopOutcome; reason: StopMissReason | null }>();
    for (const e of queued)
      if (e.state !== 'sent') byPath.set(e.path, e.body as { outcome: StopOutcome; reason: StopMissReason | null });
    return byPath;
  }, [queued]);
  // A copy already shown stays on screen when a later read fails (no signal on the street).
  if (route.isError && !route.data) return <FormAlert message={apiErrorMessage(t, route.error)} />;
  if (!route.data) return <p role="status">{t('app.loading')}</p>;
  const { legs, member } = route.data;
  const count = legs.reduce((n, l) => n + l.stops.length, 0);
  return (
    <div className="rc rc-my-route">
      {member ? (
        <p className="rc-lead">
          {member.name} · {member.organization}
        </p>
      ) : null}
      {count === 0 ? (
        <p role="status">{member ? t('recyclers.route.empty') : t('recyclers.route.notMember')}</p>
      ) : (
        legs.map((leg) => (
          <RouteLeg key={leg.eca.point_id} leg={leg} tileUrl={tileUrl} pending={pending} lang={i18n.language} />
        ))
      )}
      {member ? <OpenPickups /> : null}
    </div>
  );
}

function RouteLeg({
  leg,
  tileUrl,
  pending,
  lang,
}: {
  leg: Leg;
  tileUrl: string | null;
  pending: Map<string, { outcome: StopOutcome; reason: StopMissReason | null }>;
  lang: string;
}) {
  const { t } = useTranslation();
  const mapRef = useRef<{ map: LeafletMap; L: LeafletModule; layer: LayerGroup } | null>(null);
  const [mapReady, setMapReady] = useState(0);
  const onReady = useCallback((map: LeafletMap, L: LeafletModule) => {
    mapRef.current = { map, L, layer: L.layerGroup().addTo(map) };
    setMapReady((n) => n + 1);
    return () => {
      mapRef.current = null;
    };
  }, []);
  useEffect(() => {
    const current = mapRef.current;
    if (!current) return;
    const { L, map, layer } = current;
    layer.clearLayers();
    const icon = (label: string, kind: 'eca' | 'stop' | 'done') =>
      L.divIcon({ className: '', html: `<span class="rc-route-marker rc-route-marker--${kind}">${label}</span>`, iconSize: [28, 28], iconAnchor: [14, 14] });
    L.marker([leg.eca.lat, leg.eca.lng], { icon: icon('E', 'eca'), title: leg.eca.name, keyboard: false }).addTo(layer);
    const path: [number, number][] = [[leg.eca.lat, leg.eca.lng]];
    for (const s of leg.stops) {
      L.marker([s.lat, s.lng], { icon: icon(String(s.order), s.outcome ? 'done' : 'stop'), title: `${s.order}. ${s.address}`, keyboard: false }).addTo(layer);
      path.push([s.lat, s.lng]);
    }
    path.push([leg.eca.lat, leg.eca.lng]);
    L.polyline(path, { color: '#6a3d9a', weight: 4, opacity: 0.8 }).addTo(layer);
    map.fitBounds(L.latLngBounds(path).pad(0.15), { maxZoom: 16 });
  }, [leg, mapReady]);

  const left = leg.stops.filter((s) => !s.outcome && !pending.has(stopOutcomePath(s.request_id))).length;
  return (
    <section className="rc-route-leg" aria-labelledby={`rc-leg-${leg.eca.point_id}`}>
      <h2 id={`rc-leg-${leg.eca.point_id}`}>{t('recyclers.route.from', { eca: leg.eca.name })}</h2>
      <p>
        {t('recyclers.route.summary', {
          count: leg.stops.length,
          left,
          km: formatKm(leg.km, lang),
          naive: formatKm(leg.naive_km, lang),
        })}
      </p>
      <MapView
        id={`rc-route-map-${leg.eca.point_id}`}
        label={t('recyclers.route.mapLabel', { eca: leg.eca.name })}
        center={[leg.eca.lat, leg.eca.lng]}
        zoom={14}
        tileUrl={tileUrl}
        attribution={t('points.map.attribution')}
        onReady={onReady}
        className="rc-route-map"
      />
      <ol className="rc-stops" aria-label={t('recyclers.route.listLabel')}>
        {leg.stops.map((s) => (
          <StopCard key={s.request_id} stop={s} queued={pending.get(stopOutcomePath(s.request_id))} lang={lang} />
        ))}
      </ol>
    </section>
  );
}

function StopCard({
  stop,
  queued,
  lang,
}: {
  stop: RouteStop;
  queued: { outcome: StopOutcome; reason: StopMissReason | null } | undefined;
  lang: string;
}) {
  const { t } = useTranslation();
  const mark = useMarkStop();
  const [missing, setMissing] = useState(false);
  const [reason, setReason] = useState<StopMissReason | ''>('');
  const [note, setNote] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const shown = stop.outcome ? { outcome: stop.outcome, reason: stop.outcome_reason } : (queued ?? null);
  const titleId = `rc-stop-${stop.request_id}`;

  const send = (outcome: StopOutcome, why: StopMissReason | null) =>
    mark.mutate({
      stop,
      body: { outcome, reason: why, note: why === 'otro' ? note.trim() : null, at: new Date().toISOString() },
    });
  const submitMiss = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setReasonError(t('recyclers.route.reasonRequired'));
    if (reason === 'otro' && note.trim().length < 3) return setReasonError(t('recyclers.route.noteRequired'));
    setReasonError(null);
    send('no-estaba', reason);
  };

  return (
    <li className="pv-card rc-stop" aria-labelledby={titleId} data-request-id={stop.request_id}>
      <h3 id={titleId}>
        {stop.order}. {stop.address}
      </h3>
      <p>
        {t('recyclers.route.askFor', { name: stop.requester_first_name })} · {t(`recyclers.route.windows.${stop.time_window}`, { defaultValue: stop.time_window })}
      </p>
      <p>
        {`${stop.items
          .map((i) => (i.estimated_kg === null ? i.material_name : `${i.material_name} ${formatKg(i.estimated_kg, lang)}`))
          .join(' · ')} — ${t('recyclers.route.estimated', { kg: formatKg(stop.estimated_kg, lang) })}`}
      </p>
      {stop.notes ? <p className="rc-hint">{stop.notes}</p> : null}
      <p className="rc-stop-actions">
        <a className="pv-button pv-button-secondary" href={geoUri(stop)} aria-label={t('recyclers.route.navigateTo', { address: stop.address })}>
          {t('recyclers.route.navigate')}
        </a>
      </p>
      {shown ? (
        <p className="rc-stop-state" role="status">
          <strong>
            {shown.outcome === 'recogido'
              ? t('recyclers.route.collected')
              : t('recyclers.route.missed', { reason: t(`recyclers.route.reasons.${shown.reason ?? 'otro'}`) })}
          </strong>
          {!stop.outcome ? ` · ${t('recyclers.route.waitingSync')}` : null}
        </p>
      ) : missing ? (
        <form className="rc-form" noValidate onSubmit={submitMiss} aria-label={t('recyclers.route.missForm', { address: stop.address })}>
          <fieldset>
            <legend>{t('recyclers.route.reason')}</legend>
            {STOP_MISS_REASONS.map((r) => (
              <label key={r} className="rc-radio">
                <input type="radio" name={`reason-${stop.request_id}`} value={r} checked={reason === r} onChange={() => setReason(r)} />{' '}
                {t(`recyclers.route.reasons.${r}`)}
              </label>
            ))}
          </fieldset>
          {reason === 'otro' ? (
            <label className="rc-field">
              {t('recyclers.route.note')}
              <input className="pv-field-input" value={note} maxLength={300} onChange={(e) => setNote(e.target.value)} />
            </label>
          ) : null}
          <FormAlert message={reasonError} />
          <p className="rc-stop-actions">
            <SubmitButton busy={mark.isPending}>{t('recyclers.route.saveMissed')}</SubmitButton>
            <button type="button" className="pv-button pv-button-secondary" onClick={() => setMissing(false)}>
              {t('recyclers.route.cancel')}
            </button>
          </p>
        </form>
      ) : (
        <p className="rc-stop-actions">
          <button
            type="button"
            className="pv-button"
            aria-disabled={mark.isPending || undefined}
            onClick={() => !mark.isPending && send('recogido', null)}
            aria-label={t('recyclers.route.markCollected', { address: stop.address })}
          >
            {t('recyclers.route.collectedButton')}
          </button>
          <button
            type="button"
            className="pv-button pv-button-secondary"
            onClick={() => setMissing(true)}
            aria-label={t('recyclers.route.markMissed', { address: stop.address })}
          >
            {t('recyclers.route.missedButton')}
          </button>
        </p>
      )}
      <FormAlert message={mark.error ? apiErrorMessage(t, mark.error) : null} />
    </li>
  );
}

function OpenPickups() {
  const { t, i18n } = useTranslation();
  const open = useOpenPickups();
  const take = useTakePickup();
  if (!open.data?.length) return null;
  return (
    <section aria-labelledby="rc-open-title">
      <h2 id="rc-open-title">{t('recyclers.route.openTitle')}</h2>
      <ul className="rc-members">
        {open.data.map((p) => (
          <li key={p.request_id} className="pv-card">
            <p>
              <strong>{p.address}</strong> · {p.micro_route.name}
            </p>
            <p>
              {t('recyclers.route.openWhen', { date: p.pickup_date })} · {t('recyclers.route.estimated', { kg: formatKg(p.estimated_kg, i18n.language) })}
            </p>
            <button
              type="button"
              className="pv-button"
              aria-disabled={take.isPending || undefined}
              onClick={() => !take.isPending && take.mutate(p.request_id)}
              aria-label={t('recyclers.route.takeLabel', { address: p.address })}
            >
              {t('recyclers.route.take')}
            </button>
          </li>
        ))}
      </ul>
      <FormAlert message={take.error ? apiErrorMessage(t, take.error) : null} />
    </section>
  );
}
