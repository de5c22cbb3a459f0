import { COLOMBIAN_PHONE_REGEX } from '@puntoverde/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A real Colombian number by the numbering plan (libphonenumber, full metadata): the contract's
 * 10-digit shape, then a mobile (3XX) or landline (60X) range that is actually assigned —
 * `399…` or `609…` pass the shape and fail here.
 */
export function isValidColombianPhone(phone: string): boolean {
  if (!COLOMBIAN_PHONE_REGEX.test(phone)) return false;
  const parsed = parsePhoneNumberFromString(phone, 'CO');
  return parsed !== undefined && parsed.country === 'CO' && parsed.isValid();
}

/** A Colombian mobile (3XX, assigned range) in E.164 (`+573012345678`), or null: landlines get no SMS. */
export function colombianMobileE164(phone: string): string | null {
  if (!COLOMBIAN_PHONE_REGEX.test(phone)) return null;
  const parsed = parsePhoneNumberFromString(phone, 'CO');
  if (!parsed || parsed.country !== 'CO' || !parsed.isValid() || parsed.getType() !== 'MOBILE') return null;
  return parsed.number;
}
