import { describe, expect, it } from 'vitest';
import { GRIDS } from './gazetteer.js';
import { distanceM, fitGrid, GazetteerGeocoder } from './geocoder.js';

const geocoder = new GazetteerGeocoder();

describe('the local gazetteer geocoder', () => {
  it("fits Medellín's grid within a block or two of every known corner", () => {
    const grid = fitGrid(GRIDS[0]!);
    for (const c of grid.control) {
      const at = grid.forward(c.calle, c.carrera);
      expect(distanceM(at.lat, at.lng, c.lat, c.lng), c.what).toBeLessThan(400);
    }
  });

  it('puts an address near the landmark on that corner', async () => {
    const [hit] = await geocoder.search('Carrera 72 # 49-10, Medellín');
    expect(hit).toMatchObject({ precision: 'address', city: 'Medellín', place: 'Estadio' });
    expect(distanceM(hit!.lat, hit!.lng, 6.2568, -75.5902)).toBeLessThan(400);
  });

  it('reads an address without a city as Medellín, the calibrated grid', async () => {
    const [hit] = await geocoder.search('Calle 50 # 50-20');
    expect(hit?.city).toBe('Medellín');
    expect(distanceM(hit!.lat, hit!.lng, 6.2506, -75.5687)).toBeLessThan(400);
  });

  it('goes back from a pin to the address it came from', async () => {
    const [hit] = await geocoder.search('Calle 49 # 72-35');
    const back = await geocoder.reverse(hit!.lat, hit!.lng);
    expect(back).toMatchObject({ address: 'Calle 49 # 72-35', city: 'Medellín', precision: 'address' });
  });

  it('finds neighbourhoods and towns by name, accents and case aside', async () => {
    expect((await geocoder.search('laureles'))[0]).toMatchObject({ place: 'Laureles', precision: 'place' });
    expect((await geocoder.search('ITAGUI'))[0]).toMatchObject({ city: 'Itagüí', precision: 'city' });
  });

  it('places an address in a town without a grid at its centre, saying so', async () => {
    const [hit] = await geocoder.search('Calle 50 # 50-20, Bello');
    expect(hit).toMatchObject({ city: 'Bello', precision: 'city', address: 'Calle 50 # 50-20' });
  });

  it('names the town of a pin outside Medellín, and nothing far from every town', async () => {
    expect(await geocoder.reverse(6.3373, -75.5579)).toMatchObject({ city: 'Bello', precision: 'city', address: '' });
    expect(await geocoder.reverse(4.65, -74.08)).toBeNull();
  });
});
