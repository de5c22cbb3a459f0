import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { translations } from '../../test/translate';
import { countText } from '../count-text';

/** Every text that puts a variable before a plural noun ("{{n}} personas") without _one/_other forms. */
function countedWithoutPlural(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => {
    const path = `${prefix}${key}`;
    if (typeof value !== 'string') return countedWithoutPlural(value, `${path}.`);
    if (/_(zero|one|two|few|many|other)$/.test(key)) return [];
    return /\{\{\s*\w+\s*\}\}\s+(personas|people|puntos|points|materiales|materials|contenedores|containers|dispositivos|devices|recicladores|recyclers|responsables|managers|pendientes|fallidos|solicitudes|requests|reportes|reports|sesiones|sessions|canjes|redemptions)\b/i.test(
      value,
    )
      ? [path]
      : [];
  });
}

describe('counted nouns', () => {
  it('say 1 persona and 2 personas, with the number written the language way', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'es', resources: { es: { translation: translations.es }, en: { translation: translations.en } } });
    expect(countText(i18n.t, 'people', 1, 'es')).toBe('1 persona');
    expect(countText(i18n.t, 'people', 1250, 'es')).toBe('1.250 personas');
    expect(countText(i18n.t, 'people', 0, 'es')).toBe('0 personas');
    await i18n.changeLanguage('en');
    expect(countText(i18n.t, 'people', 1, 'en')).toBe('1 person');
    expect(countText(i18n.t, 'people', 1250, 'en')).toBe('1,250 people');
  });

  it('have singular and plural forms wherever a number counts them (es and en)', () => {
    const { contractMessages: _contractMessages, ...en } = translations.en;
    expect([...countedWithoutPlural(translations.es), ...countedWithoutPlural(en)]).toEqual([]);
  });
});
