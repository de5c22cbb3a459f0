import { ERRORS, MESSAGES_ES } from '@puntoverde/contract';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translations } from '../../../test/translate';
import { errorMessage } from '../forms/error-message';
import { translateFieldMessage } from '../../../lib/field-messages';

describe('identity messages', () => {
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

  it('keeps the Spanish catalogue and server texts as they are', async () => {
    await i18next.changeLanguage('es');
    const t = i18next.t.bind(i18next);
    expect(translateFieldMessage(t, MESSAGES_ES.nit)).toBe(MESSAGES_ES.nit);
    expect(errorMessage(t, { code: 'unauthorized', message: 'Tu sesión expiró. Inicia sesión de nuevo.' })).toBe(
      'Tu sesión expiró. Inicia sesión de nuevo.',
    );
    expect(errorMessage(t, { code: 'network-request-failed', message: ERRORS['network-request-failed'].message })).toBe(
      ERRORS['network-request-failed'].message,
    );
  });

  it('translates contract field messages and error codes into English', async () => {
    await i18next.changeLanguage('en');
    const t = i18next.t.bind(i18next);
    expect(translateFieldMessage(t, MESSAGES_ES.nit)).toBe('The NIT is not valid: check the number and the check digit.');
    expect(translateFieldMessage(t, ERRORS['invalid-email'].message)).toBe('The e-mail address is not valid.');
    expect(errorMessage(t, { code: 'wrong-password', message: ERRORS['wrong-password'].message })).toBe(
      'The e-mail or the password is not correct.',
    );
    expect(errorMessage(t, { code: 'network-request-failed', message: ERRORS['network-request-failed'].message })).toBe(
      "Can't reach the server. Check your internet connection and try again.",
    );
  });

  it('falls back to the server text for a code it has no translation for', async () => {
    await i18next.changeLanguage('en');
    const t = i18next.t.bind(i18next);
    expect(errorMessage(t, { code: 'some-new-code', message: 'Algo nuevo.' })).toBe('Algo nuevo.');
  });

  it('has the Spanish identity errors and field messages equal to the contract catalogue', () => {
    const es = translations.es.identity;
    for (const [code, text] of Object.entries(es.errors)) expect(text).toBe(ERRORS[code as keyof typeof ERRORS].message);
    for (const [key, text] of Object.entries(es.fieldErrors)) expect(text).toBe(MESSAGES_ES[key as keyof typeof MESSAGES_ES]);
  });
});
