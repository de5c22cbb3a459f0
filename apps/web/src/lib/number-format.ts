/**
 * Numbers in the app's two languages (es-CO: `1.234,5`; en-US: `1,234.5`) without
 * Intl.NumberFormat. The first NumberFormat a page creates makes Chrome load its number data:
 * 15-75 ms on the development machine, four times that on a mid-range phone — one long task in
 * the middle of the map's first render, for counts and distances that need no more than
 * grouping and a decimal separator. The unit tests check every format against Intl's output.
 */
import { numberFormat } from './intl-format';

type Separators = { group: string; decimal: string };

const ES_CO: Separators = { group: '.', decimal: ',' };
const EN_US: Separators = { group: ',', decimal: '.' };

function separatorsOf(lang: string): Separators {
  return lang.startsWith('en') ? EN_US : ES_CO;
}

/** `value` rounded to at most `maximumFractionDigits` decimals (trailing zeros dropped), grouped by thousands. */
export function formatNumber(value: number, lang: string, maximumFractionDigits = 0): string {
  const { group, decimal } = separatorsOf(lang);
  // String() writes an exponent from 1e21: leave those (and NaN, Infinity) to Intl.
  if (!(Math.abs(value) < 1e21)) {
    return numberFormat(lang.startsWith('en') ? 'en-US' : 'es-CO', { maximumFractionDigits }).format(value);
  }
  const [whole, decimals] = roundDecimal(Math.abs(value), maximumFractionDigits);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  // Like Intl, a negative value keeps its sign even when it rounds to zero (`-0`).
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}${grouped}${decimals ? decimal + decimals : ''}`;
}

/**
 * The shortest decimal writing of `value` (what Intl rounds, so `0.95` to one decimal is `1`, not
 * the `0.9` of toFixed's exact binary value), rounded half away from zero to `digits` decimals:
 * its whole part and its decimals without trailing zeros.
 */
function roundDecimal(value: number, digits: number): [string, string] {
  // Below a millionth (written with an exponent) nothing survives the rounding.
  if (value < 1e-6) return ['0', ''];
  const [whole = '0', fraction = ''] = String(value).split('.');
  if (fraction.length <= digits) return [whole, fraction.replace(/0+$/, '')];
  let kept = BigInt(whole + fraction.slice(0, digits));
  if (fraction.charCodeAt(digits) >= 53 /* '5' */) kept += 1n;
  const text = kept.toString().padStart(digits + 1, '0');
  const cut = text.length - digits;
  return [text.slice(0, cut), text.slice(cut).replace(/0+$/, '')];
}

/** `850 m`, `1,2 km` (es-CO), `1.2 km` (en); metres rounded to tens, kilometres to one decimal below 10 km. */
export function formatDistance(meters: number, lang: string): string {
  if (meters < 1000) return `${formatNumber(Math.round(meters / 10) * 10, lang)} m`;
  return `${formatNumber(meters / 1000, lang, meters < 10000 ? 1 : 0)} km`;
}

/**
 * A file size as people read it: "1,5 MB", "340 KB" (binary multiples, as the upload limits are
 * counted, written with the usual short units; never "1536 KiB").
 */
export function formatFileSize(bytes: number, lang: string): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), lang)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), lang, 1)} MB`;
}
