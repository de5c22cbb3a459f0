/** "¿Dónde reciclo...?": the material dictionary's search (GET /back/api/v1/materials/search). */
import { z } from 'zod';
import { dataOf } from './common.js';

export const ZMaterialSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, { error: 'Escribe qué quieres reciclar, por ejemplo «botella».' })
    .max(80, { error: 'Escribe como máximo 80 caracteres.' }),
});
export type MaterialSearchQuery = z.infer<typeof ZMaterialSearchQuery>;

/** What to do with it: white bin, green bin, black bag, or a take-back (posconsumo) point. */
export const DISPOSAL_KINDS = ['aprovechable', 'organico', 'no-aprovechable', 'posconsumo'] as const;
export type DisposalKind = (typeof DISPOSAL_KINDS)[number];

export const ZMaterialSearchHit = z.object({
  /** The dictionary word that matched ("chuspa"). */
  term: z.string(),
  material: z.string(),
  material_name_es: z.string(),
  material_name_en: z.string(),
  /** blanco | verde | negro (Resolución 2184 de 2019); null for posconsumo. */
  bin_color: z.string().nullable(),
  kind: z.enum(DISPOSAL_KINDS),
  /** One plain-Spanish sentence: where it goes. */
  advice: z.string(),
  note: z.string().nullable(),
});
export type MaterialSearchHit = z.infer<typeof ZMaterialSearchHit>;

export const ZMaterialSearchResult = z.object({
  hits: z.array(ZMaterialSearchHit),
  /** When nothing matched: the dictionary's nearest words, to try instead. */
  suggestions: z.array(z.string()),
});
export type MaterialSearchResult = z.infer<typeof ZMaterialSearchResult>;
export const ZMaterialSearchResponse = dataOf(ZMaterialSearchResult);
