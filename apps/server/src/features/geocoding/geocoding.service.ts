import { GazetteerGeocoder } from './geocoder.js';

let shared: GazetteerGeocoder | undefined;

/**
 * A place in one line as people say it ("Carrera 70 # 44-12, Laureles, Medellín"), or null far
 * from every known place: what a report shows instead of its coordinates.
 */
export function describePlace(lat: number, lng: number): string | null {
  shared ??= new GazetteerGeocoder();
  const hit = shared.reverseNow(lat, lng);
  if (!hit) return null;
  return [hit.address, hit.place, hit.city].filter((part): part is string => !!part).join(', ');
}
