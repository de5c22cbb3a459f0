/** Campaign dates in es-CO (or en) and Bogotá time, as people read them. */
const TIME_ZONE = 'America/Bogota';

function locale(language: string): string {
  return language.startsWith('en') ? 'en-US' : 'es-CO';
}

/** "5 de diciembre de 2026, 9:00 a. m. – 3:00 p. m." or a range across days. */
export function formatCampaignDates(startsAt: string, endsAt: string, language: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const format = new Intl.DateTimeFormat(locale(language), { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE });
  return typeof format.formatRange === 'function' ? format.formatRange(start, end) : `${format.format(start)} – ${format.format(end)}`;
}

/** "3 dic." style short date for compact cards. */
export function formatShortDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(locale(language), { day: 'numeric', month: 'short', timeZone: TIME_ZONE }).format(new Date(iso));
}
