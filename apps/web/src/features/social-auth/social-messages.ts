/**
 * Messages of social sign-in failures, by code in the chosen language (apiErrorMessage without
 * the server's text: these screens always say the catalogue's sentence); a code outside the
 * contract (a provider's own, from the return URL) reads as `social-login-failed`.
 */
import { isErrorCode } from '@puntoverde/contract';
import type { TFunction } from 'i18next';
import { apiErrorMessage, isApiErrorLike } from '../../lib/api-errors';

export function socialErrorText(t: TFunction, code: string): string {
  return apiErrorMessage(t, { code: isErrorCode(code) ? code : 'social-login-failed', message: '' });
}

/** The text for a failed call (an ApiError or anything thrown). */
export function socialErrorMessage(t: TFunction, error: unknown): string {
  return socialErrorText(t, isApiErrorLike(error) ? error.code : 'internal-error');
}
