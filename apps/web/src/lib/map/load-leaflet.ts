import type * as Leaflet from 'leaflet';
import { MapContainerError, mapErrorText } from './map-container';

export type LeafletModule = typeof Leaflet;

let loading: Promise<LeafletModule> | null = null;

/**
 * Leaflet is loaded on demand (its ~40 KB stay out of the first paint). When it cannot be
 * loaded (offline first visit, a blocked chunk) the map area says the plugin is not installed
 * or not ready (spec §8).
 */
export function loadLeaflet(): Promise<LeafletModule> {
  loading ??= Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
    .then(([mod]) => (mod as { default?: LeafletModule }).default ?? mod)
    .catch(() => {
      loading = null;
      throw new MapContainerError('not-ready', mapErrorText.notReady());
    });
  return loading;
}
