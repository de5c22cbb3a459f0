/**
 * Quantity fields: the parser is the shared one (`parseQuantity` in the contract's
 * colombian-formats, also used by the server); here what the web forms add around it.
 */
import { parseQuantity, type QuantityOptions, type QuantityParseError } from '@puntoverde/contract';

export { parseQuantity, type QuantityOptions, type QuantityParse, type QuantityParseError } from '@puntoverde/contract';

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
