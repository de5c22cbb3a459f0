import { waitFor } from '@testing-library/react';
import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MapView } from '../map-view';

/**
 * MapView builds the real Leaflet map in steps, each in a task of its own: what is checked here
 * is that the base tiles and the caller's layers are never drawn in the same task (together they
 * were the point page's longest task on a phone).
 */
describe('MapView start-up', () => {
  const yieldSpy = vi.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  let tilesAdded: ReturnType<typeof vi.spyOn>;
  const realScheduler = (globalThis as { scheduler?: unknown }).scheduler;

  beforeEach(() => {
    yieldSpy.mockClear();
    // jsdom lays nothing out: the container measures as a phone's map area.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ width: 360, height: 320 }));
    // jsdom has no ResizeObserver; the map only uses it to follow later size changes.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    (globalThis as { scheduler?: unknown }).scheduler = { yield: yieldSpy };
    // Calls through to Leaflet: only when the tiles are added is recorded.
    tilesAdded = vi.spyOn(L.TileLayer.prototype, 'onAdd');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    (globalThis as { scheduler?: unknown }).scheduler = realScheduler;
  });

  /** A phone-sized map with a tile template; resolves once the caller's layers may be drawn. */
  async function renderMap(id: string) {
    const onReady = vi.fn();
    const view = renderWithProviders(
      <MapView
        id={id}
        label="Mapa de prueba"
        center={[6.25, -75.57]}
        zoom={14}
        tileUrl="/tiles/{z}/{x}/{y}.png"
        attribution="© OpenStreetMap"
        onReady={onReady}
      />,
    );
    // The first test also imports Leaflet: room for a busy machine.
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1), { timeout: 5000 });
    return { view, onReady };
  }

  it('adds the base tiles, yields to the browser, then lets the caller draw its layers', async () => {
    const { onReady } = await renderMap('mapa-prueba');
    const order = (mock: { mock: { invocationCallOrder: number[] } }) => mock.mock.invocationCallOrder;
    const [tiles] = order(tilesAdded);
    const [ready] = order(onReady);
    expect(tiles).toBeDefined();
    // A yield to the browser between the tiles and the caller's layers.
    expect(order(yieldSpy).some((call) => call > tiles! && call < ready!)).toBe(true);
  });

  it('says it is busy until the tiles of its first view have loaded or failed (a page frame stays over it until then)', async () => {
    const { view } = await renderMap('mapa-ocupado');
    const region = view.getByRole('region', { name: 'Mapa de prueba' });
    // jsdom loads no image: the layer is still waiting for its tiles.
    expect(region).toHaveAttribute('aria-busy', 'true');
    const layer = tilesAdded.mock.contexts[0] as L.TileLayer;
    layer.fire('load');
    await waitFor(() => expect(region).not.toHaveAttribute('aria-busy'));
  });
});
