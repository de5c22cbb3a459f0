import { z } from 'zod';
import { dataOf } from './common.js';

/**
 * Bin colours of the national colour code (Resolución 2184 de 2019, Ministerio de Ambiente):
 * white = recyclables (aprovechables), black = non-recyclables, green = organic waste.
 * Post-consumer streams (pilas, RAEE...) go to their own take-back points: no household bin.
 */
export const BIN_COLORS = ['blanco', 'negro', 'verde'] as const;
export type BinColor = (typeof BIN_COLORS)[number];
export const ZBinColor = z.enum(BIN_COLORS);

/** Display colours of the bins (hex), for chips and legends. */
export const BIN_COLOR_HEX: Record<BinColor, string> = {
  blanco: '#ffffff',
  negro: '#1f1f1f',
  verde: '#2e7d32',
};

/** A material code: kebab-case, as stored in the catalogue (`pilas`, `papel-carton`, `pet`). */
export const ZMaterialCode = z
  .string()
  .min(2)
  .max(40)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Código de material no válido');

export const ZMaterial = z.object({
  code: ZMaterialCode,
  name_es: z.string(),
  name_en: z.string(),
  /** Code of the group this material belongs to (`pet` → `plasticos`); null for a group or a standalone material. */
  parent_code: z.string().nullable(),
  bin_color: ZBinColor.nullable(),
  /** OSM `recycling:*` keys that mean this material (first one is the main key). */
  osm_keys: z.array(z.string()),
  sort: z.number().int(),
});
export type Material = z.infer<typeof ZMaterial>;

export const ZMaterialsResponse = dataOf(z.array(ZMaterial));
export type MaterialsResponse = z.infer<typeof ZMaterialsResponse>;
