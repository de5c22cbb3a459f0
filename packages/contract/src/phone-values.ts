/**
 * Phone verification's paths, limits and display format, apart from its schemas (phone.ts) so
 * that screens which only call the API or show a number (the back office's pickup setting, the
 * profile) do not load zod for them.
 */

import { formatColombianPhone } from './colombian-formats.js';

export const PHONE_PATHS = {
  /** POST: sends a code to the profile's mobile, or to `phone` (which becomes the profile's on success). */
  sendCode: '/back/api/v1/me/phone/verification',
  /** POST: checks the code; on success the phone is verified. */
  confirmCode: '/back/api/v1/me/phone/verification/confirm',
  /** GET / PUT (staff): whether pickups require a verified phone. */
  pickupSettings: '/back/api/v1/admin/settings/pickups',
} as const;

export const PHONE_CODE_LENGTH = 6;
/** A code works for 10 minutes... */
export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
/** ...for at most 5 tries... */
export const PHONE_CODE_MAX_TRIES = 5;
/** ...and a new one can be asked for after 60 s, at most 3 per hour per number and per account. */
export const PHONE_CODE_RESEND_AFTER_S = 60;
export const PHONE_CODE_SENDS_PER_HOUR = 3;

export const PHONE_MESSAGES_ES = {
  code: `Escribe los ${PHONE_CODE_LENGTH} dígitos del código que te llegó por SMS.`,
} as const;

/** `+57 301 234 5678`: how a Colombian mobile is shown (the one phone format of colombian-formats). */
export const formatColombianMobile = formatColombianPhone;

