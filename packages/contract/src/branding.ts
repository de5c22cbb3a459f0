import { z } from 'zod';
import { dataOf, safeText } from './common.js';
import { ZFileRef } from './files.js';
import { ZEmail, ZNit, ZPhone } from './identity-fields.js';
import { HEX_COLOR_REGEX, MIN_CONTRAST_WITH_WHITE, SCHEME_NAME_MAX, contrastWithWhite } from './branding-values.js';

/** What staff set (PUT v1/admin/settings/branding); every field is required, null clears an optional one. */
export const ZBrandingUpdate = z
  .object({
    name: safeText({ error: 'Escribe el nombre del esquema.' })
      .min(2, { error: 'Escribe el nombre del esquema.' })
      .max(SCHEME_NAME_MAX, { error: `El nombre puede tener hasta ${SCHEME_NAME_MAX} caracteres.` }),
    /** An uploaded image (POST v1/files?kind=image); it becomes public. */
    logo_id: ZFileRef.nullable(),
    primary_color: z
      .string({ error: 'Indica el color principal como #RRGGBB.' })
      .trim()
      .toLowerCase()
      .regex(HEX_COLOR_REGEX, { error: 'Indica el color principal como #RRGGBB (por ejemplo #1e6b3a).' })
      .refine((hex) => contrastWithWhite(hex) >= MIN_CONTRAST_WITH_WHITE, {
        error: (issue) =>
          `Con ese color el texto blanco no se lee bien: el contraste es ${contrastWithWhite(String(issue.input).trim().toLowerCase()).toFixed(1).replace('.', ',')}:1 y se necesita al menos 4,5:1. Elige un color más oscuro.`,
      }),
    contact_email: ZEmail.nullable(),
    contact_phone: ZPhone.nullable(),
    legal_name: safeText()
      .min(2, { error: 'Escribe la razón social de la entidad.' })
      .max(120, { error: 'La razón social puede tener hasta 120 caracteres.' })
      .nullable(),
    legal_nit: ZNit.nullable(),
  })
  .strict();
export type BrandingUpdate = z.input<typeof ZBrandingUpdate>;

export const ZBranding = z.object({
  name: z.string(),
  logo_id: z.string().nullable(),
  logo_url: z.string().nullable(),
  primary_color: z.string(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  legal_name: z.string().nullable(),
  legal_nit: z.string().nullable(),
  /** When staff last changed it; null while the defaults apply. */
  updated_at: z.string().nullable(),
});
export type Branding = z.infer<typeof ZBranding>;
export const ZBrandingResponse = dataOf(ZBranding);

export const ZPublicBranding = ZBranding.omit({ logo_id: true, updated_at: true });
