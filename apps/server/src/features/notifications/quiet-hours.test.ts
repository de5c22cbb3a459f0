import { describe, expect, it } from 'vitest';
import { bogotaClock, bogotaInstant, heldUntil } from './quiet-hours.js';

// Bogotá is UTC−5 all year: 21:00 there is 02:00 UTC the next day.
describe('quiet hours (Bogotá)', () => {
  it('holds a push written at 22:30 until 07:00 the next morning', () => {
    expect(heldUntil(new Date('2026-11-27T03:30:00Z')).toISOString()).toBe('2026-11-27T12:00:00.000Z');
  });

  it('holds a push written at 03:00 until 07:00 the same morning', () => {
    expect(heldUntil(new Date('2026-11-27T08:00:00Z')).toISOString()).toBe('2026-11-27T12:00:00.000Z');
  });

  it('lets a push written at 07:00 or at 20:59 go at once', () => {
    const seven = new Date('2026-11-27T12:00:00Z');
    const beforeNine = new Date('2026-11-28T01:59:00Z');
    expect(heldUntil(seven)).toEqual(seven);
    expect(heldUntil(beforeNine)).toEqual(beforeNine);
  });

  it('follows a window that does not wrap midnight, and none when turned off', () => {
    const lunch = { enabled: true, start: '12:00', end: '14:00' };
    expect(heldUntil(new Date('2026-11-27T17:30:00Z'), lunch).toISOString()).toBe('2026-11-27T19:00:00.000Z');
    const off = { enabled: false, start: '21:00', end: '07:00' };
    const late = new Date('2026-11-27T04:00:00Z');
    expect(heldUntil(late, off)).toEqual(late);
  });

  it('reads the Bogotá date and time of an instant', () => {
    expect(bogotaClock(new Date('2026-11-27T03:30:00Z'))).toEqual({ date: '2026-11-26', minute: 22 * 60 + 30 });
    expect(bogotaInstant('2026-11-27', '18:00').toISOString()).toBe('2026-11-27T23:00:00.000Z');
  });
});
