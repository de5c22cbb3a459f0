/**
 * The identity forms' validation: zod and the contract's schemas, in a chunk of its own that the
 * forms load on first use (lib/lazy-resolver.ts), so the login, sign-up and profile pages start
 * without them.
 */
import { zodResolver } from '../../../lib/zod-resolver';
import {
  MESSAGES_ES,
  ZChangeEmailRequest,
  ZCompanySignupData,
  ZConfirmPhoneCodeRequest,
  ZCurrentPassword,
  ZHouseholdSignupData,
  ZLoginRequest,
  ZNewPassword,
  ZPhone,
  ZUpdateProfileRequest,
} from '@puntoverde/contract';
import { z } from 'zod';

export const ZChangePasswordForm = z
  .object({ current_password: ZCurrentPassword, new_password: ZNewPassword, new_password_confirmation: z.string() })
  .refine((v) => v.current_password !== v.new_password, { path: ['new_password'], error: MESSAGES_ES.samePassword })
  .refine((v) => v.new_password === v.new_password_confirmation, {
    path: ['new_password_confirmation'],
    error: MESSAGES_ES.passwordsDiffer,
  });

export const loginResolver = zodResolver(ZLoginRequest.pick({ username: true, password: true }));
export const householdSignupResolver = zodResolver(ZHouseholdSignupData);
export const companySignupResolver = zodResolver(ZCompanySignupData);
export const profileDetailsResolver = zodResolver(ZUpdateProfileRequest);
export const changeEmailResolver = zodResolver(ZChangeEmailRequest);
export const changePasswordResolver = zodResolver(ZChangePasswordForm);
export const phoneNumberResolver = zodResolver(z.object({ phone: ZPhone }));
export const phoneCodeResolver = zodResolver(ZConfirmPhoneCodeRequest);
