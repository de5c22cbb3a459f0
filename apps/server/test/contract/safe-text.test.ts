import {
  CONTROL_CHARACTERS_MESSAGE,
  ZAdminPointInput,
  ZAllyInput,
  ZCampaignInput,
  ZCreateBranchRequest,
  ZCreatePqrRequest,
  ZCreateRequestRequest,
  ZFaqInput,
  ZUpdateProfileRequest,
  hasControlCharacters,
  safeMultilineText,
  safeText,
} from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

const FORBIDDEN: Array<[string, string]> = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['LRE', '\u202a'],
  ['RLE', '\u202b'],
  ['PDF', '\u202c'],
  ['LRO', '\u202d'],
  ['RLO', '\u202e'],
  ['LRI', '\u2066'],
  ['RLI', '\u2067'],
  ['FSI', '\u2068'],
  ['PDI', '\u2069'],
];

const KEPT = ['Ñoño Pérez', 'Güepsa, Santander', 'Calle 10 # 43-12 (apto 301)', 'Reciclo ♻️ con mi 👩🏽‍🌾 familia', 'العربية', '中文'];

function fieldError(schema: z.ZodType, value: unknown, path: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path.join('.') === path)?.message;
}

/** The contract's shared refinement for free text (the contract package depends on zod only). */
describe('safe text', () => {
  it.each(FORBIDDEN)('refuses %s in a one-line field with the Spanish message', (_name, ch) => {
    const result = safeText().safeParse(`Ana${ch} María`);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(CONTROL_CHARACTERS_MESSAGE).toMatch(/caracteres/);
  });

  it.each(FORBIDDEN)('refuses %s in a multi-line field too', (_name, ch) => {
    expect(safeMultilineText().safeParse(`Primera línea\nsegunda${ch}`).success).toBe(false);
  });

  it.each(KEPT)('keeps Spanish letters, emoji and other scripts: %s', (value) => {
    expect(safeText().parse(value)).toBe(value);
    expect(safeMultilineText().parse(value)).toBe(value);
    expect(hasControlCharacters(value)).toBe(false);
  });

  it('allows tabs and line breaks only where several lines make sense', () => {
    const text = 'Hola:\r\n\tel contenedor está lleno.\nGracias';
    expect(safeMultilineText().parse(text)).toBe(text);
    expect(safeText().safeParse('Ana\tMaría').success).toBe(false);
    expect(safeText().safeParse('Ana\nMaría').success).toBe(false);
    // Trimmed first: a pasted trailing line break is not an error.
    expect(safeText().parse('Ana María\n')).toBe('Ana María');
  });

  it('is used by the free-text fields of every kind of form', () => {
    const rlo = 'Texto \u202egnp.exe';
    const cases: Array<[string, z.ZodType, Record<string, unknown>, string]> = [
      ['PQR subject', ZCreatePqrRequest, { subject: rlo }, 'subject'],
      ['PQR description', ZCreatePqrRequest, { description: `Una descripción larga\u0000 de la solicitud` }, 'description'],
      ['PQR name', ZCreatePqrRequest, { name: 'Ana\u0007 María' }, 'name'],
      ['profile first name', ZUpdateProfileRequest, { first_name: 'Ana\u2066' }, 'first_name'],
      ['profile address', ZUpdateProfileRequest, { address: 'Calle 1\u0000' }, 'address'],
      ['pickup address', ZCreateRequestRequest, { address: 'Carrera 43A\u202e # 1-50' }, 'address'],
      ['pickup notes', ZCreateRequestRequest, { notes: 'Timbre\u0007 dañado' }, 'notes'],
      ['branch name', ZCreateBranchRequest, { name: 'Sede\u202d Norte' }, 'name'],
      ['ally description', ZAllyInput, { description: 'Descripción\u0000 de la organización' }, 'description'],
      ['campaign title', ZCampaignInput, { title: 'Gran\u2067 jornada' }, 'title'],
      ['FAQ question', ZFaqInput, { question: '¿Qué\u007f reciclo?' }, 'question'],
      ['point name', ZAdminPointInput, { name: 'Punto\u0000 limpio' }, 'name'],
    ];
    for (const [label, schema, body, path] of cases) {
      expect(fieldError(schema, body, path), label).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });
});
