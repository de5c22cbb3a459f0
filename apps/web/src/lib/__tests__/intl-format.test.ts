import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, warmIntlFormats } from '../intl-format';

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

describe('warmIntlFormats', () => {
  it('builds the first screens formatters one per scheduled task, so each piece is a task of its own', () => {
    const tasks: (() => void)[] = [];
    warmIntlFormats('es', (step) => tasks.push(step));
    // One task is queued at a time: the next is queued by the one before it.
    expect(tasks).toHaveLength(1);
    let ran = 0;
    while (tasks.length) {
      tasks.shift()!();
      ran += 1;
      expect(tasks.length).toBeLessThanOrEqual(1);
    }
    expect(ran).toBe(5);
    // The warmed formatters are the cached ones the date helpers use.
    expect(dateTimeFormat('es-CO', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Bogota' })).toBe(
      dateTimeFormat('es-CO', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Bogota' }),
    );
  });
});
