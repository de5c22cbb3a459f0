import { z } from 'zod';
import { dataOf, pageOf, safeMultilineText, safeText } from './common.js';
import { ZFileRef } from './files.js';
import {
  COMPANY_POINTS_TO,
  HOLD_STATUSES,
  LEDGER_CAUSES,
  LEDGER_KINDS,
  OFFER_STATUSES,
  REDEMPTION_STATUSES,
  normalizeRedemptionCode,
} from './rewards-values.js';

/**
 * Rewards: points for weighed kilos (a rate per material that staff version by date), an
 * append-only ledger whose sum is the balance, offers from allies that staff approve, and
 * redemptions behind a single-use code an ally's staff confirm at their counter.
 */

// ---- balance and ledger ----


export const ZLedgerEntry = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  points: z.number().int().describe('Con signo: lo que suma o resta al saldo'),
  cause_type: z.enum(LEDGER_CAUSES),
  cause_id: z.string(),
  description: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ZLedgerEntry>;

export const ZLedgerQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type LedgerQuery = z.infer<typeof ZLedgerQuery>;
export const ZLedgerPage = pageOf(ZLedgerEntry);
export type LedgerPage = z.infer<typeof ZLedgerPage>;

// ---- offers ----


/** Where an offer can be used: one of the ally's points of sale, or the ally's own address. */
export const ZRewardOfferPlace = z.object({
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type RewardOfferPlace = z.infer<typeof ZRewardOfferPlace>;

export const ZRewardOffer = z.object({
  id: z.number().int(),
  ally_id: z.number().int(),
  ally_name: z.string(),
  title: z.string(),
  terms: z.string(),
  picture_id: z.string().nullable(),
  picture_url: z.string().nullable(),
  cost_points: z.number().int(),
  stock: z.number().int().describe('Unidades disponibles (las reservadas con un código vigente no cuentan)'),
  valid_from: z.string(),
  valid_to: z.string(),
  per_person_limit: z.number().int(),
  status: z.enum(OFFER_STATUSES),
  review_note: z.string().nullable(),
  created_at: z.string(),
  where: z
    .array(ZRewardOfferPlace)
    .describe('Dónde canjearla: los puntos de venta del aliado (su propia dirección si no tiene ninguno)'),
});
export type RewardOffer = z.infer<typeof ZRewardOffer>;

const ZDay = z
  .string({ error: 'Escribe la fecha (AAAA-MM-DD).' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Escribe la fecha como AAAA-MM-DD.' })
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      error: 'Esa fecha no existe.',
    },
  );

export const ZRewardOfferCreate = z
  .object({
    /** Staff name the ally; an ally's own staff create for their ally (the field is ignored). */
    ally_id: z.number({ error: 'Elige el aliado.' }).int().positive({ error: 'Elige el aliado.' }).optional(),
    title: safeText({ error: 'Escribe el título de la oferta.' })
      .min(3, { error: 'El título debe tener al menos 3 caracteres.' })
      .max(120, { error: 'El título admite hasta 120 caracteres.' }),
    terms: safeMultilineText({ error: 'Escribe las condiciones.' }).max(2000, {
      error: 'Las condiciones admiten hasta 2000 caracteres.',
    }),
    picture_id: ZFileRef.nullable().default(null),
    cost_points: z
      .number({ error: 'Indica cuántos puntos cuesta.' })
      .int({ error: 'Los puntos son un número entero.' })
      .min(1, { error: 'Debe costar al menos 1 punto.' })
      .max(1_000_000, { error: 'Máximo 1.000.000 puntos.' }),
    stock: z
      .number({ error: 'Indica cuántas unidades hay.' })
      .int({ error: 'Las unidades son un número entero.' })
      .min(0, { error: 'Las unidades no pueden ser negativas.' })
      .max(1_000_000, { error: 'Máximo 1.000.000 unidades.' }),
    valid_from: ZDay,
    valid_to: ZDay,
    per_person_limit: z
      .number({ error: 'Indica cuántas veces puede canjearla cada persona.' })
      .int()
      .min(1, { error: 'Al menos 1 por persona.' })
      .max(100, { error: 'Máximo 100 por persona.' })
      .default(1),
  })
  .refine((o) => o.valid_to >= o.valid_from, {
    error: 'La fecha final debe ser igual o posterior a la inicial.',
    path: ['valid_to'],
  });
export type RewardOfferCreate = z.input<typeof ZRewardOfferCreate>;

export const ZOfferReview = z.object({
  decision: z.enum(['approved', 'rejected'], { error: 'Elige aprobar o rechazar.' }),
  note: safeText().max(500, { error: 'La nota admite hasta 500 caracteres.' }).nullable().default(null),
});
export type OfferReview = z.input<typeof ZOfferReview>;

export const ZAdminOffersQuery = z.object({ status: z.enum(OFFER_STATUSES).optional() });

// ---- redemptions ----


export const ZRedemptionCreate = z.object({
  offer_id: z
    .number({ error: 'Elige la oferta.' })
    .int({ error: 'Elige la oferta.' })
    .positive({ error: 'Elige la oferta.' }),
});
export type RedemptionCreate = z.infer<typeof ZRedemptionCreate>;

export const ZRedemption = z.object({
  id: z.number().int(),
  code: z.string().describe('Código de un solo uso (8 caracteres; se muestra como XXXX-XXXX)'),
  status: z.enum(REDEMPTION_STATUSES),
  offer_id: z.number().int(),
  offer_title: z.string(),
  ally_name: z.string(),
  points: z.number().int(),
  expires_at: z.string(),
  confirmed_at: z.string().nullable(),
  created_at: z.string(),
});
export type Redemption = z.infer<typeof ZRedemption>;

/** The answer to a new redemption: the code and its QR (SVG). */
export const ZRedemptionWithQr = ZRedemption.extend({
  qr_svg: z.string().describe('El código en QR, como imagen SVG'),
  balance: z.number().int().describe('Saldo después de reservar los puntos'),
});
export type RedemptionWithQr = z.infer<typeof ZRedemptionWithQr>;

export const ZRedemptionCodeParams = z.object({
  code: z
    .string()
    .max(20)
    .transform(normalizeRedemptionCode)
    .pipe(z.string().regex(/^[A-Z0-9]{8}$/, { error: 'El código tiene 8 letras y números.' })),
});

/** What the ally's staff see: who redeemed (first name only), what and when. */
export const ZAllyRedemption = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(REDEMPTION_STATUSES),
  offer_id: z.number().int(),
  offer_title: z.string(),
  person: z.string(),
  points: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  confirmed_at: z.string().nullable(),
  confirmed_by_name: z.string().nullable(),
});
export type AllyRedemption = z.infer<typeof ZAllyRedemption>;

export const ZAllyRedemptionsQuery = z.object({
  status: z.enum(REDEMPTION_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const ZAllyAccount = z.object({
  ally_id: z.number().int(),
  ally_name: z.string(),
});
export type AllyAccount = z.infer<typeof ZAllyAccount>;

export const ZRewardBalance = z.object({
  balance: z.number().int().describe('Puntos disponibles: la suma del libro de movimientos'),
  held_points: z.number().int().describe('Puntos retenidos mientras el equipo revisa una recolección'),
  earned_this_month: z.number().int(),
  monthly_cap: z.number().int().nullable().describe('Tope mensual de puntos (hogares); null si no aplica'),
  reserved: z.number().int().describe('Canjes con código vigente, sin confirmar'),
  expiring: z
    .object({ points: z.number().int(), on: z.string().describe('Día de Bogotá (AAAA-MM-DD) en que vencen') })
    .nullable()
    .describe('Los próximos puntos que vencen en los siguientes 30 días; null si ninguno'),
  ally: ZAllyAccount.nullable().describe('El aliado para el que trabaja la cuenta (su mostrador); null si no es personal de un aliado'),
  points_to: z
    .enum(COMPANY_POINTS_TO)
    .nullable()
    .describe('Empresas: a dónde van los puntos (saldo de la principal o de cada sucursal); null para hogares'),
  branches: z
    .array(z.object({ user_id: z.number().int(), name: z.string(), balance: z.number().int() }))
    .nullable()
    .describe('La principal de una empresa ve el saldo de cada sucursal; null para las demás cuentas'),
});
export type RewardBalance = z.infer<typeof ZRewardBalance>;

export const ZCompanyRewardsSetting = z.object({
  points_to: z.enum(COMPANY_POINTS_TO, { error: 'Elige a dónde van los puntos: la principal o cada sucursal.' }),
});
export type CompanyRewardsSetting = z.infer<typeof ZCompanyRewardsSetting>;

// ---- staff: earning table, reviews, adjustments, figures, settings ----

export const ZRewardRate = z.object({
  id: z.number().int(),
  material: z.string(),
  material_name: z.string(),
  points_per_kg: z.number().int(),
  max_kg_per_pickup: z.number(),
  effective_from: z.string(),
  created_at: z.string(),
  /** The rate in force today for its material (false: past or scheduled). */
  current: z.boolean(),
});
export type RewardRate = z.infer<typeof ZRewardRate>;

export const ZRewardRateCreate = z.object({
  material: z.string({ error: 'Elige el material.' }).min(1, { error: 'Elige el material.' }).max(40),
  points_per_kg: z
    .number({ error: 'Indica los puntos por kilo.' })
    .int({ error: 'Los puntos por kilo son un número entero.' })
    .min(0, { error: 'Los puntos no pueden ser negativos.' })
    .max(10_000, { error: 'Máximo 10.000 puntos por kilo.' }),
  max_kg_per_pickup: z
    .number({ error: 'Indica el máximo de kilos creíble por recolección.' })
    .positive({ error: 'El máximo debe ser mayor que 0.' })
    .max(100_000, { error: 'Máximo 100.000 kg.' }),
  effective_from: ZDay,
});
export type RewardRateCreate = z.infer<typeof ZRewardRateCreate>;

export const ZRewardHold = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  request_id: z.number().int(),
  points: z.number().int(),
  description: z.string(),
  reasons: z.array(z.string()),
  status: z.enum(HOLD_STATUSES),
  review_note: z.string().nullable(),
  created_at: z.string(),
});
export type RewardHold = z.infer<typeof ZRewardHold>;
export const ZHoldsQuery = z.object({ status: z.enum(HOLD_STATUSES).default('pending') });

export const ZHoldReview = z.object({
  decision: z.enum(['approved', 'rejected'], { error: 'Elige aprobar o rechazar.' }),
  note: safeText().max(500, { error: 'La nota admite hasta 500 caracteres.' }).nullable().default(null),
});
export type HoldReview = z.input<typeof ZHoldReview>;

export const ZAdjustmentCreate = z.object({
  email: z.email({ error: 'Escribe el correo de la cuenta.' }).max(254),
  points: z
    .number({ error: 'Indica los puntos (negativos para restar).' })
    .int({ error: 'Los puntos son un número entero.' })
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0, { error: 'El ajuste no puede ser 0.' }),
  reason: safeText({ error: 'Escribe el motivo del ajuste.' })
    .min(5, { error: 'Explica el motivo (al menos 5 caracteres).' })
    .max(500, { error: 'El motivo admite hasta 500 caracteres.' }),
});
export type AdjustmentCreate = z.infer<typeof ZAdjustmentCreate>;

export const ZRewardFiguresMonth = z.object({
  month: z.string(),
  issued: z.number().int().describe('Puntos ganados y ajustes a favor'),
  redeemed: z.number().int().describe('Puntos canjeados (sin los devueltos por códigos vencidos)'),
  expired: z.number().int(),
  adjusted_down: z.number().int(),
  outstanding: z.number().int().describe('Saldo total de todas las cuentas al cierre del mes (pasivo)'),
});
export const ZRewardFigures = z.object({
  months: z.array(ZRewardFiguresMonth),
  outstanding: z.number().int(),
  held_points: z.number().int(),
  accounts: z.number().int(),
});
export type RewardFigures = z.infer<typeof ZRewardFigures>;

export const ZRewardSettings = z.object({
  monthly_cap: z
    .number({ error: 'Indica el tope mensual de puntos por hogar.' })
    .int({ error: 'El tope es un número entero.' })
    .min(0, { error: 'El tope no puede ser negativo.' })
    .max(10_000_000, { error: 'Máximo 10.000.000 puntos.' }),
});
export type RewardSettings = z.infer<typeof ZRewardSettings>;

export const ZAllyStaffAssign = z.object({
  email: z.email({ error: 'Escribe el correo de la cuenta.' }).max(254),
  ally_id: z.number({ error: 'Elige el aliado.' }).int().positive({ error: 'Elige el aliado.' }),
});

export const ZIdParams = z.object({ id: z.coerce.number().int().positive() });

export const ZRewardBalanceResponse = dataOf(ZRewardBalance);
export const ZCompanyRewardsSettingResponse = dataOf(ZCompanyRewardsSetting);
export const ZLedgerPageResponse = dataOf(ZLedgerPage);
export const ZRewardOfferListResponse = dataOf(z.array(ZRewardOffer));
export const ZRewardOfferResponse = dataOf(ZRewardOffer);
export const ZRedemptionWithQrResponse = dataOf(ZRedemptionWithQr);
export const ZRedemptionListResponse = dataOf(z.array(ZRedemption));
export const ZAllyRedemptionResponse = dataOf(ZAllyRedemption);
export const ZAllyRedemptionListResponse = dataOf(z.array(ZAllyRedemption));
export const ZAllyAccountResponse = dataOf(ZAllyAccount);
export const ZRewardRateListResponse = dataOf(z.array(ZRewardRate));
export const ZRewardRateResponse = dataOf(ZRewardRate);
export const ZRewardHoldListResponse = dataOf(z.array(ZRewardHold));
export const ZRewardHoldResponse = dataOf(ZRewardHold);
export const ZLedgerEntryResponse = dataOf(ZLedgerEntry);
export const ZRewardFiguresResponse = dataOf(ZRewardFigures);
export const ZRewardSettingsResponse = dataOf(ZRewardSettings);
export const ZAllyStaffResponse = dataOf(ZAllyAccount.extend({ user_id: z.number().int(), email: z.string() }));
