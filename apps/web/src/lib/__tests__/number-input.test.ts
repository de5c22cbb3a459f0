import { describe, expect, it } from 'vitest';
import { checkQuantityText, parseQuantity, quantityText, quantityValue } from '../number-input';

const value = (text: string, options?: Parameters<typeof parseQuantity>[1]) => {
  const r = parseQuantity(text, options);
  return r.ok ? r.value : r.error;
};

describe('parseQuantity', () => {
  it('reads the es-CO decimal comma: 3,5 is three and a half, never 35', () => {
    expect(value('3,5')).toBe(3.5);
    expect(value('23,4')).toBe(23.4);
    expect(value('0,25')).toBe(0.25);
    expect(value(',5')).toBe(0.5);
  });

  it('reads a decimal dot too', () => {
    expect(value('3.5')).toBe(3.5);
    expect(value('23.45')).toBe(23.45);
    expect(value('0.500')).toBe(0.5);
  });

  it('reads whole numbers and es-CO thousands with dots or spaces', () => {
    expect(value('12')).toBe(12);
    expect(value('1.234,5')).toBe(1234.5);
    expect(value('1.234.567')).toBe(1234567);
    expect(value('1 234,5')).toBe(1234.5);
    expect(value('1\u00a0234')).toBe(1234);
    expect(value('  7,5  ')).toBe(7.5);
  });

  it('reads English thousands when the decimal dot makes it unambiguous', () => {
    expect(value('1,234.5')).toBe(1234.5);
  });

  it('refuses what could mean two numbers', () => {
    expect(value('1.234')).toBe('ambiguous');
    expect(value('12.345')).toBe('ambiguous');
  });

  it('refuses what is not a number', () => {
    for (const text of ['1,2,3', 'doce', '3,', '3.5.', '1.23,4', '12,345.6.7', '1..2', '', '3 kg', '1e3', '0x10']) {
      expect(value(text), text).toBe('invalid');
    }
  });

  it('refuses more decimals than the field takes, ignoring trailing zeros', () => {
    expect(value('1,234')).toBe('decimals');
    expect(value('3,50')).toBe(3.5);
    expect(value('2,5', { maxDecimals: 0 })).toBe('decimals');
    expect(value('2,0', { maxDecimals: 0 })).toBe(2);
  });

  it('refuses negatives unless the field takes them', () => {
    expect(value('-3,5')).toBe('negative');
    expect(value('-75,56', { allowNegative: true })).toBe(-75.56);
  });
});

describe('quantityValue (react-hook-form setValueAs)', () => {
  it('is null when empty, the number when it reads, NaN when refused', () => {
    expect(quantityValue('')).toBeNull();
    expect(quantityValue('  ')).toBeNull();
    expect(quantityValue('3,5')).toBe(3.5);
    expect(quantityValue('1,2,3')).toBeNaN();
    expect(quantityValue(4)).toBe(4);
  });
});

describe('quantityText', () => {
  it('writes a number back as the field shows it', () => {
    expect(quantityText(3.5, 'es')).toBe('3,5');
    expect(quantityText(1234.5, 'es-CO')).toBe('1234,5');
    expect(quantityText(3.5, 'en')).toBe('3.5');
    expect(quantityText(null, 'es')).toBe('');
  });

  it('round-trips through the parser', () => {
    for (const n of [0.1, 3.5, 12.25, 999.99, 10000]) expect(value(quantityText(n, 'es'))).toBe(n);
  });
});

describe('checkQuantityText', () => {
  it('names the translation key of each refusal', () => {
    expect(checkQuantityText('3,5')).toBeNull();
    expect(checkQuantityText('')).toBeNull();
    expect(checkQuantityText('1.234')).toEqual({ key: 'form.quantity.ambiguous', values: { text: '1.234' } });
    expect(checkQuantityText('1,2,3')?.key).toBe('form.quantity.invalid');
    expect(checkQuantityText('1,234')).toEqual({ key: 'form.quantity.decimals', values: { count: 2 } });
    expect(checkQuantityText('2,5', { maxDecimals: 0 })?.key).toBe('form.quantity.whole');
  });
});
