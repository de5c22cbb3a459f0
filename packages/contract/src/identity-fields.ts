import { z } from 'zod';
import { safeText } from './common.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { ERRORS } from './errors.js';
import { MESSAGES_ES } from './field-messages.js';
import {
  COLOMBIAN_PHONE_REGEX,
  DOCUMENT_TYPES,
  isValidNit,
  normalizeNit,
  normalizePhone,
} from './identity-fields-values.js';

/**
 * The rules of an account's fields, shared by sign-up, the profile, social sign-in's completion,
 * branch invitations and the web forms: document types and numbers, the NIT and its DIAN check
 * digit, Colombian phones, e-mail and passwords.
 */

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

/** A document number as typed: spaces, dots and dashes dropped, upper-cased, 3 to 20 characters. */
export const ZDocumentNumber = z
  .string({ error: MESSAGES_ES.documentNumber })
  .transform((v) => v.replace(/[\s.-]/g, '').toUpperCase())
  .pipe(z.string().min(3, { error: MESSAGES_ES.documentNumber }).max(20, { error: MESSAGES_ES.documentNumber }));

export const ZNit = safeText({ error: MESSAGES_ES.nit })
  .refine(isValidNit, { error: MESSAGES_ES.nit })
  .transform(normalizeNit);

export const ZAcceptDataPolicy = z.literal(true, { error: MESSAGES_ES.dataPolicy });
