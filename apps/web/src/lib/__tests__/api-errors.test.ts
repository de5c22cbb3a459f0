import { ERRORS, MESSAGES_ES } from '@puntoverde/contract';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { translations } from '../../test/translate';
import { ApiError } from '../api-client';
import { apiErrorMessage, applyApiError } from '../api-errors';
import { translateFieldMessage } from '../field-messages';

const CODES = Object.keys(ERRORS) as (keyof typeof ERRORS)[];

describe('API error messages', () => {
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

  it('has a Spanish and an English text for every error code of the contract', () => {
    const es: Record<string, unknown> = translations.es.errors;
    const en: Record<string, unknown> = translations.en.errors;
    expect(CODES.filter((code) => typeof es[code] !== 'string' || es[code] === '')).toEqual([]);
    expect(CODES.filter((code) => typeof en[code] !== 'string' || en[code] === '')).toEqual([]);
    expect(Object.keys(es).filter((code) => !(code in ERRORS))).toEqual([]);
    expect(Object.keys(en).filter((code) => !(code in ERRORS))).toEqual([]);
  });

  it('has the Spanish error and field texts equal to the contract catalogue', () => {
    for (const code of CODES) expect(translations.es.errors[code]).toBe(ERRORS[code].message);
    const fieldErrors = translations.es.identity.fieldErrors;
    for (const [key, text] of Object.entries(fieldErrors)) expect(text).toBe(MESSAGES_ES[key as keyof typeof MESSAGES_ES]);
  });

  it('has English error texts that are not the Spanish ones', () => {
    const same = CODES.filter((code) => translations.en.errors[code] === ERRORS[code].message);
    expect(same).toEqual([]);
  });

  it('keeps the Spanish catalogue and specific server texts as they are', async () => {
    await i18next.changeLanguage('es');
    const t = i18next.t.bind(i18next);
    expect(translateFieldMessage(t, MESSAGES_ES.nit)).toBe(MESSAGES_ES.nit);
    expect(apiErrorMessage(t, new ApiError('unauthorized', 401, 'Tu sesión expiró. Inicia sesión de nuevo.'))).toBe(
      'Tu sesión expiró. Inicia sesión de nuevo.',
    );
    expect(apiErrorMessage(t, new ApiError('pqr-not-found', 404, ERRORS['pqr-not-found'].message))).toBe(
      ERRORS['pqr-not-found'].message,
    );
  });

  it('shows English for a Spanish server message when the app is in English', async () => {
    await i18next.changeLanguage('en');
    const t = i18next.t.bind(i18next);
    expect(translateFieldMessage(t, MESSAGES_ES.nit)).toBe('The NIT is not valid: check the number and the check digit.');
    expect(translateFieldMessage(t, ERRORS['invalid-email'].message)).toBe('The e-mail address is not valid.');
    expect(apiErrorMessage(t, { code: 'wrong-password', message: ERRORS['wrong-password'].message })).toBe(
      'The e-mail or the password is not correct.',
    );
    // A specific Spanish text of the server gives way to the code's translation.
    expect(apiErrorMessage(t, new ApiError('not-found', 404, 'No encontramos esa campaña.'))).toBe(
      "We couldn't find what you are looking for.",
    );
    expect(apiErrorMessage(t, new ApiError('point-inactive', 409, ERRORS['point-inactive'].message))).toBe(
      'That point is not active: choose another one.',
    );
  });

  it('falls back to the server text for a code it has no translation for, and to a generic text for anything else', async () => {
    await i18next.changeLanguage('en');
    const t = i18next.t.bind(i18next);
    expect(apiErrorMessage(t, { code: 'some-new-code', message: 'Algo nuevo.' })).toBe('Algo nuevo.');
    expect(apiErrorMessage(t, new TypeError('x is undefined'))).toBe(translations.en.errors['internal-error']);
  });
});

describe('applyApiError', () => {
  beforeAll(async () => {
    await i18next.changeLanguage('es');
  });

  it('puts field messages on the fields they name, focusing the first, and leaves no form message', () => {
    const t = i18next.t.bind(i18next);
    const setError = vi.fn();
    const result = applyApiError(
      t,
      new ApiError('validation-failed', 400, 'Revisa los datos marcados.', { ends_at: 'La fecha de fin debe ser posterior', name: 'Falta' }),
      setError,
      ['ends_at', 'name'],
    );
    expect(result).toEqual({ placed: true, fieldsOutside: {}, formMessage: null, message: 'Revisa los datos marcados.' });
    expect(setError).toHaveBeenNthCalledWith(1, 'ends_at', { type: 'server', message: 'La fecha de fin debe ser posterior' }, { shouldFocus: true });
    expect(setError).toHaveBeenNthCalledWith(2, 'name', { type: 'server', message: 'Falta' }, { shouldFocus: false });
  });

  it('strips a prefix from server paths and reports the fields the form does not have', () => {
    const t = i18next.t.bind(i18next);
    const setError = vi.fn();
    const result = applyApiError(
      t,
      new ApiError('validation-failed', 400, 'Revisa los datos marcados.', { 'data_user.email': ERRORS['invalid-email'].message, point_id: 'Elige un punto.' }),
      setError,
      (name) => name === 'email',
      { prefix: 'data_user.' },
    );
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: ERRORS['invalid-email'].message }, { shouldFocus: true });
    expect(result).toEqual({
      placed: true,
      fieldsOutside: { point_id: 'Elige un punto.' },
      formMessage: 'Revisa los datos marcados.',
      message: 'Revisa los datos marcados.',
    });
  });

  it('translates field messages from the contract when the app is in English', async () => {
    await i18next.changeLanguage('en');
    const t = i18next.t.bind(i18next);
    const setError = vi.fn();
    const result = applyApiError(t, new ApiError('conflict', 409, ERRORS.conflict.message, { nit: MESSAGES_ES.nit }), setError, []);
    expect(result.fieldsOutside).toEqual({ nit: 'The NIT is not valid: check the number and the check digit.' });
    expect(result.formMessage).toBe('The operation conflicts with the current state.');
    expect(setError).not.toHaveBeenCalled();
    await i18next.changeLanguage('es');
  });
});
