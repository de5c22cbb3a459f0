/**
 * The pickup location: tap the map to drop the pin, use the device position (high accuracy,
 * 10 s, spec §9), or type the address (the form passes it in): a typed address moves the pin,
 * and a pin placed by hand is named by its address, which can fill an empty address field.
 * Forms with no address field of their own (reports, branches) get an address search here.
 * Without a pointer or a device position, the keyboard pans the focused map (arrows) and places
 * the pin at its centre (Enter, or "Usar el centro del mapa"), where a cross marks it.
 */
import { useIonViewDidEnter } from '@ionic/react';
import type { GeocodeHit } from '@puntoverde/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { CircleMarker, Map as LeafletMap } from 'leaflet';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeafletModule } from '../../../lib/map/load-leaflet';
import {
  describeHit,
  geocodeSearchQueryOptions,
  MIN_ADDRESS_LENGTH,
  reverseGeocodeQueryOptions,
  useSettledText,
} from '../../../lib/map/geocoding';
import { MapView } from '../../../lib/map/map-view';
import { useGeolocation } from '../../../lib/use-geolocation';
import '../../../components/actions.css';
import '../requests.css';

const MEDELLIN: [number, number] = [6.2442, -75.5812];

export type LatLng = { lat: number; lng: number };

type Search =
  | { kind: 'idle' | 'searching' | 'short' | 'none' | 'failed' }
  | { kind: 'found'; hits: GeocodeHit[]; chosen: number | null };

/** The server's shortest search text (v1/geocoding/search). */
const MIN_SEARCH_LENGTH = 3;

type Lookup =
  | { kind: 'idle' | 'naming' | 'unnamed' | 'not-found' }
  | { kind: 'named' | 'placed'; hit: GeocodeHit };

export function LocationPicker({
  value,
  onChange,
  tileUrl,
  error,
  mapLabel,
  address,
  onAddressFound,
}: {
  value: LatLng | null;
  onChange: (value: LatLng) => void;
  tileUrl: string;
  error?: string;
  /** The map's accessible name (other forms than pickups say what the pin marks). */
  mapLabel?: string;
  /** The address typed in the form: once the typing settles, the pin moves to it. */
  address?: string;
  /** The address of a pin placed by hand (tap or "use my location"), to fill the form's field. */
  onAddressFound?: (address: string) => void;
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
  const queryClient = useQueryClient();
  // What is known about the pin: named by reverse lookup when placed by hand, or placed by the
  // typed address.
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  // Address texts that must not move the pin: what the pin wrote into the field, and what was
  // typed before the person placed the pin by hand.
  const settledTexts = useRef(new Set<string>());
  const sequence = useRef(0);
  const hasPin = useRef(value !== null);
  useEffect(() => {
    hasPin.current = value !== null;
  }, [value]);
  const onAddressFoundRef = useRef(onAddressFound);
  useEffect(() => {
    onAddressFoundRef.current = onAddressFound;
  }, [onAddressFound]);

  const nameThePin = useCallback(
    (pin: LatLng) => {
      const mine = ++sequence.current;
      setLookup({ kind: 'naming' });
      queryClient.fetchQuery(reverseGeocodeQueryOptions(pin)).then(
        (hit) => {
          if (mine !== sequence.current) return;
          setLookup(hit ? { kind: 'named', hit } : { kind: 'unnamed' });
          if (hit?.address) {
            const text = describeHit(hit);
            settledTexts.current.add(text);
            onAddressFoundRef.current?.(text);
          }
        },
        () => mine === sequence.current && setLookup({ kind: 'unnamed' }),
      );
    },
    [queryClient],
  );

  // A pin the form starts with is named too.
  useEffect(() => {
    if (initial.current) nameThePin(initial.current);
  }, [nameThePin]);

  const latestAddress = useRef(address);
  useEffect(() => {
    latestAddress.current = address;
  }, [address]);

  // A typed address, once the typing settles, moves the pin.
  const settled = useSettledText(address ?? '');
  useEffect(() => {
    if (settled.length < MIN_ADDRESS_LENGTH || settledTexts.current.has(settled)) return;
    const mine = ++sequence.current;
    queryClient.fetchQuery(geocodeSearchQueryOptions(settled)).then(
      (hits) => {
        if (mine !== sequence.current) return;
        const hit = hits[0];
        if (!hit) return setLookup({ kind: 'not-found' });
        // Only the town is known: a pin the person already placed is better than its centre.
        if (hit.precision === 'city' && hasPin.current) return;
        setLookup({ kind: 'placed', hit });
        onChangeRef.current({ lat: hit.lat, lng: hit.lng });
        ref.current?.map.setView([hit.lat, hit.lng], hit.precision === 'city' ? 13 : hit.precision === 'place' ? 15 : 17);
      },
      () => undefined,
    );
  }, [settled, queryClient]);

  const placeByHand = (next: LatLng) => {
    // The pin placed by hand wins over the address typed before it; typing again moves it.
    settledTexts.current.add((latestAddress.current ?? '').trim());
    onChangeRef.current(next);
    nameThePin(next);
  };

  useIonViewDidEnter(() => {
    ref.current?.map.invalidateSize();
  });

  const placeByHandRef = useRef(placeByHand);
  useEffect(() => {
    placeByHandRef.current = placeByHand;
  });

  const onReady = useCallback((map: LeafletMap, L: LeafletModule) => {
    ref.current = { map, L, pin: null };
    map.on('click', (e) => placeByHandRef.current({ lat: Number(e.latlng.lat.toFixed(6)), lng: Number(e.latlng.lng.toFixed(6)) }));
    // Enter or Space on the focused map (arrows pan it) marks its centre.
    const container = map.getContainer();
    const onKey = (event: KeyboardEvent) => {
      if (event.target !== container || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      const c = map.getCenter();
      placeByHandRef.current({ lat: Number(c.lat.toFixed(6)), lng: Number(c.lng.toFixed(6)) });
    };
    container.addEventListener('keydown', onKey);
    if (initial.current) {
      ref.current.pin = L.circleMarker([initial.current.lat, initial.current.lng], { radius: 10, color: '#ffffff', weight: 3, fillColor: '#1e6b3a', fillOpacity: 1 }).addTo(map);
    }
    return () => {
      container.removeEventListener('keydown', onKey);
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

  /** The pin at the map's centre (the keyboard's and the no-location way to place it). */
  const placeAtCentre = () => {
    const map = ref.current?.map;
    if (!map) return;
    const c = map.getCenter();
    placeByHand({ lat: Number(c.lat.toFixed(6)), lng: Number(c.lng.toFixed(6)) });
  };

  // The address search of forms without an address field.
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>({ kind: 'idle' });
  const placeAtHit = (hit: GeocodeHit) => {
    ++sequence.current;
    setLookup({ kind: 'placed', hit });
    onChangeRef.current({ lat: hit.lat, lng: hit.lng });
    ref.current?.map.setView([hit.lat, hit.lng], hit.precision === 'city' ? 13 : hit.precision === 'place' ? 15 : 17);
  };
  const searchAddress = async () => {
    const q = query.trim();
    if (q.length < MIN_SEARCH_LENGTH) return setSearch({ kind: 'short' });
    setSearch({ kind: 'searching' });
    try {
      const hits = await queryClient.fetchQuery(geocodeSearchQueryOptions(q));
      if (!hits.length) return setSearch({ kind: 'none' });
      // One answer places the pin at once; several are offered to choose from.
      setSearch({ kind: 'found', hits, chosen: hits.length === 1 ? 0 : null });
      if (hits.length === 1) placeAtHit(hits[0]!);
    } catch {
      setSearch({ kind: 'failed' });
    }
  };

  const locateMe = async () => {
    const position = await geo.request();
    if (typeof position === 'string') return;
    const next = { lat: Number(position.lat.toFixed(6)), lng: Number(position.lng.toFixed(6)) };
    placeByHand(next);
    ref.current?.map.setView([next.lat, next.lng], 16);
  };

  function pinStatus(): string {
    if (lookup.kind === 'not-found' && !value) return t('requests.form.addressNotFound');
    if (!value) return t('requests.form.noPin');
    switch (lookup.kind) {
      case 'placed':
        return lookup.hit.precision === 'city'
          ? t('requests.form.pinCityOnly', { city: lookup.hit.city })
          : t('requests.form.pinFromAddress', { address: describeHit(lookup.hit) });
      case 'named':
        return lookup.hit.address
          ? t('requests.form.pinNear', { address: describeHit(lookup.hit) })
          : t('requests.form.pinInCity', { city: lookup.hit.city });
      case 'naming':
        return t('requests.form.pinNaming');
      default:
        return t('requests.form.pinNoAddress');
    }
  }

  return (
    <div className="rq-field rq-location">
      <p className="rq-label" id={`${mapId}-label`}>
        {t('requests.form.location')}
      </p>
      <p className="rq-hint">{t('requests.form.locationHint')}</p>
      {address === undefined ? (
        <div className="rq-address-search">
          <label className="rq-label" htmlFor={`${mapId}-q`}>
            {t('requests.form.searchAddress')}
          </label>
          <p className="rq-hint" id={`${mapId}-q-hint`}>
            {t('requests.form.searchAddressHint')}
          </p>
          <div className="rq-address-search-row">
            <input
              id={`${mapId}-q`}
              className="pv-field-input"
              type="search"
              autoComplete="street-address"
              aria-describedby={`${mapId}-q-hint`}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                // Enter searches here; it must not send the form around the picker.
                if (e.key !== 'Enter') return;
                e.preventDefault();
                void searchAddress();
              }}
            />
            <button type="button" className="pv-button pv-button-secondary pv-button-small" onClick={() => void searchAddress()}>
              {t('requests.form.search')}
            </button>
          </div>
          <p className="rq-hint" role="status">
            {search.kind === 'searching'
              ? t('requests.form.searching')
              : search.kind === 'short'
                ? t('requests.form.searchTooShort', { min: MIN_SEARCH_LENGTH })
                : search.kind === 'none'
                  ? t('requests.form.searchNone')
                  : search.kind === 'failed'
                    ? t('requests.form.searchFailed')
                    : search.kind === 'found' && search.hits.length > 1
                      ? t('requests.form.searchFound', { count: search.hits.length })
                      : ''}
          </p>
          {search.kind === 'found' && search.hits.length > 1 ? (
            <ul className="rq-address-hits" aria-label={t('requests.form.searchResults')}>
              {search.hits.map((hit, i) => (
                <li key={`${hit.lat},${hit.lng},${i}`}>
                  <button
                    type="button"
                    className="pv-button pv-button-secondary pv-button-small"
                    aria-pressed={search.chosen === i}
                    onClick={() => {
                      setSearch({ ...search, chosen: i });
                      placeAtHit(hit);
                    }}
                  >
                    {describeHit(hit)}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="pv-action-bar">
        <button type="button" className="pv-button pv-button-secondary pv-button-small" aria-disabled={geo.state.status === 'locating'} onClick={() => void (geo.state.status === 'locating' ? undefined : locateMe())}>
          {geo.state.status === 'locating' ? t('requests.form.locating') : t('requests.form.useMyLocation')}
        </button>
        <button type="button" className="pv-button pv-button-secondary pv-button-small" onClick={placeAtCentre}>
          {t('requests.form.useMapCentre')}
        </button>
        <span className="rq-hint" aria-live="polite">
          {pinStatus()}
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
        keyHint={t('requests.form.mapKeys')}
        crosshair
      />
      {error ? (
        <p className="rq-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
