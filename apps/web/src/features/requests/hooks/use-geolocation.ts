import { useCallback, useState } from 'react';

import { GeoError, locate as locateDevice, type GeoErrorKind, type GeoPosition } from '../../../lib/native/geolocation';

export { GeoError, type GeoErrorKind, type GeoPosition };
export type GeoState = { status: 'idle' } | { status: 'locating' } | { status: 'located' } | { status: 'error'; error: GeoErrorKind };

/**
 * The device position with high accuracy and a 10000 ms timeout (spec §9): the browser's, or the
 * Geolocation plugin's in the Android/iOS app (lib/native/geolocation.ts).
 */
export function locate(...web: [Geolocation | undefined] | []): Promise<GeoPosition> {
  return locateDevice(web.length ? { web: web[0] } : {});
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
