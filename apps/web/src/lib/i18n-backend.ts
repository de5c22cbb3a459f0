/**
 * A minimal i18next backend: one JSON file per language at the relative path
 * `assets/i18n/{lang}.json` (spec §2), resolved against the app's base URL so that deep
 * links such as /auth/profile/7 load the same files.
 */
import { brandText } from '@puntoverde/contract';
import type { BackendModule, ReadCallback } from 'i18next';
import { embeddedBranding } from './embedded-config';

export function translationUrl(language: string, baseUrl: string = import.meta.env.BASE_URL): string {
  const base = new URL(baseUrl, window.location.origin);
  return new URL(`assets/i18n/${encodeURIComponent(language)}.json`, base).href;
}

/** The texts in the scheme's name: they are written with "PuntoVerde" (app.name, titles, help). */
export function brandTranslations(texts: Record<string, unknown>, name: string): Record<string, unknown> {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return brandText(value, name);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return walk(texts) as Record<string, unknown>;
}

export const fetchJsonBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    fetch(translationUrl(language))
      .then(async (response) => {
        if (!response.ok) throw new Error(`Translations for "${language}" answered ${response.status}`);
        callback(null, brandTranslations((await response.json()) as Record<string, unknown>, embeddedBranding().name));
      })
      // `true` lets i18next retry: a failed fetch is usually a passing network problem.
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true));
  },
};
