import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translations } from '../../../test/translate';
import { socialErrorText } from '../social-messages';

describe('social sign-in messages', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'es',
      fallbackLng: 'es',
      resources: { es: { translation: translations.es }, en: { translation: translations.en } },
      showSupportNotice: false,
    });
  });
  afterAll(async () => {
    await i18next.changeLanguage('es');
  });

  it('a provider code of social sign-in reads as a failed sign-in in the chosen language', async () => {
    await i18next.changeLanguage('en');
    const t = i18next.t.bind(i18next);
    expect(socialErrorText(t, 'access_denied')).toBe(translations.en.errors['social-login-failed']);
    await i18next.changeLanguage('es');
    expect(socialErrorText(t, 'access_denied')).toBe(translations.es.errors['social-login-failed']);
  });
});
