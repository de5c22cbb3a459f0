/**
 * The plain rules of an account's fields (document types, the NIT and its DIAN check digit,
 * Colombian phones), apart from their zod schemas (identity-fields.ts): the web app's forms and
 * fields use these without loading zod at a page's start.
 */

export const DOCUMENT_TYPES = ['CC', 'CE', 'PP'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS_ES: Record<DocumentType | 'NIT', string> = {
  CC: 'Cédula de ciudadanía',
  CE: 'Cédula de extranjería',
  PP: 'Pasaporte',
  NIT: 'NIT',
};

// ---------------------------------------------------------------------------------------------
// NIT (DIAN check digit)
// ---------------------------------------------------------------------------------------------

/** DIAN weights, applied from the rightmost digit of the base number leftwards. */
const NIT_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

/**
 * The DIAN check digit (dígito de verificación) of a NIT base number (digits only, up to 15):
 * sum of digit × weight right to left, r = sum mod 11, DV = r when r <= 1 else 11 - r.
 * Returns null when `base` is not 1..15 digits.
 */
export function nitCheckDigit(base: string): number | null {
  if (!/^\d{1,15}$/.test(base)) return null;
  let sum = 0;
  for (let i = 0; i < base.length; i += 1) {
    sum += Number(base[base.length - 1 - i]) * (NIT_WEIGHTS[i] ?? 0);
  }
  const r = sum % 11;
  return r <= 1 ? r : 11 - r;
}

/**
 * Splits a NIT as people type it (`900.123.456-8`, `900123456-8`, `9001234568`, spaces allowed)
 * into base and check digit; without a dash the last digit is the check digit. Null when malformed.
 */
export function parseNit(input: string): { base: string; dv: number } | null {
  const compact = input.replace(/[\s.]/g, '');
  const match = /^(\d{5,15})-?(\d)$/.exec(compact);
  if (!match?.[1] || match[2] === undefined) return null;
  return { base: match[1], dv: Number(match[2]) };
}

/** True when the NIT is well formed and its check digit matches the DIAN algorithm. */
export function isValidNit(input: string): boolean {
  const nit = parseNit(input);
  return nit !== null && nitCheckDigit(nit.base) === nit.dv;
}

/** `9001234568` / `900123456-8` → `900.123.456-8` (dots every three digits, dash before the DV). */
export function formatNit(input: string): string {
  const nit = parseNit(input);
  if (!nit) return input;
  return `${nit.base.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${nit.dv}`;
}

/** The form the server stores: base, dash, DV (`900123456-8`). */
export function normalizeNit(input: string): string {
  const nit = parseNit(input);
  return nit ? `${nit.base}-${nit.dv}` : input;
}

// ---------------------------------------------------------------------------------------------
// Field rules (shared by sign-up, profile and the web forms)
// ---------------------------------------------------------------------------------------------

/** Colombian phone, 10 digits: mobiles start with 3, landlines are 60 + area digit + 7 digits. */
export const COLOMBIAN_PHONE_REGEX = /^(3\d{9}|60[1-8]\d{7})$/;

/** Drops spaces, dots, dashes, parentheses and a +57 / 57 prefix before checking the 10 digits. */
export function normalizePhone(input: string): string {
  const digits = input.replace(/[\s().-]/g, '');
  return digits.replace(/^\+?57(?=\d{10}$)/, '');
}

/** CC: 3 to 10 digits; CE: 3 to 15 letters/digits; passport: 5 to 20 letters/digits. */
export function isValidDocumentNumber(type: DocumentType, value: string): boolean {
  switch (type) {
    case 'CC':
      return /^\d{3,10}$/.test(value);
    case 'CE':
      return /^[A-Z0-9]{3,15}$/.test(value);
    case 'PP':
      return /^[A-Z0-9]{5,20}$/.test(value);
  }
}
