/** Dates as people in Colombia read them: es-CO (or en-US) and Bogotá time. */
import { dateTimeFormat } from './intl-format';
const TIME_ZONE = 'America/Bogota';

export function localeOf(language: string): string {
  return language.startsWith('en') ? 'en-US' : 'es-CO';
}

/** "5 de diciembre de 2026, 9:00 a. m. – 3:00 p. m.", or a range across days. */
export function formatDateRange(startsAt: string, endsAt: string, language: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const format = dateTimeFormat(localeOf(language), { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE });
  return typeof format.formatRange === 'function' ? format.formatRange(start, end) : `${format.format(start)} – ${format.format(end)}`;
}

/** "21/11/2026, 3:05 p. m." */
export function formatDateTime(iso: string, language: string): string {
  return dateTimeFormat(localeOf(language), { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(iso));
}

/** `2026-12-05T09:00` (a datetime-local value, Bogotá wall clock, no DST) → ISO instant. */
export function localToIso(value: string): string {
  return value ? new Date(`${value.length === 16 ? `${value}:00` : value}-05:00`).toISOString() : '';
}

/** ISO instant → `2026-12-05T09:00` on the Bogotá wall clock, for a datetime-local input. */
export function isoToLocal(iso: string): string {
  if (!iso) return '';
  const d = new Date(new Date(iso).getTime() - 5 * 60 * 60 * 1000);
  return d.toISOString().slice(0, 16);
}

/** Today's date in Bogotá as a date input holds it (YYYY-MM-DD). */
export function todayInBogota(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);
}
