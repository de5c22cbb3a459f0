import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The design system's tones keep WCAG 2.2 AA contrast (4.5:1) in both colour schemes. */
const css = readFileSync(path.resolve(import.meta.dirname, '../design-system.css'), 'utf8');
const variablesCss = readFileSync(path.resolve(import.meta.dirname, '../variables.css'), 'utf8');

function tokens(text: string, scheme: 'light' | 'dark'): Map<string, string> {
  const dark = text.indexOf('@media (prefers-color-scheme: dark)');
  const part = scheme === 'light' ? text.slice(0, dark) : text.slice(dark);
  return new Map([...part.matchAll(/(--[\w-]+):\s*(#[0-9a-fA-F]{6})\b/g)].map((m) => [m[1]!, m[2]!]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe.each(['light', 'dark'] as const)('design system tokens (%s)', (scheme) => {
  const t = tokens(css, scheme);
  const page = scheme === 'light' ? '#ffffff' : '#121212';
  const get = (name: string) => {
    const value = t.get(name) ?? tokens(variablesCss, scheme).get(name);
    expect(value, name).toBeDefined();
    return value!;
  };

  it.each(['success', 'info', 'warning', 'danger', 'neutral'])(
    'the %s badge text reads on its background and on the page',
    (tone) => {
      expect(contrast(get(`--pv-tone-${tone}`), get(`--pv-tone-${tone}-bg`))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(get(`--pv-tone-${tone}`), page)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('the destructive button and the cards read', () => {
    expect(contrast(get('--pv-danger-fill-contrast'), get('--pv-danger-fill'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(get('--pv-muted-text'), get('--pv-surface-muted'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(get('--pv-link'), get('--pv-surface'))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('colours of the screens', () => {
  /** Every stylesheet of the app, with its path relative to src/. */
  function stylesheets(dir = path.resolve(import.meta.dirname, '../..')): [string, string][] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return stylesheets(full);
      return entry.name.endsWith('.css')
        ? [
            [path.relative(path.resolve(import.meta.dirname, '../..'), full), readFileSync(full, 'utf8')] as [
              string,
              string,
            ],
          ]
        : [];
    });
  }

  it('uses no Ionic step colour (Ionic 8 no longer defines them: their light fallbacks showed in dark mode, grey text at 2:1, white status lines under white text)', () => {
    const found = stylesheets().flatMap(([file, text]) =>
      [...text.matchAll(/var\(--ion-color-step-\d+, #[0-9a-fA-F]+\)/g)]
        .filter((m) => !text.slice(Math.max(0, (m.index ?? 0) - 30), m.index).includes('var(--ion-border-color,'))
        .map((m) => `${file}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });
});
