import { CERTIFICATE_MAX_PERIOD_DAYS, ERRORS, PQR_MAX_ATTACHMENTS, ZCreatePqrRequest } from '@puntoverde/contract';
import i18next from 'i18next';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translations } from '../../test/translate';
import { ApiError } from '../api-client';
import { apiFieldMessages } from '../api-errors';
import { translateFieldMessage } from '../field-messages';
import '../zod-resolver';

const CONTRACT_SRC = join(__dirname, '../../../../../packages/contract/src');
/**
 * Catalogues translated by key elsewhere (errors.*, identity.fieldErrors.*), not a source, or not
 * UI text: the SUI annex's column names are the names of a Spanish regulatory file format.
 */
const KEYED = new Set(['errors.ts', 'fallback-messages.ts', 'field-messages.ts', 'index.ts', 'recycler-sui-values.ts']);

/** Every single-quoted sentence-like Spanish text of the contract's sources (API docs aside). */
function contractTexts(): string[] {
  const texts = new Set<string>();
  for (const file of readdirSync(CONTRACT_SRC)) {
    if (!file.endsWith('.ts') || KEYED.has(file)) continue;
    for (const line of readFileSync(join(CONTRACT_SRC, file), 'utf8').split('\n')) {
      const code = line.trim();
      if (code.startsWith('//') || code.startsWith('*') || line.includes('.describe(')) continue;
      for (const [, text = ''] of line.matchAll(/'((?:[^'\\]|\\.)*)'/g)) {
        if (/^[A-ZÁÉÍÓÚÑ¿¡]/.test(text) && /[a-záéíóúñ]/.test(text) && text.length >= 4 && /[ áéíóúñ]/.test(text)) {
          texts.add(text);
        }
      }
    }
  }
  return [...texts];
}

describe('contract messages in English', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'en',
      fallbackLng: 'es',
      resources: { es: { translation: translations.es }, en: { translation: translations.en } },
      showSupportNotice: false,
    });
  });
  afterAll(async () => {
    await i18next.changeLanguage('es');
  });

  it('has an English text for every Spanish text the contract writes', () => {
    const table: Record<string, string> = translations.en.contractMessages;
    const texts = contractTexts();
    expect(texts.length).toBeGreaterThan(200);
    expect(texts.filter((text) => !(text in table))).toEqual([]);
    expect(table[`El periodo no puede pasar de ${CERTIFICATE_MAX_PERIOD_DAYS} días.`]).toBeTruthy();
    expect(table[`Puedes adjuntar hasta ${PQR_MAX_ATTACHMENTS} archivos.`]).toBeTruthy();
  });

  it('shows the PQR form problems in English and keeps them Spanish in Spanish', async () => {
    const t = i18next.t.bind(i18next);
    const result = ZCreatePqrRequest.safeParse({ type: 'nope', subject: 'ab', description: 'corta' });
    expect(result.success).toBe(false);
    const shown = (result.error?.issues ?? []).map((issue) => translateFieldMessage(t, issue.message) ?? '');
    expect(shown).toContain('Choose the type of request.');
    expect(shown).toContain('The subject must have at least 5 characters.');
    expect(shown.filter((text) => /[áéíóúñ]|\b(Escribe|Elige|Debes)\b/.test(text))).toEqual([]);
    await i18next.changeLanguage('es');
    expect(translateFieldMessage(t, 'Elige un material.')).toBe('Elige un material.');
    await i18next.changeLanguage('en');
    expect(translateFieldMessage(t, 'Elige un material.')).toBe('Choose a material.');
  });

  it("gives zod's own messages in the chosen language", async () => {
    const { z } = await import('zod');
    expect(z.string().min(3).safeParse('a').error?.issues[0]?.message).toMatch(/^Too small/);
    await i18next.changeLanguage('es');
    expect(z.string().min(3).safeParse('a').error?.issues[0]?.message).toMatch(/^Demasiado pequeño/);
    await i18next.changeLanguage('en');
  });
});

describe('field messages of a failed call', () => {
  it('come in English, whatever the screen places them on', async () => {
    await i18next.changeLanguage('en');
    const t = i18next.t.bind(i18next);
    const error = new ApiError('validation-failed', 400, 'Revisa los datos marcados.', {
      lat: 'Indica dónde está el problema: usa tu ubicación o marca el punto en el mapa.',
      photos: ERRORS['image-too-large'].message,
    });
    expect(apiFieldMessages(t, error)).toEqual({
      lat: 'Say where the problem is: use your location or mark the spot on the map.',
      photos: translations.en.errors['image-too-large'],
    });
    expect(apiFieldMessages(t, new Error('x'))).toEqual({});
    await i18next.changeLanguage('es');
  });
});
