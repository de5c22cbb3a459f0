/**
 * Cached Intl formatters. Building an `Intl.DateTimeFormat` loads and resolves locale data: on a
 * mid-range phone the first costs several milliseconds and each further one about a millisecond,
 * which a list of campaigns or requests (two or three dates per row) turned into a long task of
 * its own. Formatters are immutable, so one per (locale, options) serves every call.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** `new Intl.DateTimeFormat(locale, options)`, built once per distinct pair. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** `new Intl.NumberFormat(locale, options)`, built once per distinct pair. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}
