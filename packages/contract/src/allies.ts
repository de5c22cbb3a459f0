import { z } from 'zod';
import { pageOf, safeMultilineText, safeText, ZPageQuery } from './common.js';
import { ZFileRef } from './files.js';
import { ALLY_CATEGORIES, ALLY_KINDS } from './content-values.js';

/** Allies (aliados) and adhered members (adheridos) of the scheme. */
export const ZAllyKind = z.enum(ALLY_KINDS);
export type AllyKind = z.infer<typeof ZAllyKind>;

export const ALLY_KIND_LABELS_ES: Record<AllyKind, string> = { aliado: 'Aliado', adherido: 'Adherido' };

export const ZAllyCategory = z.enum(ALLY_CATEGORIES);
export type AllyCategory = z.infer<typeof ZAllyCategory>;

export const ALLY_CATEGORY_LABELS_ES: Record<AllyCategory, string> = {
  comercio: 'Comercio',
  industria: 'Industria',
  'gestor-residuos': 'Gestor de residuos',
  'organizacion-social': 'Organización social',
  'entidad-publica': 'Entidad pública',
  educacion: 'Educación',
  otro: 'Otro',
};

export const ZAlly = z.object({
  id: z.number().int(),
  kind: ZAllyKind,
  name: z.string(),
  logo_id: z.string().nullable(),
  logo_url: z.string().nullable(),
  category: ZAllyCategory,
  description: z.string(),
  benefits: z.string(),
  website: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Ally = z.infer<typeof ZAlly>;

export const ZAllyListQuery = ZPageQuery.extend({
  kind: ZAllyKind.optional(),
  category: ZAllyCategory.optional(),
  q: safeText().max(100).optional(),
});
export type AllyListQuery = z.infer<typeof ZAllyListQuery>;

export const ZAllyList = pageOf(ZAlly);
export type AllyList = z.infer<typeof ZAllyList>;

const optionalText = (max: number) =>
  safeText()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZAllyInput = z
  .object({
    kind: ZAllyKind,
    name: safeText().min(2, 'Escribe el nombre (al menos 2 caracteres)').max(120),
    logo_id: ZFileRef.nullish().transform((v) => v ?? null),
    category: ZAllyCategory,
    description: safeMultilineText().min(10, 'Describe la organización en al menos 10 caracteres').max(2000),
    benefits: safeMultilineText().max(2000).default(''),
    website: z
      .union([z.url({ protocol: /^https?$/, message: 'Usa una dirección web que empiece por https://' }), z.literal('')])
      .nullish()
      .transform((v) => (v ? v : null)),
    email: z
      .union([z.email({ message: 'El correo electrónico no es válido' }), z.literal('')])
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null)),
    phone: optionalText(40),
    address: optionalText(200),
    city: optionalText(80),
    lat: z.number().min(-90).max(90).nullish().transform((v) => v ?? null),
    lng: z.number().min(-180).max(180).nullish().transform((v) => v ?? null),
    published: z.boolean().default(true),
  })
  .refine((a) => (a.lat === null) === (a.lng === null), {
    message: 'Indica latitud y longitud juntas',
    path: ['lng'],
  });
export type AllyInput = z.input<typeof ZAllyInput>;
export type AllyInputParsed = z.output<typeof ZAllyInput>;

/** One of an ally's points of sale: where its offers can be used. */
export const ZAllyPointOfSale = z.object({
  id: z.number().int(),
  ally_id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
});
export type AllyPointOfSale = z.infer<typeof ZAllyPointOfSale>;

export const ZAllyPointOfSaleList = z.array(ZAllyPointOfSale);

export const ZAllyPointOfSaleInput = z.object({
  name: safeText({ error: 'Escribe el nombre del punto de venta.' })
    .min(2, { error: 'El nombre del punto de venta debe tener al menos 2 caracteres.' })
    .max(120, { error: 'El nombre del punto de venta admite hasta 120 caracteres.' }),
  address: safeText({ error: 'Escribe la dirección del punto de venta.' })
    .min(5, { error: 'La dirección debe tener al menos 5 caracteres.' })
    .max(200, { error: 'La dirección admite hasta 200 caracteres.' }),
  city: safeText()
    .max(80, { error: 'La ciudad admite hasta 80 caracteres.' })
    .nullish()
    .transform((v) => (v ? v : null)),
  lat: z
    .number({ error: 'Indica la latitud del punto de venta.' })
    .min(-90, { error: 'La latitud va de -90 a 90.' })
    .max(90, { error: 'La latitud va de -90 a 90.' }),
  lng: z
    .number({ error: 'Indica la longitud del punto de venta.' })
    .min(-180, { error: 'La longitud va de -180 a 180.' })
    .max(180, { error: 'La longitud va de -180 a 180.' }),
});
export type AllyPointOfSaleInput = z.input<typeof ZAllyPointOfSaleInput>;
export type AllyPointOfSaleInputParsed = z.output<typeof ZAllyPointOfSaleInput>;
