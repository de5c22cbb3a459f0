import { z } from 'zod';
import { dataOf, pageOf, safeText, ZAdminText, ZPageQuery } from './common.js';
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

// ---- Materials catalogue (the points feature owns the table; this is its back office) ------

/** At most this many materials: each one is a bit of `points.materials_mask` (0..52, exact in a double). */
export const MATERIALS_MAX = 53;

/** An OSM key of the `recycling:*` family, e.g. `recycling:glass_bottles`. */
export const ZOsmRecyclingKey = safeText()
  .regex(/^recycling:[A-Za-z0-9_]+$/, 'Usa claves de OpenStreetMap como «recycling:glass_bottles»');

/**
 * Create or edit a material. `code` is only read on creation: codes are immutable because
 * points, containers, campaigns, requests and saved filters refer to materials by code.
 */
export const ZAdminMaterialInput = z.object({
  name_es: ZAdminText(2, 80, 'Escribe el nombre en español (al menos 2 caracteres)'),
  name_en: ZAdminText(2, 80, 'Escribe el nombre en inglés (al menos 2 caracteres)'),
  /** Code of the group (a top-level material); null for a group or a standalone material. */
  parent_code: ZMaterialCode.nullish().transform((v) => v ?? null),
  /** Resolución 2184 de 2019 bin colour; null for post-consumer take-back streams. */
  bin_color: z
    .enum(['blanco', 'negro', 'verde'], { message: 'Elige un color de caneca: blanco, negro o verde' })
    .nullish()
    .transform((v) => v ?? null),
  osm_keys: z.array(ZOsmRecyclingKey).max(10, 'Máximo 10 claves de OpenStreetMap').default([]),
  /** Extra search words besides the names (e.g. «icopor poliestireno»). */
  keywords: safeText().max(300, 'Máximo 300 caracteres').default(''),
  sort: z.number().int().min(0).max(100000).optional(),
  active: z.boolean().default(true),
});
export type AdminMaterialInput = z.input<typeof ZAdminMaterialInput>;

export const ZAdminMaterialCreate = ZAdminMaterialInput.extend({
  code: safeText()
    .min(2, 'El código debe tener al menos 2 caracteres')
    .max(40, 'El código admite máximo 40 caracteres')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Usa minúsculas, números y guiones, p. ej. «tapas-plasticas»'),
});
export type AdminMaterialCreate = z.input<typeof ZAdminMaterialCreate>;

export const ZAdminMaterial = z.object({
  id: z.number().int(),
  code: z.string(),
  name_es: z.string(),
  name_en: z.string(),
  parent_code: z.string().nullable(),
  bin_color: z.enum(['blanco', 'negro', 'verde']).nullable(),
  osm_keys: z.array(z.string()),
  keywords: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
  /** Points that list this material (as a material of their own). */
  points_count: z.number().int(),
  created_at: z.string(),
});
export type AdminMaterial = z.infer<typeof ZAdminMaterial>;

export const ZAdminMaterialListQuery = ZPageQuery.extend({
  q: safeText().max(100).optional(),
  active: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export type AdminMaterialListQuery = z.infer<typeof ZAdminMaterialListQuery>;
export const ZAdminMaterialList = pageOf(ZAdminMaterial);
export type AdminMaterialList = z.infer<typeof ZAdminMaterialList>;
