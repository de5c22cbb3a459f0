import { describe, expect, it } from 'vitest';
import { describeOpeningHours, formatChange, formatDistance, formatKg } from '../format';

describe('points formats', () => {
  it('writes distances and kilograms the Colombian way', () => {
    expect(formatDistance(847, 'es')).toBe('850 m');
    expect(formatDistance(1234, 'es')).toBe('1,2 km');
    expect(formatDistance(1234, 'en')).toBe('1.2 km');
    expect(formatKg(1234.5, 'es')).toBe('1.234,5 kg');
  });

  it('tells the time of the next change in Bogotá, with the weekday when it is not today', () => {
    const now = new Date('2026-11-24T15:00:00Z'); // Tuesday 10:00 in Bogotá
    expect(formatChange('2026-11-24T22:00:00Z', now, 'es')).toMatch(/^5:00\sp\.\s?m\.$/);
    expect(formatChange('2026-11-25T12:00:00Z', now, 'es')).toMatch(/^miércoles 7:00\sa\.\s?m\.$/);
  });

  it('puts OSM opening hours into words', () => {
    expect(describeOpeningHours('Mo-Fr 08:00-17:00; Su,PH off', 'es')).toEqual(['lun–vie 08:00–17:00', 'dom, festivos: cerrado']);
    expect(describeOpeningHours('24/7', 'es')).toEqual(['Todos los días, 24 horas']);
  });
});
