/**
 * The device position as React state: high accuracy and a 10000 ms timeout (spec §9), from the
 * browser or the Geolocation plugin in the Android/iOS app (lib/native/geolocation.ts).
 */
import { useCallback, useState } from 'react';
import { GeoError, locate, type GeoErrorKind, type GeoPosition } from './native/geolocation';

export type { GeoErrorKind, GeoPosition };
export type GeoState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; position: GeoPosition }
  | { status: 'error'; error: GeoErrorKind };

export function useGeolocation() {
  const [state, setState] = useState<GeoState>({ status: 'idle' });
  /** Resolves with the position, or with the kind of failure (also kept in `state`). */
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
