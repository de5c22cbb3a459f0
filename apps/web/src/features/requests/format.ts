/** es-CO / en formats of the pickup-request screens (kg, dates and times in America/Bogota). */
import { dateTimeFormat, numberFormat } from '../../lib/intl-format';
const TIME_ZONE = 'America/Bogota';

export function locale(lang: string): string {
  return lang.startsWith('en') ? 'en-US' : 'es-CO';
}

/** `1.234,5 kg` (es-CO), `1,234.5 kg` (en). */
export function formatKg(kg: number, lang: string): string {
  return `${numberFormat(locale(lang), { maximumFractionDigits: 2 }).format(kg)} kg`;
}

/** `850 m`, `1,2 km` (es-CO). */
export function formatDistance(meters: number, lang: string): string {
  const nf = (digits: number) => numberFormat(locale(lang), { maximumFractionDigits: digits });
  if (meters < 1000) return `${nf(0).format(Math.round(meters / 10) * 10)} m`;
  return `${nf(1).format(meters / 1000)} km`;
}

/** A calendar date `2026-11-28` → `sábado, 28 de noviembre de 2026` (the day itself, no time-zone shift). */
export function formatCalendarDate(date: string, lang: string, style: 'long' | 'short' = 'long'): string {
  const at = new Date(`${date}T12:00:00Z`);
  return dateTimeFormat(locale(lang), {
    timeZone: 'UTC',
    ...(style === 'long'
      ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
      : { weekday: 'short', day: 'numeric', month: 'short' }),
  }).format(at);
}

/** An instant in Bogotá: `sábado, 28 de noviembre de 2026, 9:00 a. m.` */
export function formatDateTime(iso: string, lang: string): string {
  return dateTimeFormat(locale(lang), {
    timeZone: TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** Only the time in Bogotá: `9:00 a. m.` */
export function formatTime(iso: string, lang: string): string {
  return dateTimeFormat(locale(lang), { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** Today's date in Bogotá, YYYY-MM-DD. */
export function bogotaToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * A `datetime-local` value (wall clock, no zone) read as Bogotá time → ISO 8601 with the -05:00
 * offset (Colombia has no daylight saving time). Null when malformed.
 */
export function bogotaLocalToIso(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const iso = `${local}:00-05:00`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** An instant → the `datetime-local` value of Bogotá's wall clock. */
export function isoToBogotaLocal(iso: string): string {
  return new Date(Date.parse(iso) - 5 * 60 * 60 * 1000).toISOString().slice(0, 16);
}

/** The pickup day of a request in Bogotá: the scheduled day once programmed, else the preferred one. */
export function pickupDay(request: { scheduled_at: string | null; preferred_date: string }): string {
  return request.scheduled_at ? isoToBogotaLocal(request.scheduled_at).slice(0, 10) : request.preferred_date;
}

/** The first day from `today` on with a programmed pickup; `today` when there is none. */
export function nextPickupDay(
  requests: { status: string; scheduled_at: string | null; preferred_date: string }[],
  today: string,
): string {
  const days = requests
    .filter((r) => r.status === 'programada')
    .map(pickupDay)
    .filter((d) => d >= today);
  return days.length ? days.reduce((a, b) => (a < b ? a : b)) : today;
}
