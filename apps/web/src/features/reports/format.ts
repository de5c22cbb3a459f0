import { localeOf } from '../../lib/date-format';
import { dateTimeFormat, numberFormat } from '../../lib/intl-format';

/** `23 m`, `1,2 km` as Colombians write them. */
export function formatMeters(m: number, language: string): string {
  if (m < 1000) return `${Math.round(m)} m`;
  return `${numberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(m / 1000)} km`;
}

/** A coordinate with five decimals in the language's notation (`6,24690` in Spanish). */
export function formatCoordinate(value: number, language: string): string {
  return numberFormat(localeOf(language), { minimumFractionDigits: 5, maximumFractionDigits: 5 }).format(value);
}

/** `26 de noviembre de 2026` in Bogotá. */
export function formatDay(iso: string, language: string): string {
  return dateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'America/Bogota' }).format(new Date(iso));
}

export const REPORTS_PATH = '/app/tabs/reports';
export const reportPath = (number: string) => `${REPORTS_PATH}/${number}`;
export const NEW_REPORT_PATH = `${REPORTS_PATH}/new`;

/** "Reportar un problema" from a point page: the form opens pre-filled with that point. */
export function newReportPathFor(pointId: number, containerId?: number): string {
  const q = new URLSearchParams({ point: String(pointId) });
  if (containerId) q.set('container', String(containerId));
  return `${NEW_REPORT_PATH}?${q.toString()}`;
}
