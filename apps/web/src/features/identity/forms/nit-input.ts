/**
 * NIT as the user types it: digits grouped with dots from the right and the check digit after
 * a dash, e.g. `9001234567` → `900.123.456-7`. Without a typed dash, ten or more digits mean
 * the last one is the check digit (a company NIT has a nine-digit base); shorter NITs get their
 * dash when the user types it (`12345678-9` → `12.345.678-9`). The server checks the DV.
 */
const MAX_DIGITS = 16; // 15-digit base + check digit (DIAN)
const DV_IMPLIED_FROM = 10;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Formats whatever was typed so far. */
export function formatNitAsTyped(input: string): string {
  const dashAt = input.indexOf('-');
  if (dashAt >= 0) {
    const base = input.slice(0, dashAt).replace(/\D/g, '').slice(0, MAX_DIGITS - 1);
    const dv = input.slice(dashAt + 1).replace(/\D/g, '').slice(0, 1);
    if (base === '') return dv;
    return `${groupThousands(base)}-${dv}`;
  }
  const digits = input.replace(/\D/g, '').slice(0, MAX_DIGITS);
  if (digits.length >= DV_IMPLIED_FROM) return `${groupThousands(digits.slice(0, -1))}-${digits.slice(-1)}`;
  return groupThousands(digits);
}

/**
 * Formats and keeps the caret after the same digit it followed before, so typing or deleting
 * in the middle does not jump to the end.
 */
export function formatNitInput(input: string, caret: number): { value: string; caret: number } {
  const value = formatNitAsTyped(input);
  const digitsBefore = input.slice(0, caret).replace(/\D/g, '').length;
  const typedDashBefore = input.slice(0, caret).includes('-');
  if (digitsBefore === 0) return { value, caret: 0 };
  let seen = 0;
  let position = value.length;
  for (let i = 0; i < value.length; i += 1) {
    if (/\d/.test(value[i] ?? '')) seen += 1;
    if (seen === digitsBefore) {
      position = i + 1;
      break;
    }
  }
  // Right after a typed dash, the caret belongs after the dash, not before it.
  if (typedDashBefore && value[position] === '-') position += 1;
  return { value, caret: Math.min(position, value.length) };
}
