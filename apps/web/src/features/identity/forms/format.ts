/** Dates in America/Bogota (DESIGN.md §6) and a short device name from a user agent. */
import { dateTimeFormat } from '../../../lib/intl-format';
const BOGOTA = 'America/Bogota';

export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(language === 'en' ? 'en-US' : 'es-CO', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: BOGOTA,
  }).format(date);
}

export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(language === 'en' ? 'en-US' : 'es-CO', { dateStyle: 'long', timeZone: BOGOTA }).format(date);
}

export interface DeviceDescription {
  browser: string | null;
  os: string | null;
}

/** Enough to recognise one's own devices ("Chrome · Android"); not fingerprinting. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { browser: null, os: null };
  const ua = userAgent;
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|Chromium\/|CriOS\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return { browser, os };
}
