import { REQUEST_MAX_DAYS_AHEAD } from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';
import { bogotaClock, colombianHolidayOn, pickupCalendar, pickupDateProblem } from './pickup-calendar.js';

// Friday 20 November 2026, 10:00 in Bogotá (15:00 UTC).
const FRIDAY_10AM = new Date('2026-11-20T15:00:00Z');

describe('pickup calendar', () => {
  it('accepts a weekday that is not a holiday', () => {
    expect(pickupDateProblem('2026-11-24', 'manana', FRIDAY_10AM)).toBeNull();
  });

  it('rejects a date in the past', () => {
    expect(pickupDateProblem('2026-11-19', 'tarde', FRIDAY_10AM)?.reason).toBe('pasado');
  });

  it('accepts today while the chosen window has not ended, and rejects it once over', () => {
    expect(pickupDateProblem('2026-11-20', 'manana', FRIDAY_10AM)).toBeNull();
    expect(pickupDateProblem('2026-11-20', 'manana', new Date('2026-11-20T17:30:00Z'))?.reason).toBe('pasado');
    expect(pickupDateProblem('2026-11-20', 'tarde', new Date('2026-11-20T17:30:00Z'))).toBeNull();
  });

  it('rejects Sundays', () => {
    expect(pickupDateProblem('2026-11-22', 'manana', FRIDAY_10AM)?.reason).toBe('domingo');
  });

  it('rejects the observed Colombian holidays, moved ones included', () => {
    // Inmaculada Concepción: Tuesday 8 December 2026.
    const p = pickupDateProblem('2026-12-08', 'manana', FRIDAY_10AM);
    expect(p?.reason).toBe('festivo');
    expect(p?.message).toContain('Inmaculada Concepción');
    // Reyes Magos (6 January) is observed on Monday 12 January 2026 (Ley Emiliani).
    expect(colombianHolidayOn('2026-01-12')).toBe('Reyes Magos');
    expect(colombianHolidayOn('2026-01-06')).toBeNull();
  });

  it('uses the Bogotá calendar, not UTC: 02:00 UTC Saturday is still Friday evening in Bogotá', () => {
    const fridayNight = new Date('2026-11-21T02:00:00Z');
    expect(bogotaClock(fridayNight).date).toBe('2026-11-20');
    // Friday is over in Bogotá (21:00), Saturday 21 is ahead, even though UTC already reads the 21st.
    expect(pickupDateProblem('2026-11-20', 'todo-el-dia', fridayNight)?.reason).toBe('pasado');
    expect(pickupDateProblem('2026-11-21', 'manana', fridayNight)).toBeNull();
  });

  it('uses the Bogotá calendar for holidays near midnight UTC', () => {
    // 8 Dec 2026 04:00 UTC is 7 Dec 23:00 in Bogotá: Monday 7 is a normal working day.
    const lateMonday = new Date('2026-12-08T04:00:00Z');
    expect(bogotaClock(lateMonday).date).toBe('2026-12-07');
    expect(pickupCalendar(lateMonday)[1]).toMatchObject({ date: '2026-12-08', available: false, reason: 'festivo' });
  });

  it('rejects dates too far ahead', () => {
    expect(pickupDateProblem('2027-03-01', 'manana', FRIDAY_10AM)?.reason).toBe('muy-lejos');
  });

  it('lists today and the next days with the reason each unavailable day has', () => {
    const days = pickupCalendar(FRIDAY_10AM);
    expect(days).toHaveLength(REQUEST_MAX_DAYS_AHEAD + 1);
    expect(days[0]).toMatchObject({ date: '2026-11-20', available: true, windows: ['manana', 'tarde', 'todo-el-dia'] });
    expect(days[2]).toMatchObject({ date: '2026-11-22', available: false, reason: 'domingo', windows: [] });
    const afternoon = pickupCalendar(new Date('2026-11-20T17:30:00Z'));
    expect(afternoon[0]?.windows).toEqual(['tarde', 'todo-el-dia']);
    const evening = pickupCalendar(new Date('2026-11-20T23:00:00Z'));
    expect(evening[0]).toMatchObject({ available: false, reason: 'pasado' });
  });
});
