import { describe, expect, it } from 'vitest';
import { formatAddress } from '../address';

describe('formatAddress', () => {
  it('adds the city after the address', () => {
    expect(formatAddress('Carrera 70 # 44-20', 'Medellín')).toBe('Carrera 70 # 44-20, Medellín');
  });

  it('does not repeat a city the address already names ("Itagüí, Itagüí")', () => {
    expect(formatAddress('Calle 50 # 45-30, Itagüí', 'Itagüí')).toBe('Calle 50 # 45-30, Itagüí');
    expect(formatAddress('Calle 50 # 45-30 Itagui', 'Itagüí')).toBe('Calle 50 # 45-30 Itagui');
    expect(formatAddress('Cra 43A # 1-50, medellin.', 'Medellín')).toBe('Cra 43A # 1-50, medellin.');
  });

  it('keeps the city when it only appears inside a street name', () => {
    expect(formatAddress('Avenida Envigado # 30-10', 'Envigado')).toBe('Avenida Envigado # 30-10, Envigado');
  });

  it('copes with a missing part', () => {
    expect(formatAddress('Calle 10', null)).toBe('Calle 10');
    expect(formatAddress('', 'Bello')).toBe('Bello');
  });
});
