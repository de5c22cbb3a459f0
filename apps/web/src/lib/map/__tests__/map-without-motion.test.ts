import type { Map as LeafletMap } from 'leaflet';
import { describe, expect, it, vi } from 'vitest';
import { withoutMotion } from '../map-view';

/** A stand-in for Leaflet's map that records how each movement was asked for. */
function fakeMap() {
  const map = {
    panBy: vi.fn(() => map),
    setView: vi.fn(() => map),
    fitBounds: vi.fn(() => map),
    flyTo: vi.fn(() => map),
    flyToBounds: vi.fn(() => map),
  };
  return map;
}

describe('a map without motion (prefers-reduced-motion)', () => {
  // Leaflet's fitBounds, panTo and the keyboard's arrows go through these two.
  it('pans and sets its view without animation, even when asked for one', () => {
    const fake = fakeMap();
    const { panBy, setView } = fake;
    const map = fake as unknown as LeafletMap;
    withoutMotion(map);
    map.panBy([80, 0]);
    map.setView([6.25, -75.57], 14, { animate: true });
    expect(panBy).toHaveBeenCalledWith([80, 0], { animate: false });
    expect(setView).toHaveBeenCalledWith([6.25, -75.57], 14, { animate: false });
  });

  it("jumps where it would fly (a cluster's zoom), never starting the flight", () => {
    const fake = fakeMap();
    const { setView, flyTo, fitBounds, flyToBounds } = fake;
    const map = fake as unknown as LeafletMap;
    withoutMotion(map);
    map.flyTo([6.25, -75.57], 16, { duration: 0.4 });
    map.flyToBounds([
      [6.2, -75.6],
      [6.3, -75.5],
    ]);
    expect(setView).toHaveBeenCalledWith([6.25, -75.57], 16, { animate: false });
    expect(fitBounds).toHaveBeenCalledWith(
      [
        [6.2, -75.6],
        [6.3, -75.5],
      ],
      { animate: false },
    );
    expect(flyTo).not.toHaveBeenCalled();
    expect(flyToBounds).not.toHaveBeenCalled();
  });
});
