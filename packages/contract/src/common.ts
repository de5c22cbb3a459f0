import { z } from 'zod';

/** Success bodies are `{ data: ... }` (DESIGN.md §4). */
export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export const ZId = z.coerce.number().int().positive();

/** ISO 8601 instant, always UTC with milliseconds, as the server writes them. */
export const ZInstant = z.string();

/**
 * Characters no person types into a form: C0 controls (NUL, BEL, ESC...), DEL, C1 controls, and
 * the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that make
 * `gnp.exe` look like `exe.png` («Trojan Source», CVE-2021-42574). Tab and line breaks are
 * allowed only in multi-line text. Emoji (and their joiners) and every script are kept.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export const CONTROL_CHARACTERS_MESSAGE =
  'Quita los caracteres invisibles o de control (por ejemplo, marcas de dirección del texto): no se pueden guardar.';

export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_IN_MULTILINE : CONTROL_IN_LINE).test(value);
}

type StringParams = Parameters<typeof z.string>[0];

/** One line of free text (names, addresses, subjects...): trimmed, without control characters. */
export function safeText(params?: StringParams) {
  return z
    .string(params)
    .trim()
    .refine((v) => !CONTROL_IN_LINE.test(v), { error: CONTROL_CHARACTERS_MESSAGE });
}

/** Free text of several lines (descriptions, answers, notes): tab and line breaks allowed. */
export function safeMultilineText(params?: StringParams) {
  return z
    .string(params)
    .trim()
    .refine((v) => !CONTROL_IN_MULTILINE.test(v), { error: CONTROL_CHARACTERS_MESSAGE });
}

/** Pagination of every list: `?page=&page_size=`, answered as `{ items, total, page, page_size }`. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof ZPageQuery>;

/** `{ items, total, page, page_size }` of any item schema. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

/** Required back-office text of `min`..`max` characters. */
export const ZAdminText = (min: number, max: number, message: string) => safeText().min(min, message).max(max);
/** Optional back-office text: empty becomes null. */
export const ZOptionalAdminText = (max: number) =>
  safeText()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
