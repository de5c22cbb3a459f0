import {
  formatColombianPhone,
  formatDate,
  formatDateTime,
  formatDocumentNumber,
  formatKg,
  parseColombianPhone,
  parseDocumentNumber,
  parseKg,
  parseNitOptionalDv,
  phoneHref,
  ZCreatePqrRequest,
} from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';

/** The shared parsers and formatters of Colombian values (packages/contract/src/colombian-formats.ts). */

describe('document numbers', () => {
  it.each([
    ['CC', '1.017.234.567', '1017234567'],
    ['CC', '1 017 234 567', '1017234567'],
    ['CC', ' 43.123.456 ', '43123456'],
    ['TI', '1.001.002.003', '1001002003'],
    ['CE', 'e-123 456', 'E123456'],
    ['PP', 'ab.123456', 'AB123456'],
  ])('reads a %s typed as %s', (type, typed, stored) => {
    expect(parseDocumentNumber(type, typed)).toBe(stored);
  });

  it.each([
    ['CC', '1.017.234.56A'],
    ['CC', '12'],
    ['CC', '1.017.234.567.890'],
    ['CE', 'Ñ#123'],
  ])('refuses a %s typed as %s', (type, typed) => {
    expect(parseDocumentNumber(type, typed)).toBeNull();
  });

  it('shows a cédula with dots and a NIT with dots and its DV', () => {
    expect(formatDocumentNumber('CC', '1017234567')).toBe('1.017.234.567');
    expect(formatDocumentNumber('CC', '43123456')).toBe('43.123.456');
    expect(formatDocumentNumber('NIT', '900123456-8')).toBe('900.123.456-8');
    expect(formatDocumentNumber('PP', 'AB123456')).toBe('AB123456');
  });
});

describe('NIT', () => {
  it.each(['900.123.456-8', '900123456-8', '900 123 456 - 8', '9001234568'])(
    'reads %s with its check digit',
    (typed) => {
      expect(parseNitOptionalDv(typed)).toEqual({ base: '900123456', dv: 8 });
      expect(parseDocumentNumber('NIT', typed)).toBe('900123456-8');
    },
  );

  it('reads a NIT without its check digit', () => {
    expect(parseNitOptionalDv('900.123.456')).toEqual({ base: '900123456', dv: null });
  });

  it('rejects a NIT with a wrong check digit', () => {
    expect(parseNitOptionalDv('900.123.456-7')).toBeNull();
    expect(parseDocumentNumber('NIT', '900123456-7')).toBeNull();
  });
});

describe('phones', () => {
  it.each([
    ['6042732669', '6042732669'],
    ['(604) 273 2669', '6042732669'],
    ['+57 310 555 7788', '3105557788'],
    ['57 310-555-7788', '3105557788'],
  ])('reads %s', (typed, digits) => {
    expect(parseColombianPhone(typed)).toBe(digits);
  });

  it('refuses what is not a Colombian number', () => {
    expect(parseColombianPhone('12345')).toBeNull();
    expect(parseColombianPhone('5105557788')).toBeNull();
  });

  it('shows landlines and mobiles one way, with a link that dials from abroad', () => {
    expect(formatColombianPhone('6042732669')).toBe('+57 604 273 2669');
    expect(formatColombianPhone('3105557788')).toBe('+57 310 555 7788');
    expect(formatColombianPhone('+57 310 555 7788')).toBe('+57 310 555 7788');
    expect(formatColombianPhone('línea 123')).toBe('línea 123');
    expect(phoneHref('604 273 2669')).toBe('tel:+576042732669');
  });
});

describe('dates', () => {
  it('shows a calendar day in words, never as ISO, and does not shift it by time zones', () => {
    expect(formatDate('2025-12-01', 'es')).toBe('1 de diciembre de 2025');
    expect(formatDate('2025-12-01', 'en')).toBe('December 1, 2025');
    expect(formatDate('2025-12-01', 'es', 'short')).toBe('1/12/2025');
  });

  it('reads an instant on Bogotá’s clock', () => {
    // 03:00 UTC on 2 December is 22:00 on 1 December in Bogotá.
    expect(formatDate('2025-12-02T03:00:00.000Z', 'es')).toBe('1 de diciembre de 2025');
    expect(formatDateTime('2025-12-02T03:00:00.000Z', 'es')).toMatch(/^1\/12\/2025,? 10:00\sp\.\sm\.$/);
  });
});

describe('kilos', () => {
  it.each([
    ['3,5', 3.5],
    ['3.5', 3.5],
    ['1.234,5', 1234.5],
    ['1 234,5', 1234.5],
  ])('reads %s', (typed, kg) => {
    expect(parseKg(typed)).toBe(kg);
  });

  it('refuses what could be two numbers', () => {
    expect(parseKg('1.234')).toBeNull();
    expect(parseKg('tres')).toBeNull();
  });

  it('shows kilos with a decimal comma in Spanish', () => {
    expect(formatKg(3.5, 'es')).toBe('3,5 kg');
    expect(formatKg(1234.567, 'es')).toBe('1.234,57 kg');
    expect(formatKg(1234.5, 'en')).toBe('1,234.5 kg');
  });
});

describe('the PQR form’s document', () => {
  const pqr = {
    type: 'peticion',
    subject: 'Recolección de reciclaje',
    description: 'Quiero saber cuándo pasan por mi barrio a recoger.',
    name: 'Ana Pérez',
    email: 'ana@example.co',
    accept_data_policy: true,
  };

  it.each([
    ['CC', '1.017.234.567'],
    ['CC', '1 017 234 567'],
    ['NIT', '900.123.456-8'],
    ['NIT', '900 123 456'],
  ])('accepts a %s written %s', (document_type, document_number) => {
    expect(ZCreatePqrRequest.safeParse({ ...pqr, document_type, document_number }).success).toBe(true);
  });

  it('refuses a NIT whose check digit does not match, saying so', () => {
    const r = ZCreatePqrRequest.safeParse({ ...pqr, document_type: 'NIT', document_number: '900.123.456-7' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('El dígito de verificación del NIT no coincide.');
  });
});
