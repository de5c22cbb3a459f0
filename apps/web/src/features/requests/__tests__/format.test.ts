import { describe, expect, it } from 'vitest';
import { bogotaLocalToIso, bogotaToday, formatCalendarDate, formatKg, isoToBogotaLocal } from '../format';

describe('request formats', () => {
  it('writes kilograms the Colombian way', () => {
    expect(formatKg(1234.5, 'es')).toBe('1.234,5 kg');
    expect(formatKg(12.5, 'en')).toBe('12.5 kg');
  });

  it('shows a calendar date as that very day', () => {
    expect(formatCalendarDate('2026-11-28', 'es')).toBe('sábado, 28 de noviembre de 2026');
  });

  it('reads the time typed by the manager as Bogotá time', () => {
    expect(bogotaLocalToIso('2026-11-28T09:30')).toBe('2026-11-28T09:30:00-05:00');
    expect(Date.parse(bogotaLocalToIso('2026-11-28T09:30')!)).toBe(Date.parse('2026-11-28T14:30:00Z'));
    expect(bogotaLocalToIso('28/11/2026')).toBeNull();
    expect(isoToBogotaLocal('2026-11-28T14:30:00.000Z')).toBe('2026-11-28T09:30');
  });

  it('knows that 02:00 UTC is still yesterday in Bogotá', () => {
    expect(bogotaToday(new Date('2026-11-22T02:00:00Z'))).toBe('2026-11-21');
  });
});
