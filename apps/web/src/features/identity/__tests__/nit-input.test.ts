import { isValidNit } from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../test/translate';
import nitFieldSource from '../components/nit-field.tsx?raw';
import { formatNitAsTyped, formatNitInput } from '../forms/nit-input';

describe('formatNitAsTyped', () => {
  it.each([
    ['9', '9'],
    ['900', '900'],
    ['9001', '9.001'],
    ['900123', '900.123'],
    ['900123456', '900.123.456'],
    ['9001234567', '900.123.456-7'],
    ['900.123.456-7', '900.123.456-7'],
    ['900 123 456 7', '900.123.456-7'],
  ])('formats %s as %s', (typed, shown) => {
    expect(formatNitAsTyped(typed)).toBe(shown);
  });

  it('keeps a dash the user typed for a NIT with a shorter base', () => {
    expect(formatNitAsTyped('12345678-')).toBe('12.345.678-');
    expect(formatNitAsTyped('12345678-9')).toBe('12.345.678-9');
  });

  it('drops letters and extra check digits', () => {
    expect(formatNitAsTyped('9a0b0c')).toBe('900');
    expect(formatNitAsTyped('900123456-78')).toBe('900.123.456-7');
  });

  it('produces what the contract accepts as a valid NIT', () => {
    // 900.123.456-8 is a NIT with a correct DIAN check digit.
    expect(isValidNit(formatNitAsTyped('9001234568'))).toBe(true);
    expect(isValidNit(formatNitAsTyped('9001234567'))).toBe(false);
  });
});

describe('formatNitInput', () => {
  it('keeps the caret after the digit just typed in the middle', () => {
    // "900.12|3.456" with a 9 typed after the 2 → digits 9001293456 → 900.129.345-6
    const result = formatNitInput('900.1293.456', 6);
    expect(result.value).toBe('900.129.345-6');
    expect(result.value.slice(0, result.caret).replace(/\D/g, '')).toBe('90012');
  });

  it('puts the caret at the end when typing at the end', () => {
    const result = formatNitInput('9001234', 7);
    expect(result).toEqual({ value: '9.001.234', caret: 9 });
  });
});

describe('the NIT examples shown to people', () => {
  it('are valid NITs themselves (DIAN check digit of 900.123.456 is 8)', () => {
    const examples = [
      translate('identity.hints.nit', 'es'),
      translate('identity.hints.nit', 'en'),
      nitFieldSource,
    ].flatMap((text) => text.match(/\d{3}\.\d{3}\.\d{3}-\d/g) ?? []);
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const nit of examples) expect(isValidNit(nit), nit).toBe(true);
  });
});
