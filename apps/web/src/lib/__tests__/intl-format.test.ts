import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '../intl-format';

describe('cached Intl formatters', () => {
  it('builds one formatter per locale and options, and formats as a new one would', () => {
    const a = dateTimeFormat('es-CO', { dateStyle: 'long', timeZone: 'America/Bogota' });
    expect(dateTimeFormat('es-CO', { dateStyle: 'long', timeZone: 'America/Bogota' })).toBe(a);
    expect(dateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/Bogota' })).not.toBe(a);
    expect(dateTimeFormat('es-CO', { dateStyle: 'short', timeZone: 'America/Bogota' })).not.toBe(a);
    const at = new Date('2026-12-05T14:00:00Z');
    expect(a.format(at)).toBe(new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeZone: 'America/Bogota' }).format(at));
  });

  it('keeps es-CO numbers with a decimal comma', () => {
    const nf = numberFormat('es-CO', { maximumFractionDigits: 1 });
    expect(numberFormat('es-CO', { maximumFractionDigits: 1 })).toBe(nf);
    expect(nf.format(23.4)).toBe('23,4');
    expect(numberFormat('es-CO', { maximumFractionDigits: 2 })).not.toBe(nf);
  });
});
