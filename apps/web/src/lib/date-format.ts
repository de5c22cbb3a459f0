/** Dates as people in Colombia read them: es-CO (or en-US) and Bogotá time. */
const TIME_ZONE = 'America/Bogota';

export function localeOf(language: string): string {
  return language.startsWith('en') ? 'en-US' : 'es-CO';
}

/** "5 de diciembre de 2026, 9:00 a. m. – 3:00 p. m.", or a range across days. */
export function formatDateRange(startsAt: string, endsAt: string, language: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const format = new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE });
  return typeof format.formatRange === 'function' ? format.formatRange(start, end) : `${format.format(start)} – ${format.format(end)}`;
}

/** "21/11/2026, 3:05 p. m." */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(iso));
}
