/** es-CO formats (DESIGN.md §6): dates as `15 de abril de 2026`, times in America/Bogota. */
import { formatFileSize } from '../../lib/number-format';
import { dateTimeFormat, numberFormat } from '../../lib/intl-format';

const locales: Record<string, string> = { es: 'es-CO', en: 'en-US' };

function locale(language: string): string {
  return locales[language] ?? 'es-CO';
}

/** A calendar date `YYYY-MM-DD` (no time zone shift). */
export function formatDate(date: string, language: string): string {
  return dateTimeFormat(locale(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A short calendar date, e.g. `15 abr 2026`. */
export function formatShortDate(date: string, language: string): string {
  return dateTimeFormat(locale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** `2026-11` → `noviembre de 2026`. */
export function formatMonth(month: string, language: string): string {
  return dateTimeFormat(locale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** An instant shown in Bogotá time. */
export function formatInstant(iso: string, language: string): string {
  return dateTimeFormat(locale(language), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Bogota',
  }).format(new Date(iso));
}

export function formatBytes(bytes: number, language: string): string {
  return formatFileSize(bytes, language);
}

export function formatPercent(value: number, language: string): string {
  return (
    numberFormat(locale(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value) + ' %'
  );
}

/** Today in Bogotá as `YYYY-MM-DD`. */
export function todayInBogota(now: Date = new Date()): string {
  return dateTimeFormat('en-CA', {
    timeZone: 'America/Bogota',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
