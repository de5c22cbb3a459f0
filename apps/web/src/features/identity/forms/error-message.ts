/**
 * The text to show for a failed call. The server speaks Spanish (the default language):
 * Spanish shows a specific server message as sent ("Tu sesión expiró…"); other languages get
 * the code's translation (`identity.errors.*`), else the server's message.
 * Only the error catalogue is imported here: the banners use this on every page.
 */
import { DEFAULT_LANGUAGE, ERRORS } from '@puntoverde/contract';
import i18next from 'i18next';
import type { TFunction } from 'i18next';

export function errorMessage(t: TFunction, error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
    const fallback = message || ERRORS['internal-error'].message;
    const catalogue = (ERRORS as Record<string, { message: string } | undefined>)[error.code]?.message;
    if (message && message !== catalogue && (i18next.resolvedLanguage ?? DEFAULT_LANGUAGE) === DEFAULT_LANGUAGE) {
      return message;
    }
    return t(`identity.errors.${error.code}`, { defaultValue: fallback });
  }
  return t('identity.errors.internal-error', { defaultValue: ERRORS['internal-error'].message });
}
