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

/**
 * For react-hook-form's `setValueAs`: empty text is `null` (no value), a quantity its number,
 * anything refused `NaN`, which the contract's `z.number()` turns into the field's message.
 */
export function quantityValue(text: unknown, options?: QuantityOptions): number | null {
  if (typeof text === 'number') return text;
  if (typeof text !== 'string' || text.trim() === '') return null;
  const parsed = parseQuantity(text, options);
  return parsed.ok ? parsed.value : Number.NaN;
}

/** A number as the field shows it again: `3,5` in es-CO, `3.5` in English, no grouping. */
export function quantityText(value: number | null | undefined, lang: string, maxDecimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const fixed = String(Math.round(value * 10 ** maxDecimals) / 10 ** maxDecimals);
  return lang.startsWith('en') ? fixed : fixed.replace('.', ',');
}

/** The translation key (in `form.quantity`) and its values for a refused quantity. */
export function quantityErrorMessage(
  error: QuantityParseError,
  text: string,
  maxDecimals = 2,
): { key: string; values: Record<string, string | number> } {
  if (error === 'decimals') {
    return maxDecimals === 0
      ? { key: 'form.quantity.whole', values: {} }
      : { key: 'form.quantity.decimals', values: { count: maxDecimals } };
  }
  return { key: `form.quantity.${error}`, values: { text: text.trim() } };
}

/** The message for `text` typed in a quantity field, or null when it reads (or is empty). */
export function checkQuantityText(
  text: string,
  options: QuantityOptions = {},
): { key: string; values: Record<string, string | number> } | null {
  if (text.trim() === '') return null;
  const parsed = parseQuantity(text, options);
  return parsed.ok ? null : quantityErrorMessage(parsed.error, text, options.maxDecimals ?? 2);
}
