import { describe, expect, it } from 'vitest';
import { distanceMeters, routeOrder } from '../route-order';

const POINT = { lat: 6.2471, lng: -75.5902 };

describe('route order', () => {
  it('visits the nearest pickup first, then the nearest to it', () => {
    const far = { id: 1, lat: 6.2096, lng: -75.5673 }; // El Poblado
    const near = { id: 2, lat: 6.2446, lng: -75.5916 }; // next door
    const middle = { id: 3, lat: 6.2309, lng: -75.6033 }; // Belén
    const legs = routeOrder(POINT, [far, near, middle]);
    expect(legs.map((l) => l.stop.id)).toEqual([2, 3, 1]);
    expect(legs.map((l) => l.order)).toEqual([1, 2, 3]);
    expect(legs[2]!.totalMeters).toBeCloseTo(legs.reduce((s, l) => s + l.legMeters, 0));
  });

  it('returns nothing for a day without pickups', () => {
    expect(routeOrder(POINT, [])).toEqual([]);
  });

  it('measures about 111 km per degree of latitude', () => {
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeGreaterThan(110_000);
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeLessThan(112_000);
  });
});
