import type { Map as LeafletMap, TileLayer } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findMapContainer, MapContainerError, mapErrorText } from './map-container';
import { loadLeaflet, type LeafletModule } from './load-leaflet';
import { yieldToMain } from '../main-thread';

/** Whether the person asked their system for less motion (WCAG 2.3.3). */
function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * With reduced motion the map jumps instead of gliding: Leaflet's options turn off its zoom, fade
 * and inertia animations, but panning (the arrow keys, panTo) and flyTo (a cluster's zoom) are
 * animated frame by frame in script, whatever CSS says: they go to their place at once.
 */
export function withoutMotion(map: LeafletMap): void {
  const panBy = map.panBy.bind(map);
  const setView = map.setView.bind(map);
  map.panBy = (offset, options) => panBy(offset, { ...options, animate: false });
  map.setView = (center, zoom, options) => setView(center, zoom, { ...options, animate: false });
  map.flyTo = (center, zoom) => setView(center, zoom, { animate: false });
  map.flyToBounds = (bounds, options) => map.fitBounds(bounds, { ...options, animate: false });
}

/** OpenStreetMap's standard tiles: the default of the server's TILE_URL. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export type MapReady = (map: LeafletMap, L: LeafletModule) => void | (() => void);

export type MapViewProps = {
  /** Unique per page instance: the spec requires one element per id. */
  id: string;
  /** What the map shows, for screen readers. */
  label: string;
  center: [number, number];
  zoom: number;
  /** Slippy-map template; null until known (no tiles are requested before). */
  tileUrl: string | null;
  attribution: string;
  onReady: MapReady;
  className?: string;
  /**
   * What the keyboard does on the focused map beyond Leaflet's arrows (pan) and + / − (zoom),
   * e.g. a picker's "Enter marks the centre"; read by screen readers with the map's name.
   */
  keyHint?: string;
  /** A cross at the map's centre, for pickers whose "use the map's centre" places the pin there. */
  crosshair?: boolean;
};

/**
 * Markers the map has panned out of view (or half out, clipped by its edge) leave the tab order:
 * Leaflet keeps them in the DOM, focusable, where a keyboard user would land on something unseen.
 */
export function keepHiddenMarkersOutOfTabOrder(container: HTMLElement): void {
  const box = container.getBoundingClientRect();
  for (const marker of container.querySelectorAll<HTMLElement>('.leaflet-marker-icon[tabindex]')) {
    const r = marker.getBoundingClientRect();
    const inside =
      r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    const wanted = inside ? '0' : '-1';
    if (marker.getAttribute('tabindex') !== wanted) {
      // The marker holding focus as it leaves the view keeps it until focus moves on.
      if (!inside && document.activeElement === marker) continue;
      marker.setAttribute('tabindex', wanted);
    }
  }
}

/**
 * A Leaflet map in a container that follows the specification's rules (map-container.ts).
 * Errors are shown in the map area. Base tiles are decoration: when they cannot load, a note
 * says so and everything drawn on the map keeps working.
 *
 * The zoom buttons and the attribution sit below the map, not on it: markers then never hide
 * under a control (each marker stays a whole, tappable target — WCAG 2.5.8), the buttons are
 * labelled in the app's language, and the attribution link is underlined like any link.
 */
export function MapView({ id, label, center, zoom, tileUrl, attribution, onReady, className, keyHint, crosshair }: MapViewProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const onReadyRef = useRef(onReady);
  useEffect(() => {
    onReadyRef.current = onReady;
  });
  const initial = useRef({ center, zoom, tileUrl });
  const tilesRef = useRef<TileLayer | null>(null);
  const leafletRef = useRef<{ L: LeafletModule; map: LeafletMap } | null>(null);
  const [ready, setReady] = useState(false);
  // Until the base tiles of the first view have loaded (or failed), the map says it is busy: a
  // page's server-drawn frame (lib/boot-screen.ts) stays over it until then, so its picture of
  // the first tiles is not replaced by an empty map for the moment Leaflet takes to draw them.
  const [tilesLoading, setTilesLoading] = useState(true);

  /** Base tiles: decoration. When several fail, a note says so; the drawn layers keep working. */
  const addTiles = (url: string) => {
    const current = leafletRef.current;
    if (!current) return;
    const tiles = current.L.tileLayer(url, { maxZoom: 19, crossOrigin: false });
    let failures = 0;
    tiles.on('tileerror', () => {
      failures += 1;
      if (failures === 3) setTilesFailed(true);
    });
    tiles.on('tileload', () => setTilesFailed(false));
    // Leaflet fires `load` once no tile of the view is left loading, failed ones included.
    tiles.once('load', () => setTilesLoading(false));
    tiles.addTo(current.map);
    tilesRef.current = tiles;
  };

  useEffect(() => {
    const abort = new AbortController();
    let map: LeafletMap | null = null;
    let cleanup: void | (() => void);
    let observer: ResizeObserver | null = null;
    let frame = 0;
    void (async () => {
      try {
        const element = await findMapContainer(id, { signal: abort.signal });
        const L = await loadLeaflet();
        // Four steps, each in a task of its own (lib/main-thread.ts): the lookup above measured
        // the page, building the map measures it again, the base tiles lay out a grid of images,
        // and the caller then draws its layers (tiles and layers in one task were the point
        // page's longest task at 4× CPU throttle: ~140 ms).
        await yieldToMain();
        if (abort.signal.aborted) return;
        const { center: c, zoom: z } = initial.current;
        const still = prefersReducedMotion();
        const created = L.map(element, {
          preferCanvas: true,
          zoomControl: false,
          attributionControl: false,
          worldCopyJump: false,
          ...(still ? { zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false, inertia: false } : {}),
        });
        if (still) withoutMotion(created);
        map = created;
        created.setView(c, z);
        setReady(true);
        leafletRef.current = { L, map: created };
        await yieldToMain();
        if (abort.signal.aborted) return;
        // The template may have arrived (and its tiles been added) meanwhile.
        const url = initial.current.tileUrl;
        if (url && !tilesRef.current) addTiles(url);
        observer = new ResizeObserver(() => created.invalidateSize());
        observer.observe(element);
        // Markers come and go with every answer and move with every pan: the tab order follows
        // once per frame.
        const sync = () => {
          if (frame) return;
          frame = requestAnimationFrame(() => {
            frame = 0;
            keepHiddenMarkersOutOfTabOrder(element);
          });
        };
        created.on('moveend zoomend resize layeradd', sync);
        await yieldToMain();
        if (abort.signal.aborted) return;
        cleanup = onReadyRef.current(created, L);
      } catch (err) {
        if (abort.signal.aborted) return;
        // eslint-disable-next-line no-restricted-syntax -- a MapContainerError carries the map's own translated text, not an API answer
        setError(err instanceof MapContainerError ? err.message : mapErrorText.notReady());
      }
    })();
    return () => {
      abort.abort();
      observer?.disconnect();
      if (frame) cancelAnimationFrame(frame);
      if (typeof cleanup === 'function') cleanup();
      map?.remove();
      tilesRef.current = null;
      leafletRef.current = null;
      setReady(false);
    };
    // Created once per container id; the tile template is handled below.
  }, [id]);

  // The tile template comes from the server's config, possibly after the map is up.
  useEffect(() => {
    initial.current.tileUrl = tileUrl;
    if (!tileUrl) return;
    if (tilesRef.current) tilesRef.current.setUrl(tileUrl);
    else addTiles(tileUrl);
  }, [tileUrl]);

  const zoomBy = (delta: 1 | -1) => {
    const map = leafletRef.current?.map;
    if (delta > 0) map?.zoomIn();
    else map?.zoomOut();
  };

  return (
    <div className="pvp-map-frame" role="region" aria-label={label} aria-busy={tilesLoading && !error ? true : undefined}>
      <div className={`pvp-map-area ${className ?? ''}`}>
        {/* Leaflet makes the container focusable (arrows pan, + and − zoom): an application with
            the map's name and its keys, so a screen reader says what it is and how to use it. */}
        <div id={id} className="pvp-map" role="application" aria-label={label} aria-describedby={`${id}-keys`} />
        {crosshair ? <span className="pvp-map-crosshair" aria-hidden="true" /> : null}
        <p id={`${id}-keys`} className="visually-hidden">
          {keyHint ? `${t('points.map.keys')} ${keyHint}` : t('points.map.keys')}
        </p>
        {error ? (
          <div className="pvp-map-error" role="alert">
            <p className="pvp-map-error-title">{t('points.map.errorTitle')}</p>
            <p className="pvp-map-error-text">{error}</p>
          </div>
        ) : null}
        {tilesFailed && !error ? (
          <p className="pvp-map-tiles-note" role="status">
            {t('points.map.tilesFailed')}
          </p>
        ) : null}
      </div>
      <div className="pvp-map-footer">
        {ready ? (
          <div className="pvp-map-zoom" role="group" aria-label={t('points.map.zoom')}>
            <button type="button" aria-label={t('points.map.zoomIn')} onClick={() => zoomBy(1)}>
              <span aria-hidden="true">+</span>
            </button>
            <button type="button" aria-label={t('points.map.zoomOut')} onClick={() => zoomBy(-1)}>
              <span aria-hidden="true">−</span>
            </button>
          </div>
        ) : null}
        {/* Build-time text from the translation files or the caller, never user content. */}
        <p className="pvp-map-attribution" dangerouslySetInnerHTML={{ __html: attribution }} />
      </div>
    </div>
  );
}
