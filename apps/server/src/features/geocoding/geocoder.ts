/**
 * Address ↔ coordinates for forms with a map pin. `Geocoder` is the border: the default is the
 * local gazetteer below (no outside service, works offline and in tests); a deployment that
 * wants a national geocoder implements the same two calls.
 */
import type { GeocodeHit } from '@puntoverde/contract';
import { fold, formatGridAddress, parseAddress, type ParsedAddress } from './colombian-address.js';
import { CITY_CENTRES, GRIDS, PLACES, type CityGrid, type GazetteerPlace } from './gazetteer.js';

export interface Geocoder {
  /** Best matches first; empty when nothing is known. */
  search(query: string): Promise<GeocodeHit[]>;
  /** What is at a pin, or null when it is far from every known place. */
  reverse(lat: number, lng: number): Promise<GeocodeHit | null>;
}

/** A fitted grid: (calle, carrera) ↔ (lat, lng) as an affine map and its inverse. */
type FittedGrid = CityGrid & {
  forward(calle: number, carrera: number): { lat: number; lng: number };
  inverse(lat: number, lng: number): { calle: number; carrera: number };
};

/** Least squares of y = a + b·calle + c·carrera over the control points (3×3 normal equations). */
function fitPlane(points: { calle: number; carrera: number }[], ys: number[]): [number, number, number] {
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const v = [0, 0, 0];
  points.forEach((p, i) => {
    const row = [1, p.calle, p.carrera];
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) m[r]![c]! += row[r]! * row[c]!;
      v[r]! += row[r]! * ys[i]!;
    }
  });
  return solve3(m, v);
}

function solve3(m: number[][], v: number[]): [number, number, number] {
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const d = det(m);
  if (Math.abs(d) < 1e-12) throw new Error('grid control points are collinear');
  const col = (k: number) => m.map((row, r) => row.map((x, c) => (c === k ? v[r]! : x)));
  return [det(col(0)) / d, det(col(1)) / d, det(col(2)) / d];
}

export function fitGrid(grid: CityGrid): FittedGrid {
  const [la, lb, lc] = fitPlane(
    grid.control,
    grid.control.map((p) => p.lat),
  );
  const [ga, gb, gc] = fitPlane(
    grid.control,
    grid.control.map((p) => p.lng),
  );
  const det = lb * gc - lc * gb;
  return {
    ...grid,
    forward: (calle, carrera) => ({ lat: la + lb * calle + lc * carrera, lng: ga + gb * calle + gc * carrera }),
    inverse: (lat, lng) => {
      const dy = lat - la;
      const dx = lng - ga;
      return { calle: (dy * gc - lc * dx) / det, carrera: (lb * dx - gb * dy) / det };
    },
  };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function inside(b: CityGrid['bounds'], lat: number, lng: number): boolean {
  return lat >= b.south && lat <= b.north && lng >= b.west && lng <= b.east;
}

/** Great-circle distance in metres (haversine). */
export function distanceM(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

function nearest(places: GazetteerPlace[], lat: number, lng: number): { place: GazetteerPlace; m: number } | null {
  let best: { place: GazetteerPlace; m: number } | null = null;
  for (const place of places) {
    const m = distanceM(lat, lng, place.lat, place.lng);
    if (!best || m < best.m) best = { place, m };
  }
  return best;
}

/** A neighbourhood is named for a pin within this distance of its centre. */
const PLACE_RADIUS_M = 1_500;
/** A pin farther than this from every known city centre has no answer. */
const CITY_RADIUS_M = 12_000;

export class GazetteerGeocoder implements Geocoder {
  private readonly grids = GRIDS.map(fitGrid);
  private readonly defaultCity = this.grids[0]!.city;

  async search(query: string): Promise<GeocodeHit[]> {
    const parsed = parseAddress(query);
    if (parsed) return this.searchAddress(parsed);
    return this.searchPlaces(fold(query));
  }

  async reverse(lat: number, lng: number): Promise<GeocodeHit | null> {
    return this.reverseNow(lat, lng);
  }

  /** {@link reverse} without the promise: the gazetteer is in memory. */
  reverseNow(lat: number, lng: number): GeocodeHit | null {
    const grid = this.grids.find((g) => inside(g.bounds, lat, lng));
    const place = nearest(PLACES, lat, lng);
    const placeName = place && place.m <= PLACE_RADIUS_M ? place.place.name : null;
    if (grid) {
      const { calle, carrera } = grid.inverse(lat, lng);
      return {
        address: formatGridAddress(calle, carrera),
        place: placeName,
        city: grid.city,
        lat: round6(lat),
        lng: round6(lng),
        precision: 'address',
      };
    }
    const city = nearest(CITY_CENTRES, lat, lng);
    if (!city || city.m > CITY_RADIUS_M) return null;
    return { address: '', place: null, city: city.place.city, lat: round6(lat), lng: round6(lng), precision: 'city' };
  }

  private searchAddress(parsed: ParsedAddress): GeocodeHit[] {
    const cityText = parsed.rest ? fold(parsed.rest) : null;
    const named = cityText ? CITY_CENTRES.find((c) => cityText.includes(fold(c.city))) : undefined;
    const place = cityText ? PLACES.find((p) => cityText.includes(fold(p.name))) : undefined;
    const cityName = named?.city ?? place?.city ?? this.defaultCity;
    const grid = this.grids.find((g) => g.city === cityName);
    if (grid) {
      const [calle, carrera] = parsed.axis === 'calle' ? [parsed.street, parsed.cross] : [parsed.cross, parsed.street];
      const at = grid.forward(calle, carrera);
      if (inside(grid.bounds, at.lat, at.lng)) {
        const near = nearest(PLACES, at.lat, at.lng);
        return [
          {
            address: parsed.canonical,
            place: near && near.m <= PLACE_RADIUS_M ? near.place.name : null,
            city: grid.city,
            lat: round6(at.lat),
            lng: round6(at.lng),
            precision: parsed.streetType === 'Avenida' || parsed.streetType === 'Circular' ? 'street' : 'address',
          },
        ];
      }
    }
    // A city without a calibrated grid (or an address off it): its centre, said as such.
    const centre = CITY_CENTRES.find((c) => c.city === cityName);
    return centre
      ? [
          {
            address: parsed.canonical,
            place: null,
            city: centre.city,
            lat: centre.lat,
            lng: centre.lng,
            precision: 'city',
          },
        ]
      : [];
  }

  private searchPlaces(text: string): GeocodeHit[] {
    const words = text.split(/[\s,]+/).filter((w) => w.length >= 3);
    if (!words.length) return [];
    const matches = (name: string) => {
      const f = fold(name);
      return text.includes(f) || words.some((w) => f.split(' ').some((part) => part.startsWith(w)));
    };
    const places: GeocodeHit[] = PLACES.filter((p) => matches(p.name)).map((p) => ({
      address: '',
      place: p.name,
      city: p.city,
      lat: p.lat,
      lng: p.lng,
      precision: 'place',
    }));
    const cities: GeocodeHit[] = CITY_CENTRES.filter((c) => matches(c.city)).map((c) => ({
      address: '',
      place: null,
      city: c.city,
      lat: c.lat,
      lng: c.lng,
      precision: 'city',
    }));
    return [...places, ...cities].slice(0, 5);
  }
}
