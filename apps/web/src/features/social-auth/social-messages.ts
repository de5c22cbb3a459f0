/**
 * Messages of social sign-in failures. Spanish shows the contract's text; other languages look
 * the code up under `errors.*`.
 */
import { ERRORS, isErrorCode } from '@puntoverde/contract';
import type { TFunction } from 'i18next';

export function socialErrorText(t: TFunction, code: string, serverMessage?: string): string {
  const fallback = serverMessage || (isErrorCode(code) ? ERRORS[code].message : ERRORS['social-login-failed'].message);
  return t(`errors.${code}`, { defaultValue: fallback });
}

/** The text for a failed call (an ApiError or anything thrown). */
export function socialErrorMessage(t: TFunction, error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    const message = 'message' in error && typeof error.message === 'string' ? error.message : undefined;
    return socialErrorText(t, error.code, message);
  }
  return socialErrorText(t, 'internal-error');
}
