import { z } from 'zod';
import { dataOf } from './common.js';
import { ZPhone } from './identity-fields.js';
import { PHONE_MESSAGES_ES } from './phone-values.js';

/**
 * Phone verification by SMS code (the identity service's phone verification, spec §1/§7): a
 * 6-digit code sent to the caller's Colombian mobile, and the scheme setting that makes a
 * verified phone a condition for asking for pickups.
 */

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
