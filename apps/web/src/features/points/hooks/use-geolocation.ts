import { GEOLOCATION_HIGH_ACCURACY, GEOLOCATION_TIMEOUT_MS } from '@puntoverde/contract';
import { useCallback, useState } from 'react';

export type GeoPosition = { lat: number; lng: number; accuracy: number };
export type GeoErrorKind = 'denied' | 'unavailable' | 'timeout' | 'unsupported';
export type GeoState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; position: GeoPosition }
  | { status: 'error'; error: GeoErrorKind };

export class GeoError extends Error {
  constructor(readonly kind: GeoErrorKind) {
    super(`geolocation: ${kind}`);
    this.name = 'GeoError';
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
  const request = useCallback(async (): Promise<GeoPosition | GeoErrorKind> => {
    setState({ status: 'locating' });
    try {
      const position = await locate();
      setState({ status: 'located', position });
      return position;
    } catch (err) {
      const error = err instanceof GeoError ? err.kind : 'unavailable';
      setState({ status: 'error', error });
      return error;
    }
  }, []);
  return { state, request };
}
