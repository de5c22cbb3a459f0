import { z } from 'zod';
import { dataOf, safeText } from './common.js';
import {
  SUI_AREA_CODES,
  SUI_FORMS,
  SUI_ISSUE_KINDS,
  SUI_MONTH_PATTERN,
  SUI_REJECT_DESTINATION_CODES,
  SUI_WASTE_ORIGIN_CODES,
} from './recycler-sui-values.js';
import { SUI_NUMBER_PATTERN } from './recyclers-values.js';

/**
 * The monthly SUI filing (exports, pre-flight check, lock) and the coordinator's dashboard of an
 * organisation of recicladores. See recycler-sui-values.ts for the forms and codes.
 */

const MSG = {
  month: 'Escribe el mes como AAAA-MM (por ejemplo 2026-11).',
  organization: 'Elige una organización de recicladores.',
  code: (values: readonly number[]) => `Elige uno de los códigos del SUI: ${values.join(', ')}.`,
  site: 'Escribe el número SUI del sitio: solo dígitos, hasta 15.',
  suiCode: 'Escribe un código de material del SUI: un número de 3 dígitos.',
  codes: 'Agrega entre 1 y 300 códigos de material, sin repetir.',
  codeName: 'Escribe el nombre del código (entre 2 y 80 caracteres).',
  family: 'Escribe la familia del material (entre 2 y 40 caracteres).',
  note: 'Escribe una nota sobre esta versión (entre 3 y 200 caracteres).',
  member: 'Elige un miembro de la organización.',
  amount: 'Escribe el valor pagado en pesos: más de 0, hasta 2 decimales.',
  payoutNote: 'La nota tiene hasta 200 caracteres.',
} as const;
export const SUI_MESSAGES_ES = { ...MSG, code: MSG.code([1, 2]) };

export const ZSuiMonth = safeText({ error: MSG.month }).regex(SUI_MONTH_PATTERN, { error: MSG.month });

/** `organization_id` may be left out by a coordinator of one organisation. */
export const ZSuiQuery = z.object({
  organization_id: z.coerce.number({ error: MSG.organization }).int({ error: MSG.organization }).positive({ error: MSG.organization }).optional(),
  month: ZSuiMonth,
});
export type SuiQuery = z.infer<typeof ZSuiQuery>;
export const ZSuiOrganizationQuery = ZSuiQuery.pick({ organization_id: true });

/** One value per form (an object with the five forms as keys). */
function perForm<T extends z.ZodType>(schema: T) {
  return z.object({
    'balance-masas': schema,
    'toneladas-aprovechadas': schema,
    'relacion-miembros': schema,
    'registro-eca': schema,
    'registro-macrorutas': schema,
  });
}

function codeOf<T extends readonly number[]>(values: T) {
  return z
    .number({ error: MSG.code(values) })
    .int({ error: MSG.code(values) })
    .refine((v) => values.includes(v), { error: MSG.code(values) });
}

export const ZSuiIssue = z.object({
  kind: z.enum(SUI_ISSUE_KINDS),
  /** Which form the validator would refuse. */
  form: z.enum(SUI_FORMS),
  /** What to fix, named as people know it (a member's name, a ticket's number, an invoice). */
  label: z.string(),
  message: z.string(),
  /** The web page where it is fixed. */
  fix_path: z.string(),
});
export type SuiIssue = z.infer<typeof ZSuiIssue>;

export const ZSuiPreflight = z.object({
  organization_id: z.number().int(),
  month: z.string(),
  /** Filed months are locked: their files are the ones filed. */
  filed: z.boolean(),
  code_version: z.number().int(),
  rows: perForm(z.number().int()),
  issues: z.array(ZSuiIssue),
});
export type SuiPreflight = z.infer<typeof ZSuiPreflight>;
export const ZSuiPreflightResponse = dataOf(ZSuiPreflight);

export const ZSuiFiling = z.object({
  month: z.string(),
  code_version: z.number().int(),
  filed_at: z.string(),
  filed_by: z.string().nullable(),
  /** SHA-256 of each file filed. */
  sha256: perForm(z.string()),
});
export type SuiFiling = z.infer<typeof ZSuiFiling>;
export const ZSuiFilingResponse = dataOf(ZSuiFiling);
export const ZSuiFilingListResponse = dataOf(z.array(ZSuiFiling));

export const ZSuiSettings = z.object({
  reject_destination: codeOf(SUI_REJECT_DESTINATION_CODES).nullable(),
  reject_site_number: safeText({ error: MSG.site }).regex(SUI_NUMBER_PATTERN, { error: MSG.site }).nullable(),
  waste_origin: codeOf(SUI_WASTE_ORIGIN_CODES),
  area: codeOf(SUI_AREA_CODES),
});
export type SuiSettings = z.infer<typeof ZSuiSettings>;
export const ZSuiSettingsResponse = dataOf(ZSuiSettings);

const ZSuiCode = z.number({ error: MSG.suiCode }).int({ error: MSG.suiCode }).min(100, { error: MSG.suiCode }).max(999, { error: MSG.suiCode });

export const ZSuiMaterialCode = z.object({
  code: ZSuiCode,
  name: safeText({ error: MSG.codeName }).min(2, { error: MSG.codeName }).max(80, { error: MSG.codeName }),
  family: safeText({ error: MSG.family }).min(2, { error: MSG.family }).max(40, { error: MSG.family }),
});
export type SuiMaterialCode = z.infer<typeof ZSuiMaterialCode>;

/** Staff publish a new version of the annex's material codes, used from `valid_from` on. */
export const ZSuiCodeVersionCreate = z.object({
  valid_from: ZSuiMonth,
  note: safeText({ error: MSG.note }).min(3, { error: MSG.note }).max(200, { error: MSG.note }),
  codes: z
    .array(ZSuiMaterialCode, { error: MSG.codes })
    .min(1, { error: MSG.codes })
    .max(300, { error: MSG.codes })
    .refine((codes) => new Set(codes.map((c) => c.code)).size === codes.length, { error: MSG.codes }),
});
export type SuiCodeVersionCreate = z.infer<typeof ZSuiCodeVersionCreate>;

export const ZSuiMaterialMapUpdate = z.object({ sui_code: ZSuiCode.nullable() });
export const ZSuiMaterialParams = z.object({ material: safeText().min(1).max(60) });

export const ZSuiCodeTable = z.object({
  version: z.number().int(),
  valid_from: z.string(),
  note: z.string(),
  versions: z.array(z.object({ version: z.number().int(), valid_from: z.string(), note: z.string() })),
  codes: z.array(ZSuiMaterialCode),
  /** Each of the app's materials and its SUI code (null: not mapped; the pre-flight refuses it). */
  mapping: z.array(z.object({ material: z.string(), name_es: z.string(), sui_code: z.number().int().nullable() })),
});
export type SuiCodeTable = z.infer<typeof ZSuiCodeTable>;
export const ZSuiCodeTableResponse = dataOf(ZSuiCodeTable);

// ---- payouts and the dashboard ----

export const ZPayoutCreate = z.object({
  member_id: z.number({ error: MSG.member }).int({ error: MSG.member }).positive({ error: MSG.member }),
  month: ZSuiMonth,
  amount_cop: z
    .number({ error: MSG.amount })
    .positive({ error: MSG.amount })
    .max(1e9, { error: MSG.amount })
    .refine((v) => Math.round(v * 100) === Math.round(v * 100 * 1e6) / 1e6, { error: MSG.amount }),
  note: safeText({ error: MSG.payoutNote }).max(200, { error: MSG.payoutNote }).nullable().default(null),
});
export type PayoutCreate = z.infer<typeof ZPayoutCreate>;
export const ZPayout = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  month: z.string(),
  amount_cop: z.number(),
  note: z.string().nullable(),
});
export const ZPayoutResponse = dataOf(ZPayout);
/** The payouts recorded for one month, newest first, with the member's name. */
export const ZPayoutListQuery = z.object({ month: ZSuiMonth });
export const ZPayoutListItem = ZPayout.extend({ member_name: z.string(), created_at: z.string() });
export type PayoutListItem = z.infer<typeof ZPayoutListItem>;
export const ZPayoutListResponse = dataOf(z.array(ZPayoutListItem));

export const ZDashboardQuery = z.object({ month: ZSuiMonth.optional() });

const ZKgTriple = { weighed_kg: z.number(), rejected_kg: z.number() };
export const ZRecyclerDashboard = z.object({
  month: z.string(),
  /** The last six months up to `month`: kg weighed (net), rejected and sold. */
  months: z.array(z.object({ month: z.string(), ...ZKgTriple, sold_kg: z.number() })),
  by_material: z.array(z.object({ material: z.string(), name_es: z.string(), ...ZKgTriple, sold_kg: z.number() })),
  by_member: z.array(
    z.object({
      member_id: z.number().int(),
      name: z.string(),
      ...ZKgTriple,
      /** Paid to the member for the month; null when the organisation records no payouts. */
      payouts_cop: z.number().nullable(),
    }),
  ),
  by_micro_route: z.array(
    z.object({ micro_route_id: z.number().int().nullable(), name: z.string(), macro_name: z.string(), ...ZKgTriple }),
  ),
  by_macro_route: z.array(
    z.object({
      macro_route_id: z.number().int().nullable(),
      numacro: z.string(),
      name: z.string(),
      ...ZKgTriple,
      rejection_rate: z.number(),
      /** Over the tariff's 20 % of rejects. */
      over_limit: z.boolean(),
    }),
  ),
  payouts_recorded: z.boolean(),
  scales_expiring: z.array(
    z.object({
      id: z.number().int(),
      serial: z.string(),
      eca_name: z.string(),
      certificate_expires_on: z.string(),
      days_left: z.number().int(),
    }),
  ),
});
export type RecyclerDashboard = z.infer<typeof ZRecyclerDashboard>;
export const ZRecyclerDashboardResponse = dataOf(ZRecyclerDashboard);
