import { z } from 'zod';
import { safeText } from './common.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { ERRORS } from './errors.js';
import { MESSAGES_ES } from './field-messages.js';

/**
 * The rules of an account's fields, shared by sign-up, the profile, social sign-in's completion,
 * branch invitations and the web forms: document types and numbers, the NIT and its DIAN check
 * digit, Colombian phones, e-mail and passwords.
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

export const ZEmail = safeText({ error: ERRORS['invalid-email'].message })
  .toLowerCase()
  .max(254, { error: ERRORS['invalid-email'].message })
  .pipe(z.email({ error: ERRORS['invalid-email'].message }));

/** A new password: at least PASSWORD_MIN_LENGTH characters (spec §5); the server also rejects common ones. */
export const ZNewPassword = z
  .string({ error: ERRORS['weak-password'].message })
  .min(PASSWORD_MIN_LENGTH, { error: ERRORS['weak-password'].message })
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES_ES.passwordTooLong });

/** An existing password typed to log in or re-authenticate: only non-empty (spec §5). */
export const ZCurrentPassword = z
  .string({ error: MESSAGES_ES.passwordRequired })
  .min(1, { error: MESSAGES_ES.passwordRequired })
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES_ES.passwordTooLong });

export const ZPhone = z
  .string({ error: MESSAGES_ES.phone })
  .transform(normalizePhone)
  .pipe(z.string().regex(COLOMBIAN_PHONE_REGEX, { error: MESSAGES_ES.phone }));

export const ZDocumentType = z.enum(DOCUMENT_TYPES, { error: MESSAGES_ES.documentType });

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

/** A document number as typed: spaces, dots and dashes dropped, upper-cased, 3 to 20 characters. */
export const ZDocumentNumber = z
  .string({ error: MESSAGES_ES.documentNumber })
  .transform((v) => v.replace(/[\s.-]/g, '').toUpperCase())
  .pipe(z.string().min(3, { error: MESSAGES_ES.documentNumber }).max(20, { error: MESSAGES_ES.documentNumber }));

export const ZNit = safeText({ error: MESSAGES_ES.nit })
  .refine(isValidNit, { error: MESSAGES_ES.nit })
  .transform(normalizeNit);

export const ZAcceptDataPolicy = z.literal(true, { error: MESSAGES_ES.dataPolicy });
