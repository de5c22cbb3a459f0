import {
  REQUEST_MAX_DAYS_AHEAD,
  REQUEST_MESSAGES_ES,
  TIME_WINDOWS,
  TIME_WINDOW_HOURS,
  type PickupDay,
  type TimeWindow,
} from '@puntoverde/contract';
import { getHolidaysForYear } from 'colombian-holidays';

/**
 * Which days a pickup may be asked for, in the Bogotá calendar (America/Bogota is UTC-5 all
 * year: Colombia has no daylight saving time). No pickups on Sundays nor on the Colombian public
 * holidays (Ley 51 de 1983, "Ley Emiliani": many move to the next Monday — colombian-holidays
 * gives the observed `celebrationDate`, which is the day that counts). The holiday list compares
 * calendar dates as text, so no UTC instant ever decides the day.
 */

const BOGOTA_OFFSET_MS = -5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD and the hour (0-23, fractional) of `now` on a Bogotá wall clock. */
export function bogotaClock(now: Date): { date: string; hour: number } {
  const shifted = new Date(now.getTime() + BOGOTA_OFFSET_MS);
  return {
    date: shifted.toISOString().slice(0, 10),
    hour: shifted.getUTCHours() + shifted.getUTCMinutes() / 60 + shifted.getUTCSeconds() / 3600,
  };
}

/** The Bogotá calendar date of an instant. */
export function bogotaDate(instant: Date): string {
  return bogotaClock(instant).date;
}

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function isSunday(date: string): boolean {
  return new Date(`${date}T00:00:00Z`).getUTCDay() === 0;
}

const holidayCache = new Map<number, Map<string, string>>();

/** The holiday's Spanish name when `date` is an observed Colombian public holiday, else null. */
export function colombianHolidayOn(date: string): string | null {
  const year = Number(date.slice(0, 4));
  let byDate = holidayCache.get(year);
  if (!byDate) {
    byDate = new Map(getHolidaysForYear(year).map((h) => [h.celebrationDate, h.name.es]));
    holidayCache.set(year, byDate);
  }
  return byDate.get(date) ?? null;
}

/** Windows of `date` whose end is still ahead of `now` (all of them for a future day). */
export function openWindows(date: string, now: Date): TimeWindow[] {
  const today = bogotaClock(now);
  if (date > today.date) return [...TIME_WINDOWS];
  if (date < today.date) return [];
  return TIME_WINDOWS.filter((w) => TIME_WINDOW_HOURS[w].end > today.hour);
}

export type PickupDateProblem = { reason: 'pasado' | 'domingo' | 'festivo' | 'muy-lejos'; message: string };

/**
 * Why a pickup on `date` in `window` cannot be asked for at `now`, or null when it can.
 * Today counts while the chosen window has not ended.
 */
export function pickupDateProblem(date: string, window: TimeWindow, now: Date): PickupDateProblem | null {
  const today = bogotaDate(now);
  if (date < today || (date === today && !openWindows(date, now).includes(window))) {
    return { reason: 'pasado', message: REQUEST_MESSAGES_ES.datePast };
  }
  if (date > addDays(today, REQUEST_MAX_DAYS_AHEAD)) return { reason: 'muy-lejos', message: REQUEST_MESSAGES_ES.dateTooFar };
  if (isSunday(date)) return { reason: 'domingo', message: REQUEST_MESSAGES_ES.dateSunday };
  const holiday = colombianHolidayOn(date);
  if (holiday) return { reason: 'festivo', message: REQUEST_MESSAGES_ES.dateHoliday.replace('{name}', holiday) };
  return null;
}

/** Today and the next REQUEST_MAX_DAYS_AHEAD days, each with whether (and when) a pickup fits. */
export function pickupCalendar(now: Date): PickupDay[] {
  const today = bogotaDate(now);
  const days: PickupDay[] = [];
  for (let i = 0; i <= REQUEST_MAX_DAYS_AHEAD; i += 1) {
    const date = addDays(today, i);
    const holiday = colombianHolidayOn(date);
    const windows = openWindows(date, now);
    const reason = isSunday(date) ? 'domingo' : holiday ? 'festivo' : windows.length === 0 ? 'pasado' : null;
    days.push({
      date,
      available: reason === null,
      reason,
      holiday_name: holiday,
      windows: reason === null ? windows : [],
    });
  }
  return days;
}
