import { describe, expect, it } from 'vitest';
import { translations } from '../../test/translate';
import { translationUrl } from '../i18n-backend';

describe('translation files', () => {
  it('load from assets/i18n/{lang}.json under the app base, whatever the current route', () => {
    window.history.pushState({}, '', '/auth/profile/7');
    expect(translationUrl('es', '/')).toBe(`${window.location.origin}/assets/i18n/es.json`);
    expect(translationUrl('en', '/app/')).toBe(`${window.location.origin}/app/assets/i18n/en.json`);
  });

  it('English has every key Spanish has', () => {
    const keys = (node: unknown, prefix = ''): string[] =>
      typeof node === 'object' && node !== null
        ? Object.entries(node).flatMap(([key, value]) => keys(value, `${prefix}${key}.`))
        : [prefix.slice(0, -1)];
    // contractMessages translates the contract's Spanish texts: Spanish needs no table.
    const { contractMessages, ...en } = translations.en;
    expect(Object.keys(contractMessages).length).toBeGreaterThan(0);
    expect(keys(en)).toEqual(keys(translations.es));
  });
});
