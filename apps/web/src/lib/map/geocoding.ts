/**
 * Address ↔ pin (GET v1/geocoding/search and v1/geocoding/reverse): typing an address moves
 * the pin, and a pin shows an address rather than coordinates.
 */
import { GEOCODING_PATHS } from '@puntoverde/contract';
import type { GeocodeHit } from '@puntoverde/contract';
import { queryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../api-client';

/** Shortest text worth looking up ("Cl 5 # 1-2" is ten). */
export const MIN_ADDRESS_LENGTH = 8;
/** Wait after the last keystroke before looking the address up. */
const TYPING_PAUSE_MS = 700;

export function geocodeSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['geocoding', 'search', q],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: { hits: GeocodeHit[] } }>(`${GEOCODING_PATHS.search}?q=${encodeURIComponent(q)}`, { signal }))
        .data.hits,
    enabled: q.length >= MIN_ADDRESS_LENGTH,
    staleTime: Infinity,
    retry: false,
  });
}

export function reverseGeocodeQueryOptions(pin: { lat: number; lng: number } | null) {
  // Five decimals is about a metre: enough to name a plot, few enough to reuse answers.
  const key = pin ? { lat: Number(pin.lat.toFixed(5)), lng: Number(pin.lng.toFixed(5)) } : null;
  return queryOptions({
    queryKey: ['geocoding', 'reverse', key],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: GeocodeHit | null }>(`${GEOCODING_PATHS.reverse}?lat=${key!.lat}&lng=${key!.lng}`, {
          signal,
        })
      ).data,
    enabled: key !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** The text once the person has stopped typing for a moment. */
export function useSettledText(text: string, pauseMs = TYPING_PAUSE_MS): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), pauseMs);
    return () => clearTimeout(timer);
  }, [text, pauseMs]);
  return settled;
}

/** "Calle 49 # 72-35, Estadio, Medellín" — what a hit reads as on screen. */
export function describeHit(hit: GeocodeHit): string {
  return [hit.address, hit.place, hit.city].filter(Boolean).join(', ');
}
