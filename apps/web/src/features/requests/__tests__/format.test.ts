import { ZCreateRequestRequest } from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';
import {
  bogotaLocalToIso,
  bogotaToday,
  formatCalendarDate,
  formatKg,
  isoToBogotaLocal,
  nextPickupDay,
} from '../format';

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

describe("the day the manager's route opens on", () => {
  const programmed = (scheduled_at: string) => ({ status: 'programada', scheduled_at, preferred_date: '2026-11-20' });
  it('is the next day with programmed pickups, not an empty today', () => {
    const requests = [programmed('2026-11-28T09:00:00-05:00'), programmed('2026-11-27T08:00:00-05:00')];
    expect(nextPickupDay(requests, '2026-11-26')).toBe('2026-11-27');
  });

  it("is today when today has pickups, and reads the day in Bogotá's time", () => {
    // 23:30 in Bogotá on the 26th is already the 27th in UTC.
    expect(
      nextPickupDay([programmed('2026-11-27T04:30:00.000Z'), programmed('2026-11-30T10:00:00-05:00')], '2026-11-26'),
    ).toBe('2026-11-26');
  });

  it('ignores collected requests and past days, and falls back to today', () => {
    const requests = [
      { ...programmed('2026-11-27T09:00:00-05:00'), status: 'recogida' },
      programmed('2026-11-20T09:00:00-05:00'),
    ];
    expect(nextPickupDay(requests, '2026-11-26')).toBe('2026-11-26');
    expect(nextPickupDay([], '2026-11-26')).toBe('2026-11-26');
  });
});

describe('pickup day errors', () => {
  it('read as plain advice, not a date format', () => {
    const result = ZCreateRequestRequest.safeParse({
      items: [{ material: 'pet', estimated_kg: 3 }],
      address: 'Calle 10',
      lat: 6.2,
      lng: -75.5,
      preferred_date: '',
      time_window: 'manana',
    });
    const message = result.error?.issues.find((i) => i.path[0] === 'preferred_date')?.message;
    expect(message).toBe('Elige el día en que quieres que recojan tus reciclables.');
    expect(message).not.toMatch(/AAAA|YYYY/);
  });
});
