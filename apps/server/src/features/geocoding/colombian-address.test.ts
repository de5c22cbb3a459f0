import { describe, expect, it } from 'vitest';
import { formatGridAddress, parseAddress } from './colombian-address.js';

describe('Colombian addresses', () => {
  it.each([
    ['Calle 49 # 72-35', 'Calle 49 # 72-35', 'calle', 49, 72.35],
    ['cll 49 #72 - 35', 'Calle 49 # 72-35', 'calle', 49, 72.35],
    ['Cra. 43A No. 9-50', 'Carrera 43A # 9-50', 'carrera', 43.25, 9.5],
    ['KR 80 n° 33 12', 'Carrera 80 # 33-12', 'carrera', 80, 33.12],
    ['Dg 75B # 2A-80', 'Diagonal 75B # 2A-80', 'calle', 75.5, 3.05],
    ['Tv 39 # 74B-10', 'Transversal 39 # 74B-10', 'carrera', 39, 74.6],
    ['Calle 12 Sur # 43-20', 'Calle 12 Sur # 43-20', 'calle', -12, 43.2],
    ['Avenida Carrera 68 # 24-10', 'Avenida Carrera 68 # 24-10', 'carrera', 68, 24.1],
  ])('reads "%s" as %s', (text, canonical, axis, street, cross) => {
    const parsed = parseAddress(text);
    expect(parsed).toMatchObject({ canonical, axis });
    expect(parsed!.street).toBeCloseTo(street, 5);
    expect(parsed!.cross).toBeCloseTo(cross, 5);
  });

  it('keeps what follows the first comma (barrio, city)', () => {
    expect(parseAddress('Calle 10 # 43-12, El Poblado, Medellín')?.rest).toBe('el poblado, medellin');
  });

  it.each(['Laureles', 'mi casa', 'Calle cuarenta', 'Calle 49 # 72-350', ''])('"%s" is not an address', (text) => {
    expect(parseAddress(text)).toBeNull();
  });

  it('names a grid position by the nearer street line', () => {
    expect(formatGridAddress(49.02, 72.35)).toBe('Calle 49 # 72-35');
    expect(formatGridAddress(33.4, 80.03)).toBe('Carrera 80 # 33-40');
    expect(formatGridAddress(-11.97, 43.2)).toBe('Calle 12 Sur # 43-20');
  });
});
