import { formatNit, isValidNit, nitCheckDigit, normalizeNit, parseNit, ZNit } from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';

// DIAN: weights 3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71 from the right, mod 11.
describe('NIT check digit (DIAN)', () => {
  it('computes 900123456 → 8', () => {
    // Worked out digit by digit, right to left: 6·3 + 5·7 + 4·13 + 3·17 + 2·19 + 1·23 + 0·29 + 0·37 + 9·41
    // = 18 + 35 + 52 + 51 + 38 + 23 + 0 + 0 + 369 = 586; 586 mod 11 = 3; DV = 11 − 3 = 8.
    expect(nitCheckDigit('900123456')).toBe(8);
  });

  it.each([
    ['800197268', 4], // DIAN
    ['860034313', 7], // Banco Davivienda
    ['890900608', 9], // Almacenes Éxito
  ])('confirms the known NIT %s-%i', (base, dv) => {
    expect(nitCheckDigit(base)).toBe(dv);
    expect(isValidNit(`${base}-${dv}`)).toBe(true);
  });

  it('uses the remainder itself when it is 0 or 1', () => {
    for (const base of ['1', '4', '11', '8110000000']) {
      const digits = [...base].reverse();
      const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];
      const r = digits.reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0) % 11;
      expect(nitCheckDigit(base)).toBe(r <= 1 ? r : 11 - r);
    }
    expect(nitCheckDigit('4')).toBe(1); // 4·3 = 12, 12 mod 11 = 1 → DV 1
    expect(nitCheckDigit('11')).toBe(1); // 1·3 + 1·7 = 10 → 11 − 10 = 1
  });

  it('rejects a NIT with a wrong check digit', () => {
    expect(isValidNit('900123456-7')).toBe(false);
    expect(isValidNit('800197268-5')).toBe(false);
  });

  it('accepts dots, spaces and a missing dash; rejects letters and short numbers', () => {
    expect(isValidNit('900.123.456-8')).toBe(true);
    expect(isValidNit('9001234568')).toBe(true);
    expect(isValidNit(' 900 123 456 - 8 ')).toBe(true);
    expect(isValidNit('90012345A-8')).toBe(false);
    expect(isValidNit('123-4')).toBe(false);
    expect(parseNit('abc')).toBeNull();
    expect(nitCheckDigit('')).toBeNull();
  });

  it('formats as 900.123.456-8 and normalises as 900123456-8', () => {
    expect(formatNit('9001234568')).toBe('900.123.456-8');
    expect(formatNit('800197268-4')).toBe('800.197.268-4');
    expect(normalizeNit('900.123.456-8')).toBe('900123456-8');
    expect(ZNit.parse('860.034.313-7')).toBe('860034313-7');
    expect(ZNit.safeParse('860.034.313-1').success).toBe(false);
  });
});
