import { QUIET_HOURS_DEFAULT, type QuietHours } from '@puntoverde/contract';

/** America/Bogota has kept UTC−5 without daylight saving since 1993. */
const BOGOTA_OFFSET_MS = -5 * 60 * 60 * 1000;

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * When a push written at `now` may go out under these quiet hours (Bogotá time): `now` itself
 * outside them, else the instant they end. A window may wrap midnight (21:00–07:00).
 */
export function heldUntil(now: Date, quiet: QuietHours = QUIET_HOURS_DEFAULT): Date {
  if (!quiet.enabled) return now;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return now;
  const local = new Date(now.getTime() + BOGOTA_OFFSET_MS);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return now;
  // The end on the same local day, or the next one when the window wraps and we are before midnight.
  const endLocal = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 0, end));
  if (start > end && minute >= start) endLocal.setUTCDate(endLocal.getUTCDate() + 1);
  return new Date(endLocal.getTime() - BOGOTA_OFFSET_MS);
}

/** The Bogotá calendar date (YYYY-MM-DD) and minute of the day of an instant. */
export function bogotaClock(now: Date): { date: string; minute: number } {
  const local = new Date(now.getTime() + BOGOTA_OFFSET_MS);
  return { date: local.toISOString().slice(0, 10), minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** The UTC instant of a Bogotá local date and HH:MM. */
export function bogotaInstant(date: string, hhmm = '00:00'): Date {
  return new Date(new Date(`${date}T${hhmm}:00.000Z`).getTime() - BOGOTA_OFFSET_MS);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export { minutesOf };
