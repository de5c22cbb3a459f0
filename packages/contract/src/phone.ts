import { z } from 'zod';
import { dataOf } from './common.js';
import { ZPhone } from './identity-fields.js';

/**
 * Phone verification by SMS code (the identity service's phone verification, spec §1/§7): a
 * 6-digit code sent to the caller's Colombian mobile, and the scheme setting that makes a
 * verified phone a condition for asking for pickups.
 */

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

/** `+57 301 234 5678`: how a Colombian mobile is shown. */
export function formatColombianMobile(phone: string): string {
  const d = phone.replace(/\D/g, '').replace(/^57(?=\d{10}$)/, '');
  return d.length === 10 ? `+57 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}` : phone;
}

/** No body (or `{}`) sends to the profile's phone. */
export const ZSendPhoneCodeRequest = z
  .object({
    /** Another number than the profile's (10 digits, +57 allowed). Absent: the profile's phone. */
    phone: ZPhone.optional(),
  })
  .strict()
  .nullish();
export type SendPhoneCodeRequest = NonNullable<z.input<typeof ZSendPhoneCodeRequest>>;

export const ZSendPhoneCodeResult = z.object({
  /** False when this number is already verified (no SMS sent). */
  sent: z.boolean(),
  /** The 10-digit number the code went to. */
  phone: z.string(),
  /** When the code stops working; null when nothing was sent. */
  expires_at: z.string().nullable(),
  /** Seconds before another code can be asked for. */
  resend_after_s: z.number().int(),
});
export type SendPhoneCodeResult = z.infer<typeof ZSendPhoneCodeResult>;
export const ZSendPhoneCodeResponse = dataOf(ZSendPhoneCodeResult);

export const ZConfirmPhoneCodeRequest = z
  .object({
    code: z
      .string({ error: PHONE_MESSAGES_ES.code })
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, { error: PHONE_MESSAGES_ES.code })),
  })
  .strict();
export type ConfirmPhoneCodeRequest = z.input<typeof ZConfirmPhoneCodeRequest>;

export const ZConfirmPhoneCodeResult = z.object({ phone: z.string(), phone_verified_at: z.string() });
export type ConfirmPhoneCodeResult = z.infer<typeof ZConfirmPhoneCodeResult>;
export const ZConfirmPhoneCodeResponse = dataOf(ZConfirmPhoneCodeResult);

export const ZPickupSettings = z.object({
  /** Households and companies must verify their phone before asking for a pickup. */
  require_verified_phone: z.boolean({ error: 'Indica verdadero o falso.' }),
});
export type PickupSettings = z.infer<typeof ZPickupSettings>;
export const ZPickupSettingsRequest = ZPickupSettings.strict();
export const ZPickupSettingsResponse = dataOf(ZPickupSettings);
