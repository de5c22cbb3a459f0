import { describe, expect, it, vi } from 'vitest';
import { dateTimeFormat, firstScreenFormats, numberFormat, warmIntlFormats } from '../intl-format';

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
  it('loads the locale data in the warmer first, then builds the formatters one per scheduled task', async () => {
    const tasks: (() => void)[] = [];
    let warmed!: () => void;
    const warmer = vi.fn(() => new Promise<void>((resolve) => (warmed = resolve)));
    warmIntlFormats('es', (step) => tasks.push(step), warmer);
    // The warmer (lib/intl-warm.worker.ts) starts at the first idle moment, not with the app.
    expect(warmer).not.toHaveBeenCalled();
    tasks.shift()!();
    expect(warmer).toHaveBeenCalledWith('es');
    // Nothing is built on the main thread before it is done.
    await Promise.resolve();
    expect(tasks).toHaveLength(0);
    warmed();
    await vi.waitFor(() => expect(tasks).toHaveLength(1));
    // One task is queued at a time: the next is queued by the one before it.
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

describe('warmIntlFormats after the boot loader', () => {
  it("waits for the worker the boot loader started, in the same language, instead of starting one", async () => {
    const key = '__pvIntlWarm';
    let warmed!: () => void;
    const done = new Promise<void>((resolve) => (warmed = resolve));
    (globalThis as unknown as Record<string, unknown>)[key] = { language: 'es', done };
    const created = vi.fn();
    vi.stubGlobal('Worker', created);
    try {
      const tasks: (() => void)[] = [];
      // The default warmer: the worker of src/boot/boot-loader.ts's startIntlWarm.
      warmIntlFormats('es', (step) => tasks.push(step));
      tasks.shift()!();
      await Promise.resolve();
      expect(tasks).toHaveLength(0);
      warmed();
      await vi.waitFor(() => expect(tasks).toHaveLength(1));
      expect(created).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      delete (globalThis as unknown as Record<string, unknown>)[key];
    }
  });
});

describe('firstScreenFormats', () => {
  it('names the locale of the language and the Bogotá time zone for every date format', () => {
    expect(firstScreenFormats('es').locale).toBe('es-CO');
    expect(firstScreenFormats('en').locale).toBe('en-US');
    expect(firstScreenFormats('es').dates.every((options) => options.timeZone === 'America/Bogota')).toBe(true);
  });
});
