/**
 * The order to visit a day's pickups: start at the point, always go to the nearest pickup not
 * visited yet (nearest neighbour over great-circle distances). Not an optimal tour, but a good,
 * explainable one for a handful of stops.
 */
export type Stop = { id: number; lat: number; lng: number };
export type RouteLeg<T extends Stop> = { stop: T; order: number; legMeters: number; totalMeters: number };

const EARTH_RADIUS_M = 6371008.8;

export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function routeOrder<T extends Stop>(start: { lat: number; lng: number }, stops: readonly T[]): RouteLeg<T>[] {
  const left = [...stops];
  const legs: RouteLeg<T>[] = [];
  let here = start;
  let total = 0;
  while (left.length) {
    let best = 0;
    let bestDistance = Infinity;
    left.forEach((s, i) => {
      const d = distanceMeters(here, s);
      // Ties go to the lower id so the order is stable.
      if (d < bestDistance || (d === bestDistance && s.id < left[best]!.id)) {
        best = i;
        bestDistance = d;
      }
    });
    const [stop] = left.splice(best, 1);
    total += bestDistance;
    legs.push({ stop: stop!, order: legs.length + 1, legMeters: bestDistance, totalMeters: total });
    here = stop!;
  }
  return legs;
}
