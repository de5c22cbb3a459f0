import { describe, expect, it } from 'vitest';
import { isValidOpeningHours, openState, withColombianHolidays } from './opening-hours.js';

describe('opening hours in Colombian time', () => {
  it('reads the hours on Bogotá\u2019s clock whatever the server\u2019s time zone', () => {
    // 07:30 in Bogotá is 12:30 UTC.
    expect(openState('Mo-Fr 08:00-17:00', new Date('2026-11-24T12:30:00Z')).open).toBe(false);
    expect(openState('Mo-Fr 08:00-17:00', new Date('2026-11-24T13:30:00Z')).open).toBe(true);
    expect(openState('Mo-Fr 08:00-17:00', new Date('2026-11-24T13:30:00Z')).nextChange?.toISOString()).toBe('2026-11-24T22:00:00.000Z');
  });

  it('treats PH as the Colombian public holidays, moved to Monday where the law says so', () => {
    // 12 January 2026 is the observed Reyes Magos (6 January moved to Monday, Ley 51 de 1983).
    expect(openState('Mo-Fr 08:00-17:00; PH off', new Date('2026-01-12T15:00:00Z')).open).toBe(false);
    expect(openState('Mo-Fr 08:00-17:00; PH off', new Date('2026-01-06T15:00:00Z')).open).toBe(true);
    // PH inside a day list.
    expect(openState('Mo-Sa 08:00-12:00; Su,PH off', new Date('2026-12-08T15:00:00Z')).open).toBe(false);
    expect(openState('Mo-Sa 08:00-12:00; Su,PH off', new Date('2026-12-09T15:00:00Z')).open).toBe(true);
  });

  it('keeps rules without PH as they are and splits PH out of day lists', () => {
    expect(withColombianHolidays('24/7', 2026)).toBe('24/7');
    const rewritten = withColombianHolidays('Mo-Sa 10:00-20:00; Su,PH 11:00-18:00', 2026);
    expect(rewritten.startsWith('Mo-Sa 10:00-20:00; Su 11:00-18:00; ')).toBe(true);
    expect(rewritten).toContain('2026 Dec 08');
    expect(rewritten.endsWith(' 11:00-18:00')).toBe(true);
  });

  it('answers unknown for missing or unreadable hours', () => {
    expect(openState(null, new Date()).open).toBeNull();
    expect(openState('de lunes a viernes', new Date()).open).toBeNull();
    expect(isValidOpeningHours('de lunes a viernes')).toBe(false);
    expect(isValidOpeningHours('Mo-Fr 08:00-17:00; PH off')).toBe(true);
  });
});
