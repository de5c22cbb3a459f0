import { z } from 'zod';

/** Success bodies are `{ data: ... }` (DESIGN.md §4). */
export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export const ZId = z.coerce.number().int().positive();

/** ISO 8601 instant, always UTC with milliseconds, as the server writes them. */
export const ZInstant = z.string();
