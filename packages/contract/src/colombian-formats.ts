/**
 * Values as Colombians write them, one parser and one formatter per kind, shared by the server and
 * the web app (no zod here, so a screen that only shows a value loads nothing else):
 *
 * | kind            | parse (what people type)                         | format (what people read)        |
 * |-----------------|--------------------------------------------------|----------------------------------|
 * | document number | `1.017.234.567`, `1 017 234 567`, `1017234567`   | `1.017.234.567` (CC, TI)         |
 * | NIT             | `900.123.456-8`, `900123456-8`, `900 123 456 8`   | `900.123.456-8` (DV checked)     |
 * | phone           | `604 273 2669`, `(604) 2732669`, `+57 310…`      | `+57 604 273 2669`               |
 * | date            | —                                                | `1 de diciembre de 2025` (es-CO) |
 * | kilos           | `3,5`, `3.5`, `1.234,5`                          | `3,5 kg` (es-CO), `3.5 kg` (en)  |
 */
import {
  COLOMBIAN_PHONE_REGEX,
  normalizePhone,
  parseNit as parseNitWithDv,
  formatNit,
  nitCheckDigit,
} from './identity-fields-values.js';

// ---------------------------------------------------------------------------------------------
// Document numbers
// ---------------------------------------------------------------------------------------------

/** Digits-only documents: cédula de ciudadanía and tarjeta de identidad. */
const NUMERIC_DOCUMENTS = new Set(['CC', 'TI']);

/**
 * A document number as typed → as stored, or null when it cannot be one. Dots, spaces and (for
 * letters-and-digits documents) dashes are how people group it, not part of it: CC and TI keep
 * 3 to 11 digits; CE, passport and PPT 3 to 20 letters and digits, upper-cased; a NIT its base,
 * dash and DV (see {@link parseNitOptionalDv}).
 */
export function parseDocumentNumber(type: string, input: string): string | null {
  const compact = input.trim().replace(/[\s.\u00a0\u202f]/g, '');
  if (type === 'NIT') {
    const nit = parseNitOptionalDv(input);
    return nit ? (nit.dv === null ? nit.base : `${nit.base}-${nit.dv}`) : null;
  }
  if (NUMERIC_DOCUMENTS.has(type)) return /^\d{3,11}$/.test(compact) ? compact : null;
  const alnum = compact.replace(/-/g, '').toUpperCase();
  return /^[A-Z0-9]{3,20}$/.test(alnum) ? alnum : null;
}

/** `1017234567` → `1.017.234.567` for CC and TI; a NIT as `900.123.456-8`; others as stored. */
export function formatDocumentNumber(type: string, value: string): string {
  if (type === 'NIT') {
    const nit = parseNitOptionalDv(value);
    if (!nit) return value;
    return nit.dv === null ? groupThousands(nit.base) : formatNit(`${nit.base}-${nit.dv}`);
  }
  if (NUMERIC_DOCUMENTS.has(type)) {
    const digits = value.replace(/[\s.]/g, '');
    return /^\d+$/.test(digits) ? groupThousands(digits) : value;
  }
  return value;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

// ---------------------------------------------------------------------------------------------
// NIT
// ---------------------------------------------------------------------------------------------

/**
 * A NIT with or without its DIAN check digit: `900.123.456-8`, `900123456-8`, `900 123 456 - 8`
 * (base and DV; null when the DV does not match), or a bare base of 5 to 10 digits
 * (`900123456`, DV null). A bare run of digits whose last digit is the DV of the others is read as
 * base and DV. Companies signing up must give the DV: `parseNit` (identity-fields-values) reads the last digit as the DV.
 */
export function parseNitOptionalDv(input: string): { base: string; dv: number | null } | null {
  const compact = input.replace(/[\s.\u00a0\u202f]/g, '');
  if (compact.includes('-')) {
    const withDv = parseNitWithDv(compact);
    return withDv && nitCheckDigit(withDv.base) === withDv.dv ? withDv : null;
  }
  if (!/^\d{5,15}$/.test(compact)) return null;
  const base = compact.slice(0, -1);
  if (compact.length >= 9 && nitCheckDigit(base) === Number(compact.slice(-1)))
    return { base, dv: Number(compact.slice(-1)) };
  return compact.length <= 10 ? { base: compact, dv: null } : null;
}

// ---------------------------------------------------------------------------------------------
// Phones
// ---------------------------------------------------------------------------------------------

/** A Colombian phone as typed (`604 273 2669`, `+57 310-555-7788`) → its 10 digits, or null. */
export function parseColombianPhone(input: string): string | null {
  const digits = normalizePhone(input);
  return COLOMBIAN_PHONE_REGEX.test(digits) ? digits : null;
}

/**
 * Every Colombian number shown one way: `+57 310 555 7788` (mobile), `+57 604 273 2669`
 * (landline: 60 + area digit, then 7 digits). Anything else is shown as stored.
 */
export function formatColombianPhone(input: string): string {
  const d = normalizePhone(input);
  return /^\d{10}$/.test(d) ? `+57 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}` : input;
}

/** A `tel:` link that dials from anywhere: `tel:+576042732669`. */
export function phoneHref(input: string): string {
  const d = normalizePhone(input);
  return /^\d{10}$/.test(d) ? `tel:+57${d}` : `tel:${input.replace(/[^\d+]/g, '')}`;
}

// ---------------------------------------------------------------------------------------------
// Dates (Bogotá, es-CO or English; never the ISO form)
// ---------------------------------------------------------------------------------------------

const TIME_ZONE = 'America/Bogota';
const DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** `es-CO` for Spanish, `en-US` for English. */
export function localeOfLanguage(language: string): string {
  return language.startsWith('en') ? 'en-US' : 'es-CO';
}

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = localeOfLanguage(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = DATE_FORMATS.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    DATE_FORMATS.set(key, f);
  }
  return f;
}

/** A calendar day (`2025-12-01`) is that day everywhere; an instant is read on Bogotá's clock. */
function toDate(value: string | Date): { date: Date; timeZone: string } {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return { date: new Date(Date.UTC(y, m - 1, d, 12)), timeZone: 'UTC' };
  }
  return { date: typeof value === 'string' ? new Date(value) : value, timeZone: TIME_ZONE };
}

/**
 * `1 de diciembre de 2025` (long), `1 dic 2025` (medium), `1/12/2025` (short); in English
 * `December 1, 2025`, `Dec 1, 2025`, `12/1/2025`. A date-only value is not shifted by time zones.
 */
export function formatDate(
  value: string | Date,
  language: string,
  style: 'long' | 'medium' | 'short' = 'long',
): string {
  const { date, timeZone } = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const options: Intl.DateTimeFormatOptions =
    style === 'short'
      ? { day: 'numeric', month: 'numeric', year: 'numeric', timeZone }
      : { dateStyle: style, timeZone };
  return dateFormat(language, options).format(date);
}

/** `1/12/2025, 3:05 p. m.` on Bogotá's clock. */
export function formatDateTime(value: string | Date, language: string): string {
  const { date, timeZone } = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateFormat(language, {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

// ---------------------------------------------------------------------------------------------
// Quantities and kilos
// ---------------------------------------------------------------------------------------------

/** `3.5` → `3,5 kg` (es-CO) or `3.5 kg` (en), thousands grouped, at most `maxDecimals` decimals. */
export function formatKg(value: number, language: string, maxDecimals = 2): string {
  return `${formatDecimal(value, language, maxDecimals)} kg`;
}

/** `1234.5` → `1.234,5` (es-CO) or `1,234.5` (en). */
export function formatDecimal(value: number, language: string, maxDecimals = 2): string {
  const en = language.startsWith('en');
  const rounded = Math.round(Math.abs(value) * 10 ** maxDecimals) / 10 ** maxDecimals;
  const [whole = '0', decimals = ''] = String(rounded).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, en ? ',' : '.');
  return `${value < 0 && rounded !== 0 ? '-' : ''}${grouped}${decimals ? (en ? '.' : ',') + decimals : ''}`;
}

/** Kilos as typed (`3,5`, `3.5`, `1.234,5`) → the number, or null (see {@link parseQuantity}). */
export function parseKg(text: string): number | null {
  const parsed = parseQuantity(text, { maxDecimals: 2 });
  return parsed.ok ? parsed.value : null;
}

/**
 * The one parser for every quantity a person types (kilos, units, litres, percentages).
 *
 * es-CO writes a decimal comma and groups thousands with a dot or a space (`1.234,5`), while
 * phones and people used to other apps often type a decimal dot (`3.5`). Both are read; what
 * could mean two different numbers is refused instead of guessed, because a guess corrupts data
 * (a manager's "23,4" kg once became 234 kg):
 *
 * | typed        | read as | why                                                   |
 * |--------------|---------|-------------------------------------------------------|
 * | `3,5` `3.5`  | 3.5     | one separator with 1, 2 or 4+ digits after it         |
 * | `1.234,5`    | 1234.5  | dot groups, comma decimals (es-CO)                    |
 * | `1 234,5`    | 1234.5  | space groups (es-CO)                                  |
 * | `1,234.5`    | 1234.5  | comma groups, dot decimals (en)                       |
 * | `1.234.567`  | 1234567 | more than one dot: only groups                        |
 * | `1,25`       | 1.25    | a comma alone is always the decimal comma             |
 * | `1.234`      | refused | thousands in es-CO, decimals in en: ambiguous         |
 * | `1,2,3`      | refused | not a number                                          |
 */

export type QuantityParseError = 'invalid' | 'ambiguous' | 'decimals' | 'negative';

export type QuantityParse = { ok: true; value: number } | { ok: false; error: QuantityParseError };

export interface QuantityOptions {
  /** Most decimals accepted (0 for whole numbers). Default 2. */
  maxDecimals?: number;
  /** Accept a leading minus (coordinates). Default false. */
  allowNegative?: boolean;
}

// Spaces people and keyboards use between thousands: space, no-break space, narrow no-break space.
const SPACES = /[\s\u00a0\u202f]/g;

/** Groups of exactly three digits after a 1-3 digit head, joined by `sep`. */
function grouped(sep: string): string {
  const s = sep === '.' ? '\\.' : sep;
  return `\\d{1,3}(?:${s}\\d{3})+`;
}

const ES_GROUPED = new RegExp(`^(${grouped('.')}|${grouped(' ')})(?:,(\\d+))?$`);
const EN_GROUPED = new RegExp(`^(${grouped(',')})\\.(\\d+)$`);
const SINGLE = /^(\d*)([.,])(\d+)$/;

/** Reads `text` as a quantity; `{ ok: false }` says why it was refused. Empty text is `invalid`. */
export function parseQuantity(text: string, options: QuantityOptions = {}): QuantityParse {
  const { maxDecimals = 2, allowNegative = false } = options;
  let t = text.trim();
  let negative = false;
  if (t.startsWith('-') || t.startsWith('\u2212')) {
    negative = true;
    t = t.slice(1).trim();
  }
  // Spaces count as thousands groups only in the es-CO grouped form; fold them to that form.
  const spaced = t.replace(SPACES, ' ');

  let whole: string;
  let decimals = '';
  let m: RegExpExecArray | null;
  if (/^\d+$/.test(t)) {
    whole = t;
  } else if ((m = SINGLE.exec(t))) {
    whole = m[1] || '0';
    decimals = m[3] ?? '';
    // `1.234`: es-CO thousands or a decimal dot with three decimals (`0.500` can only be decimals).
    if (m[2] === '.' && decimals.length === 3 && /^[1-9]\d{0,2}$/.test(whole)) return { ok: false, error: 'ambiguous' };
  } else if ((m = ES_GROUPED.exec(spaced))) {
    whole = (m[1] ?? '').replace(/[. ]/g, '');
    decimals = m[2] ?? '';
  } else if ((m = EN_GROUPED.exec(t))) {
    whole = (m[1] ?? '').replace(/,/g, '');
    decimals = m[2] ?? '';
  } else {
    return { ok: false, error: 'invalid' };
  }

  // Trailing zeros add no precision: `3,50` has one decimal's worth.
  if (decimals.replace(/0+$/, '').length > maxDecimals) return { ok: false, error: 'decimals' };
  const value = Number(decimals ? `${whole}.${decimals}` : whole);
  if (!Number.isFinite(value)) return { ok: false, error: 'invalid' };
  if (negative && value !== 0) {
    if (!allowNegative) return { ok: false, error: 'negative' };
    return { ok: true, value: -value };
  }
  return { ok: true, value };
}
