/**
 * The device position, high accuracy, 10,000 ms (spec §9): the Geolocation plugin in the
 * Android/iOS app (it asks for the OS permission with the app's own text), the browser's
 * navigator.geolocation on the web.
 */
import { GEOLOCATION_HIGH_ACCURACY, GEOLOCATION_TIMEOUT_MS } from '@puntoverde/contract';
import { isNativePlatform } from './platform';

export type GeoPosition = { lat: number; lng: number; accuracy: number };
export type GeoErrorKind = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export class GeoError extends Error {
  constructor(readonly kind: GeoErrorKind) {
    super(`geolocation: ${kind}`);
    this.name = 'GeoError';
  }
}

export const POSITION_OPTIONS = {
  enableHighAccuracy: GEOLOCATION_HIGH_ACCURACY,
  timeout: GEOLOCATION_TIMEOUT_MS,
  maximumAge: 0,
};

type NativeGeolocation = {
  getCurrentPosition(
    options: typeof POSITION_OPTIONS,
  ): Promise<{ coords: { latitude: number; longitude: number; accuracy: number } }>;
};

const loadNative = async (): Promise<NativeGeolocation> => (await import('@capacitor/geolocation')).Geolocation;

export async function locate(
  deps: { web?: Geolocation; native?: () => Promise<NativeGeolocation>; isNative?: boolean } = {},
): Promise<GeoPosition> {
  if (deps.isNative ?? isNativePlatform()) {
    const plugin = await (deps.native ?? loadNative)();
    try {
      const pos = await plugin.getCurrentPosition(POSITION_OPTIONS);
      return { lat: pos.coords.latitude, lng: pos.coords.longitude, accuracy: pos.coords.accuracy };
    } catch (err) {
      // The plugin's messages: "Location permission was denied", "...timeout...", "location disabled".
      const text = err instanceof Error ? err.message.toLowerCase() : '';
      throw new GeoError(
        /denied|permission/.test(text) ? 'denied' : /timeout|timed out/.test(text) ? 'timeout' : 'unavailable',
      );
    }
  }
  const geolocation = 'web' in deps ? deps.web : globalThis.navigator?.geolocation;
  return new Promise((resolve, reject: (error: GeoError) => void) => {
    if (!geolocation) return reject(new GeoError('unsupported'));
    geolocation.getCurrentPosition(
      (pos) => resolve({ lat: pos.coords.latitude, lng: pos.coords.longitude, accuracy: pos.coords.accuracy }),
      (err) => reject(new GeoError(err.code === 1 ? 'denied' : err.code === 3 ? 'timeout' : 'unavailable')),
      POSITION_OPTIONS,
    );
  });
}
