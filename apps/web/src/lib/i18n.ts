/**
 * i18next set-up: Spanish by default, English complete; the choice is kept in localStorage.
 * Strings are fetched over HTTP (i18n-backend.ts); components suspend until they arrive.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@puntoverde/contract';
import type { Language } from '@puntoverde/contract';
import { fetchJsonBackend } from './i18n-backend';

import { LANGUAGE_STORAGE_KEY } from './language-key';

export { LANGUAGE_STORAGE_KEY };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const saved = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not persisted; the switch still applies to this page
  }
  await i18next.changeLanguage(language);
}

export function initI18n(): Promise<unknown> {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18next
    .use(fetchJsonBackend)
    .use(initReactI18next)
    .init({
      lng: storedLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      interpolation: { escapeValue: false }, // React escapes already
      showSupportNotice: false,
    });
}
