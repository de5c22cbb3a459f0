import { z } from 'zod';
import { dataOf } from './common.js';
import { BIN_COLORS } from './map-values.js';

export const ZBinColor = z.enum(BIN_COLORS);

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
