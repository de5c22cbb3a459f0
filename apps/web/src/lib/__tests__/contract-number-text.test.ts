import { formatIntegerEsCo, REPORT_DESCRIPTION_MAX, REQUEST_MAX_KG_PER_ITEM } from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';

describe('formatIntegerEsCo (the contract messages numbers, without loading ICU)', () => {
  it('writes whole numbers as es-CO does', () => {
    for (const n of [0, 7, 999, 1000, 4000, 10000, 12345, 999999, 1234567, -4000]) {
      expect(formatIntegerEsCo(n)).toBe(n.toLocaleString('es-CO'));
    }
  });

  it('is what the limits messages say', () => {
    expect(formatIntegerEsCo(REPORT_DESCRIPTION_MAX)).toBe('4.000');
    expect(formatIntegerEsCo(REQUEST_MAX_KG_PER_ITEM)).toBe('10.000');
  });
});
