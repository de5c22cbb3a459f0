import { describe, expect, it } from 'vitest';
import { BusinessCalendar, addCalendarDays, bogotaDate, isHoliday, weekday } from './business-days.js';

const calendar = new BusinessCalendar();
const due = (filedAt: string, days: number, cal = calendar) => cal.dueDate(new Date(filedAt), days);

describe('Bogotá calendar dates', () => {
  it('turns a Sunday-evening instant in Bogotá (already Monday in UTC) into the Sunday date', () => {
    const instant = new Date('2026-11-23T01:30:00Z');
    expect(instant.getUTCDay()).toBe(1);
    expect(bogotaDate(instant)).toBe('2026-11-22');
    expect(weekday('2026-11-22')).toBe(0);
  });

  it('knows the 2026 holidays moved to Monday by the Ley Emiliani and the fixed ones', () => {
    expect(isHoliday('2026-03-23')).toBe(true); // San José (19 March → Monday)
    expect(isHoliday('2026-03-19')).toBe(false);
    expect(isHoliday('2026-04-02')).toBe(true); // Jueves Santo
    expect(isHoliday('2026-04-03')).toBe(true); // Viernes Santo
    expect(isHoliday('2026-12-08')).toBe(true); // Inmaculada Concepción (Tuesday, not moved)
    expect(isHoliday('2027-01-11')).toBe(true); // Reyes Magos 2027 (6 January → Monday)
  });

  it('adds calendar days across a year end', () => {
    expect(addCalendarDays('2026-12-30', 3)).toBe('2027-01-02');
  });
});

describe('PQR due dates (Ley 1755 de 2015 art. 14)', () => {
  it('skips the Monday holiday after a Friday filing: 15 business days from Friday 20 March 2026', () => {
    // Counting starts Tuesday 24 (Monday 23 is San José) and also skips Semana Santa (2-3 April).
    expect(due('2026-03-20T15:00:00-05:00', 15)).toEqual({ receivedOn: '2026-03-20', dueDate: '2026-04-15' });
    expect(due('2026-03-20T15:00:00-05:00', 10)).toEqual({ receivedOn: '2026-03-20', dueDate: '2026-04-08' });
  });

  it('receives a filing made on Jueves Santo 2026 on the Monday after Easter', () => {
    expect(due('2026-04-02T10:00:00-05:00', 15)).toEqual({ receivedOn: '2026-04-06', dueDate: '2026-04-27' });
  });

  it('receives a filing made on Viernes Santo 2026 on Monday 6 April and counts 10 days from there', () => {
    expect(due('2026-04-03T10:00:00-05:00', 10)).toEqual({ receivedOn: '2026-04-06', dueDate: '2026-04-20' });
  });

  it('skips both Semana Santa holidays for a filing on the Wednesday before', () => {
    expect(due('2026-04-01T10:00:00-05:00', 15)).toEqual({ receivedOn: '2026-04-01', dueDate: '2026-04-24' });
  });

  it('skips 8 December 2026 for a filing on Monday 7 December', () => {
    expect(due('2026-12-07T10:00:00-05:00', 15)).toEqual({ receivedOn: '2026-12-07', dueDate: '2026-12-30' });
  });

  it('receives a filing made on 8 December 2026 on the 9th', () => {
    expect(due('2026-12-08T10:00:00-05:00', 10)).toEqual({ receivedOn: '2026-12-09', dueDate: '2026-12-23' });
  });

  it('crosses the year end skipping Christmas, New Year and Reyes 2027', () => {
    expect(due('2026-12-24T10:00:00-05:00', 15)).toEqual({ receivedOn: '2026-12-24', dueDate: '2027-01-19' });
    expect(due('2026-12-31T10:00:00-05:00', 10)).toEqual({ receivedOn: '2026-12-31', dueDate: '2027-01-18' });
    expect(due('2026-12-31T10:00:00-05:00', 30)).toEqual({ receivedOn: '2026-12-31', dueDate: '2027-02-15' });
  });

  it('receives a Sunday-evening filing in Bogotá (Monday in UTC) on Monday and starts counting on Tuesday', () => {
    expect(due('2026-11-23T01:00:00Z', 15)).toEqual({ receivedOn: '2026-11-23', dueDate: '2026-12-15' });
    expect(due('2026-11-23T01:00:00Z', 1)).toEqual({ receivedOn: '2026-11-23', dueDate: '2026-11-24' });
  });

  it('receives a Sunday-evening filing before a Monday holiday on Tuesday', () => {
    // Sunday 15 November 2026, 20:00 in Bogotá; Monday 16 is Independencia de Cartagena.
    expect(due('2026-11-16T01:00:00Z', 15)).toEqual({ receivedOn: '2026-11-17', dueDate: '2026-12-09' });
  });

  it('keeps a Monday-evening filing in Bogotá (Tuesday in UTC) on Monday', () => {
    expect(due('2026-11-24T01:00:00Z', 15)).toEqual({ receivedOn: '2026-11-23', dueDate: '2026-12-15' });
  });

  it('keeps a Friday-evening filing in Bogotá (Saturday in UTC) on Friday', () => {
    expect(due('2026-11-21T01:00:00Z', 15)).toEqual({ receivedOn: '2026-11-20', dueDate: '2026-12-14' });
  });

  it('counts a term of 30 business days for consultas', () => {
    expect(due('2026-03-20T15:00:00-05:00', 30)).toEqual({ receivedOn: '2026-03-20', dueDate: '2026-05-07' });
  });
});

describe('admin calendar exceptions', () => {
  it('treats an extra non-working day as a holiday', () => {
    const closed = new BusinessCalendar(new Map([['2026-12-30', false]]));
    expect(due('2026-12-07T10:00:00-05:00', 15, closed)).toEqual({ receivedOn: '2026-12-07', dueDate: '2026-12-31' });
  });

  it('counts a day declared working even when it is a holiday', () => {
    const working = new BusinessCalendar(new Map([['2026-12-08', true]]));
    expect(due('2026-12-07T10:00:00-05:00', 15, working)).toEqual({ receivedOn: '2026-12-07', dueDate: '2026-12-29' });
  });

  it('receives a filing on a closure day on the next business day', () => {
    const closed = new BusinessCalendar(new Map([['2026-11-23', false]]));
    expect(closed.receivedOn(new Date('2026-11-23T15:00:00Z'))).toBe('2026-11-24');
  });

  it('refuses to loop forever when every day is closed', () => {
    const days = new Map<string, boolean>();
    for (let i = 0; i < 400; i++) days.set(addCalendarDays('2026-01-01', i), false);
    expect(() => new BusinessCalendar(days).addBusinessDays('2026-01-01', 1)).toThrow(RangeError);
  });
});

describe('business days between two dates', () => {
  it('counts the days left until a due date, skipping holidays, and goes negative when overdue', () => {
    expect(calendar.businessDaysBetween('2026-12-04', '2026-12-09')).toBe(2); // Mon 7, Wed 9 (8 is a holiday)
    expect(calendar.businessDaysBetween('2026-12-09', '2026-12-09')).toBe(0);
    expect(calendar.businessDaysBetween('2026-12-10', '2026-12-07')).toBe(-2); // Wed 9 and Thu 10 are past it
  });
});
