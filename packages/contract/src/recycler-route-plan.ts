/**
 * The order of a recycler's day ("Mi ruta de hoy"): leave the ECA, visit every stop, come back to
 * the ECA to weigh. Nearest neighbour from the ECA gives a first tour; 2-opt then reverses any
 * stretch of it that shortens the tour, until none does. Distances are great-circle (haversine)
 * metres: streets are longer, but the ranking of tours is what matters here.
 *
 * Plain module (no zod): the server orders the route, the bench times it, the web app may reuse it.
 */

export type RoutePlace = { lat: number; lng: number };

const EARTH_RADIUS_M = 6371008.8;

export function metersBetween(a: RoutePlace, b: RoutePlace): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Metres of the closed tour start → stops in this order → start. */
export function tourMeters(start: RoutePlace, stops: readonly RoutePlace[]): number {
  let total = 0;
  let here = start;
  for (const s of stops) {
    total += metersBetween(here, s);
    here = s;
  }
  return total + metersBetween(here, start);
}

export type RoutePlan<T> = {
  /** The stops in visiting order. */
  stops: T[];
  /** Metres of the planned closed tour. */
  meters: number;
  /** Metres of the closed tour in the order given (the naive order). */
  naiveMeters: number;
};

/**
 * Plans the tour. Ties in nearest neighbour go to the earlier stop in the input, so the same
 * input always gives the same order.
 */
export function planRoute<T extends RoutePlace>(start: RoutePlace, input: readonly T[]): RoutePlan<T> {
  const n = input.length;
  const naiveMeters = tourMeters(start, input);
  if (n <= 1) return { stops: [...input], meters: naiveMeters, naiveMeters };
  // Node 0 is the ECA, node i + 1 the i-th stop.
  const places: RoutePlace[] = [start, ...input];
  const size = n + 1;
  const d = new Float64Array(size * size);
  for (let i = 0; i < size; i += 1)
    for (let j = i + 1; j < size; j += 1) {
      const m = metersBetween(places[i]!, places[j]!);
      d[i * size + j] = m;
      d[j * size + i] = m;
    }

  // Nearest neighbour from the ECA.
  const tour: number[] = [0];
  const visited = new Uint8Array(size);
  visited[0] = 1;
  let here = 0;
  for (let step = 0; step < n; step += 1) {
    let best = -1;
    let bestD = Infinity;
    for (let j = 1; j < size; j += 1) {
      if (visited[j]) continue;
      const dj = d[here * size + j]!;
      if (dj < bestD) {
        best = j;
        bestD = dj;
      }
    }
    visited[best] = 1;
    tour.push(best);
    here = best;
  }
  tour.push(0);

  // 2-opt on the closed tour (the ECA stays first and last): reverse tour[i..k] when
  // d(a,b) + d(c,e) > d(a,c) + d(b,e), with a = tour[i-1], b = tour[i], c = tour[k], e = tour[k+1].
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 1; i < size - 1; i += 1) {
      for (let k = i + 1; k < size; k += 1) {
        const a = tour[i - 1]!;
        const b = tour[i]!;
        const c = tour[k]!;
        const e = tour[k + 1]!;
        const delta = d[a * size + c]! + d[b * size + e]! - d[a * size + b]! - d[c * size + e]!;
        if (delta < -1e-6) {
          for (let lo = i, hi = k; lo < hi; lo += 1, hi -= 1) [tour[lo], tour[hi]] = [tour[hi]!, tour[lo]!];
          improved = true;
        }
      }
    }
  }
  const stops = tour.slice(1, -1).map((node) => input[node - 1]!);
  return { stops, meters: tourMeters(start, stops), naiveMeters };
}
