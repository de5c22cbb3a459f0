import { useIonToast, useIonViewDidEnter } from '@ionic/react';
import { MAP_DEFAULT_VIEW, POINT_KIND_COLORS, POINT_KINDS, TOAST_LONG_DURATION_MS, type MaterialSearchHit, type PointKind } from '@puntoverde/contract';
import type { Map as LeafletMap } from 'leaflet';
import { startTransition, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { loadLeaflet, type LeafletModule } from '../../../lib/map/load-leaflet';
import { MapView } from '../../../lib/map/map-view';
import { NO_FILTERS, type PointFilters } from '../api/filters';
import { usePointClusters, type Viewport } from '../api/point-clusters';
import { usePointDetail } from '../api/point-detail';
import { usePointsNear, type Origin } from '../api/points-near';
import { useGeolocation } from '../../../lib/use-geolocation';
import { MaterialChips } from './material-chips';
import { PointsLayer } from './points-layer';
import { PointsList } from './points-list';
import { OpenNowBadge } from './open-now-badge';
import { formatCount } from '../format';
import '../points.css';
import { formatAddress } from '../../../lib/address';

// The map library downloads while the page renders, not after.
void loadLeaflet().catch(() => undefined);

/** Medellín, the demo city (DESIGN.md §6). */
const DEFAULT_CENTER: [number, number] = [MAP_DEFAULT_VIEW.lat, MAP_DEFAULT_VIEW.lng];
const DEFAULT_ZOOM = MAP_DEFAULT_VIEW.zoom;
const FOCUS_ZOOM = 17;

function viewportOf(map: LeafletMap): Viewport {
  // A margin around the visible area: small pans need no new request.
  const b = map.getBounds().pad(0.25);
  const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
  return {
    bbox: [clamp(b.getWest(), -180, 180), clamp(b.getSouth(), -90, 90), clamp(b.getEast(), -180, 180), clamp(b.getNorth(), -90, 90)],
    zoom: Math.round(map.getZoom()),
  };
}

export type PointsMapScreenProps = {
  /** A point to focus (home/{id}). */
  focusId: number | null;
  tileUrl: string | null;
  /** Material codes to filter by from the start (`/home?materials=pilas`, from the help guide). */
  initialMaterials?: string[];
  /**
   * The "¿Dónde reciclo?" dictionary (composed in by the page): a searched everyday word
   * ("nevera", "pilas") filters the map by the material that takes it, with the advice shown.
   */
  lookUpWord?: (word: string) => Promise<MaterialSearchHit | null>;
};

export function PointsMapScreen({ focusId, tileUrl, initialMaterials = [], lookUpWord }: PointsMapScreenProps) {
  const { t, i18n } = useTranslation();
  const [present] = useIonToast();
  const mapId = `pvp-map-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [filters, setFilters] = useState<PointFilters>(() => ({ ...NO_FILTERS, materials: initialMaterials }));
  const [query, setQuery] = useState('');
  // What the dictionary said about the last searched word.
  const [guide, setGuide] = useState<{ word: string; hit: MaterialSearchHit } | null>(null);
  const [view, setView] = useState<Viewport | null>(null);
  const [center, setCenter] = useState<Origin>({ lat: DEFAULT_CENTER[0], lng: DEFAULT_CENTER[1] });
  const [mode, setMode] = useState<'map' | 'list'>('map');
  const [selected, setSelected] = useState<number | null>(focusId);
  const [mapReady, setMapReady] = useState(false);
  const { state: geo, request: requestLocation } = useGeolocation();
  const mapRef = useRef<{ map: LeafletMap; L: LeafletModule; layer: PointsLayer; here: ReturnType<LeafletModule['circleMarker']> | null } | null>(null);

  const clusters = usePointClusters(view, filters);
  const origin = geo.status === 'located' ? geo.position : center;
  const near = usePointsNear(origin, filters, 20);
  const focused = usePointDetail(focusId ?? 0);
  const preview = usePointDetail(selected ?? 0);

  useIonViewDidEnter(() => {
    mapRef.current?.map.invalidateSize();
  });

  const onReady = useCallback(
    (map: LeafletMap, L: LeafletModule) => {
      const layer = new PointsLayer(
        L,
        map,
        {
          cluster: (count) => t('points.map.clusterLabel', { count, formatted: formatCount(count, i18n.language) }),
          count: (count) => formatCount(count, i18n.language),
          point: (kind: PointKind) => t(`points.kinds.${kind}`),
        },
        (id) => setSelected(id),
      );
      mapRef.current = { map, L, layer, here: null };
      setMapReady(true);
      const update = () => {
        setView(viewportOf(map));
        const c = map.getCenter();
        // The list follows the map at a lower priority than the markers (no long task).
        startTransition(() => setCenter({ lat: c.lat, lng: c.lng }));
      };
      map.on('moveend', update);
      update();
      return () => {
        map.off('moveend', update);
        layer.remove();
        mapRef.current = null;
        setMapReady(false);
      };
    },
    [t, i18n.language],
  );

  // Draw each new answer (the previous one stays while the next loads).
  useEffect(() => {
    if (clusters.data && mapRef.current) void mapRef.current.layer.render(clusters.data, selected);
  }, [clusters.data, selected, mapReady]);

  // home/{id}: fly to the point once it is known.
  useEffect(() => {
    if (!focused.data || !mapRef.current) return;
    mapRef.current.map.setView([focused.data.lat, focused.data.lng], FOCUS_ZOOM);
    setSelected(focused.data.id);
  }, [focused.data, mapReady]);

  const toggleMaterial = useCallback(
    (code: string) =>
      setFilters((f) => ({
        ...f,
        materials: f.materials.includes(code) ? f.materials.filter((c) => c !== code) : [...f.materials, code],
      })),
    [],
  );
  const toggleOpenNow = useCallback(() => setFilters((f) => ({ ...f, openNow: !f.openNow })), []);

  const onSearch = async (event: FormEvent) => {
    event.preventDefault();
    const word = query.trim();
    const hit = word && lookUpWord ? await lookUpWord(word).catch(() => null) : null;
    setGuide(hit ? { word, hit } : null);
    // A thing to recycle shows the points that take its material; anything else is a name search.
    if (hit && hit.kind !== 'no-aprovechable') setFilters((f) => ({ ...f, q: '', materials: [hit.material] }));
    else setFilters((f) => ({ ...f, q: word }));
  };

  const searchByName = () => {
    if (!guide) return;
    setFilters((f) => ({ ...f, q: guide.word, materials: f.materials.filter((c) => c !== guide.hit.material) }));
    setGuide(null);
  };

  const nearMe = async () => {
    const result = await requestLocation();
    if (typeof result === 'string') {
      void present({ message: t(`points.geo.${result}`), duration: TOAST_LONG_DURATION_MS, color: 'warning' });
      return;
    }
    const current = mapRef.current;
    if (current) {
      current.map.setView([result.lat, result.lng], 15);
      current.here?.remove();
      current.here = current.L.circleMarker([result.lat, result.lng], {
        radius: 9,
        color: '#ffffff',
        weight: 3,
        fillColor: '#1a73e8',
        fillOpacity: 1,
      })
        .bindTooltip(t('points.geo.youAreHere'))
        .addTo(current.map);
    }
    setMode('list');
  };

  const total = clusters.data?.total;
  const status = useMemo(() => {
    if (clusters.isError) return t('points.map.loadError');
    if (total === undefined) return t('points.map.loading');
    return t('points.map.total', { count: total, formatted: formatCount(total, i18n.language) });
  }, [clusters.isError, total, t, i18n.language]);

  return (
    <div className={`pvp-points-screen pvp-mode-${mode}`}>
      <div className="pvp-points-tools">
        <form role="search" className="pvp-search" onSubmit={(e) => void onSearch(e)}>
          <label htmlFor={`${mapId}-q`} className="visually-hidden">
            {t('points.search.label')}
          </label>
          <input
            id={`${mapId}-q`}
            type="search"
            value={query}
            placeholder={t('points.search.placeholder')}
            onChange={(e) => {
              setQuery(e.target.value);
              if (e.target.value === '') {
                setFilters((f) => ({ ...f, q: '' }));
                setGuide(null);
              }
            }}
          />
          <button type="submit" className="pv-button pv-button-secondary">
            {t('points.search.submit')}
          </button>
        </form>
        {guide ? (
          <div className="pvp-guide" role="status">
            <p>
              <strong>{i18n.language.startsWith('en') ? guide.hit.material_name_en : guide.hit.material_name_es}</strong>:{' '}
              {t(`points.search.advice.${guide.hit.kind}`)}
              {guide.hit.kind !== 'no-aprovechable' ? ` ${t('points.search.guideFiltered')}` : ''}
            </p>
            {guide.hit.kind !== 'no-aprovechable' ? (
              <button type="button" className="pv-button-link" onClick={searchByName}>
                {t('points.search.byName', { word: guide.word })}
              </button>
            ) : null}
          </div>
        ) : null}
        <MaterialChips
          selected={filters.materials}
          openNow={filters.openNow}
          onToggle={toggleMaterial}
          onToggleOpenNow={toggleOpenNow}
        />
        <div className="pvp-points-actions">
          <button type="button" className="pv-button" onClick={() => void nearMe()} disabled={geo.status === 'locating'}>
            {geo.status === 'locating' ? t('points.geo.locating') : t('points.geo.nearMe')}
          </button>
          <div className="pvp-segment" role="group" aria-label={t('points.view.label')}>
            <button type="button" aria-pressed={mode === 'map'} onClick={() => setMode('map')}>
              {t('points.view.map')}
            </button>
            <button type="button" aria-pressed={mode === 'list'} onClick={() => setMode('list')}>
              {t('points.view.list')}
            </button>
          </div>
          <p className="pvp-points-status" role="status" aria-live="polite">
            {status}
          </p>
        </div>
        {geo.status === 'error' ? (
          <p className="pvp-geo-error" role="alert">
            {t(`points.geo.${geo.error}`)}
          </p>
        ) : null}
      </div>
      <div className="pvp-points-body">
        <div className="pvp-points-map">
          <MapView
            id={mapId}
            label={t('points.map.label')}
            center={DEFAULT_CENTER}
            zoom={DEFAULT_ZOOM}
            tileUrl={tileUrl}
            attribution={t('points.map.attribution')}
            onReady={onReady}
          />
          <MapLegend />
          {selected !== null && preview.data ? (
            // On phones a bottom sheet over the map (points.css), beside it on wider screens.
            <section className="pvp-point-preview" aria-labelledby={`${mapId}-preview`}>
              <h2 id={`${mapId}-preview`}>{preview.data.name}</h2>
              <p>
                {t(`points.kinds.${preview.data.kind}`)} · {formatAddress(preview.data.address, preview.data.city)}
              </p>
              <OpenNowBadge open={preview.data.open_now} />
              <p className="pvp-point-preview-actions">
                <AppLink to={`/map/${preview.data.id}`}>{t('points.preview.details')}</AppLink>
                <button type="button" className="pv-button-link" onClick={() => setSelected(null)}>
                  {t('points.preview.close')}
                </button>
              </p>
            </section>
          ) : null}
        </div>
        <section className="pvp-points-list" aria-labelledby={`${mapId}-list`}>
          <h2 id={`${mapId}-list`}>
            {geo.status === 'located' ? t('points.list.titleFromYou') : t('points.list.titleFromCenter')}
          </h2>
          <PointsList data={near.data} isPending={near.isPending} isError={near.isError} isFetching={near.isFetching} />
        </section>
      </div>
    </div>
  );
}

/** What the map's colours mean: one swatch per kind of point, the clusters and the chosen point. */
export function MapLegend() {
  const { t } = useTranslation();
  return (
    <details className="pvp-legend">
      <summary>{t('design.map.legend')}</summary>
      <ul aria-label={t('design.map.legendLabel')}>
        {POINT_KINDS.map((kind) => (
          <li key={kind}>
            <span className="pvp-legend-dot" style={{ background: POINT_KIND_COLORS[kind] }} aria-hidden="true" />
            {t(`points.kinds.${kind}`)}
          </li>
        ))}
        <li>
          <span className="pvp-legend-dot pvp-legend-cluster" aria-hidden="true" />
          {t('design.map.cluster')}
        </li>
        <li>
          <span className="pvp-legend-dot pvp-legend-selected" aria-hidden="true" />
          {t('design.map.selected')}
        </li>
      </ul>
    </details>
  );
}
