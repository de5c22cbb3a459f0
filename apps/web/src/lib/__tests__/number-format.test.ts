import { ERRORS, SIZE_DOC_KIB, SIZE_IMG_KIB } from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';
import { translate, translations } from '../../test/translate';
import { formatDistance, formatFileSize, formatNumber } from '../number-format';

const LOCALES = { es: 'es-CO', en: 'en-US' } as const;

/** Deterministic pseudo-random numbers (no flaky inputs). */
function* samples(count: number): Generator<number> {
  let seed = 42;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < count; i++) {
    const magnitude = 10 ** Math.floor(next() * 10);
    yield (next() - 0.2) * magnitude;
  }
}

describe('formatNumber', () => {
  const fixed = [0, -0, 5, 999, 1000, 1234, 12345, 1234567, 1.25, 1.05, 0.05, 0.95, 9.95, 12.345, -1234.5, -0.4, 999999.96, 1e20, 1e21, NaN, Infinity];
  for (const [lang, locale] of Object.entries(LOCALES)) {
    it(`writes what Intl.NumberFormat('${locale}') writes`, () => {
      for (const digits of [0, 1, 2]) {
        const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
        for (const value of [...fixed, ...samples(2000)]) {
          expect(formatNumber(value, lang, digits), `${value} with ${digits} decimals`).toBe(intl.format(value));
        }
      }
    });
  }

  it('groups thousands and separates decimals the Colombian way', () => {
    expect(formatNumber(1234567.89, 'es', 1)).toBe('1.234.567,9');
    expect(formatNumber(1234567.89, 'en', 1)).toBe('1,234,567.9');
  });
});

describe('formatDistance', () => {
  it('rounds metres to tens and kilometres to one decimal below 10 km', () => {
    expect(formatDistance(847, 'es')).toBe('850 m');
    expect(formatDistance(1234, 'es')).toBe('1,2 km');
    expect(formatDistance(1234, 'en')).toBe('1.2 km');
    expect(formatDistance(15678, 'es')).toBe('16 km');
    expect(formatDistance(1_234_567, 'es')).toBe('1.235 km');
  });
});

describe('file sizes shown to people', () => {
  it('reads "1,5 MB" and "2 MB" for the upload limits, never KiB', () => {
    expect(formatFileSize(SIZE_IMG_KIB * 1024, 'es')).toBe('1,5 MB');
    expect(formatFileSize(SIZE_DOC_KIB * 1024, 'es')).toBe('2 MB');
    expect(formatFileSize(340 * 1024, 'es')).toBe('340 KB');
    expect(formatFileSize(SIZE_IMG_KIB * 1024, 'en')).toBe('1.5 MB');
  });

  it('no translation or API error message writes KiB', () => {
    const texts = [JSON.stringify(translations.es), JSON.stringify(translations.en), ...Object.values(ERRORS).map((e) => e.message)];
    expect(texts.filter((text) => /KiB/.test(text))).toEqual([]);
    expect(translate('files.imageHint').replace('{{size}}', formatFileSize(SIZE_IMG_KIB * 1024, 'es'))).toContain('1,5 MB');
  });
});
