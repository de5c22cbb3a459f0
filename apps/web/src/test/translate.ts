/** Looks keys up in the real translation files, so tests assert the exact UI text. */
import en from '../../public/assets/i18n/en.json';
import es from '../../public/assets/i18n/es.json';

export const translations = { es, en } as const;

export function translate(key: string, language: keyof typeof translations = 'es'): string {
  let node: unknown = translations[language];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`Missing ${language} translation: ${key}`);
  return node;
}
