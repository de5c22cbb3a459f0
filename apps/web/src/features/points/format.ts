/** es-CO / en formats of the points screens (numbers, distances, times in America/Bogota). */
import { formatNumber } from '../../lib/number-format';
import { dateTimeFormat } from '../../lib/intl-format';

const TIME_ZONE = 'America/Bogota';

function locale(lang: string): string {
  return lang.startsWith('en') ? 'en-US' : 'es-CO';
}

/** `1.234` (es-CO), `1,234` (en): counts on the map. */
export function formatCount(n: number, lang: string): string {
  return formatNumber(n, lang);
}

/** `850 m`, `1,2 km` (es-CO), `1.2 km` (en). */
export { formatDistance } from '../../lib/number-format';

/** `1.234,5 kg` in es-CO. */
export function formatKg(kg: number, lang: string): string {
  return `${formatNumber(kg, lang, 1)} kg`;
}

export function formatLitres(l: number, lang: string): string {
  return `${formatNumber(l, lang, 3)} L`;
}

/** `5:00 p. m.` today, or `lunes 8:00 a. m.` on another day (Bogotá time). */
export function formatChange(iso: string, now: Date, lang: string): string {
  const at = new Date(iso);
  const day = (d: Date) => dateTimeFormat('en-CA', { timeZone: TIME_ZONE, dateStyle: 'short' }).format(d);
  const time = dateTimeFormat(locale(lang), { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(at);
  if (day(at) === day(now)) return time;
  const weekday = dateTimeFormat(locale(lang), { timeZone: TIME_ZONE, weekday: 'long' }).format(at);
  return `${weekday} ${time}`;
}

/** `21 de noviembre de 2026, 3:05 p. m.` */
export function formatDateTime(iso: string, lang: string): string {
  return dateTimeFormat(locale(lang), { timeZone: TIME_ZONE, dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

const DAYS: Record<string, { es: string; en: string }> = {
  Mo: { es: 'lun', en: 'Mon' },
  Tu: { es: 'mar', en: 'Tue' },
  We: { es: 'mié', en: 'Wed' },
  Th: { es: 'jue', en: 'Thu' },
  Fr: { es: 'vie', en: 'Fri' },
  Sa: { es: 'sáb', en: 'Sat' },
  Su: { es: 'dom', en: 'Sun' },
  PH: { es: 'festivos', en: 'holidays' },
};

/**
 * OSM opening_hours in words, rule by rule (`Mo-Fr 08:00-17:00; Su,PH off` →
 * ["lun–vie 08:00–17:00", "dom, festivos: cerrado"]). Unusual syntax is shown as written.
 */
export function describeOpeningHours(value: string, lang: string): string[] {
  const en = lang.startsWith('en');
  if (value.trim() === '24/7') return [en ? 'Every day, 24 hours' : 'Todos los días, 24 horas'];
  return value
    .split(';')
    .map((rule) => rule.trim())
    .filter(Boolean)
    .map((rule) => {
      const m = /^((?:Mo|Tu|We|Th|Fr|Sa|Su|PH)(?:-(?:Mo|Tu|We|Th|Fr|Sa|Su))?(?:,(?:Mo|Tu|We|Th|Fr|Sa|Su|PH)(?:-(?:Mo|Tu|We|Th|Fr|Sa|Su))?)*)\s+(.+)$/.exec(rule);
      if (!m?.[1] || !m[2]) return rule;
      const days = m[1]
        .split(',')
        .map((part) => part.split('-').map((d) => (en ? DAYS[d]?.en : DAYS[d]?.es) ?? d).join('–'))
        .join(', ');
      const rest = m[2].trim();
      if (rest === 'off' || rest === 'closed') return `${days}: ${en ? 'closed' : 'cerrado'}`;
      return `${days} ${rest.replace(/-/g, '–').replace(/,/g, ', ')}`;
    });
}
