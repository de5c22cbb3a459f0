import { GEOLOCATION_HIGH_ACCURACY, GEOLOCATION_TIMEOUT_MS } from '@puntoverde/contract';
import { useCallback, useState } from 'react';

export type GeoPosition = { lat: number; lng: number; accuracy: number };
export type GeoErrorKind = 'denied' | 'unavailable' | 'timeout' | 'unsupported';
export type GeoState = { status: 'idle' } | { status: 'locating' } | { status: 'located' } | { status: 'error'; error: GeoErrorKind };

export class GeoError extends Error {
  constructor(readonly kind: GeoErrorKind) {
    super(`geolocation: ${kind}`);
  }
}

/** The device position with high accuracy and a 10000 ms timeout (spec §9). */
export function locate(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<GeoPosition> {
  return new Promise((resolve, reject: (error: GeoError) => void) => {
    if (!geolocation) return reject(new GeoError('unsupported'));
    geolocation.getCurrentPosition(
      (pos) => resolve({ lat: pos.coords.latitude, lng: pos.coords.longitude, accuracy: pos.coords.accuracy }),
      (err) => reject(new GeoError(err.code === 1 ? 'denied' : err.code === 3 ? 'timeout' : 'unavailable')),
      { enableHighAccuracy: GEOLOCATION_HIGH_ACCURACY, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

export function useGeolocation() {
  const [state, setState] = useState<GeoState>({ status: 'idle' });
  const request = useCallback(async (): Promise<GeoPosition | null> => {
    setState({ status: 'locating' });
    try {
      const position = await locate();
      setState({ status: 'located' });
      return position;
    } catch (err) {
      setState({ status: 'error', error: err instanceof GeoError ? err.kind : 'unavailable' });
      return null;
    }
  }, []);
  return { state, request };
}
