import { z } from 'zod';
import { dataOf } from './common.js';
import { ZMaterialCode } from './materials.js';
import { isCalendarDate } from './requests.js';

/**
 * "Mis cifras" (statistics) and environmental impact. Every figure comes from the kilograms
 * recorded when a pickup was collected (never the estimates); a request counts once, on the
 * Bogotá calendar day it was collected. Impact uses the factors table (EPA WARM v16, a US
 * reference), editable by staff.
 */

/** Longest custom period for statistics (days, inclusive). */
export const STATISTICS_MAX_PERIOD_DAYS = 3 * 366;

export const STATISTICS_MESSAGES_ES = {
  date: 'Escribe una fecha válida (AAAA-MM-DD).',
  order: 'La fecha final debe ser igual o posterior a la inicial.',
  tooLong: 'El periodo no puede pasar de tres años.',
  month: 'Escribe un mes válido (AAAA-MM).',
  factor: 'El factor debe ser un número entre 0 y 100 (kg de CO₂e evitados por kg).',
} as const;

export const ZStatisticsDate = z
  .string({ error: STATISTICS_MESSAGES_ES.date })
  .trim()
  .refine(isCalendarDate, { error: STATISTICS_MESSAGES_ES.date });

export const ZMonth = z
  .string({ error: STATISTICS_MESSAGES_ES.month })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: STATISTICS_MESSAGES_ES.month });

/** Query of every statistics view: a Bogotá-calendar period (default: the last 12 months) and a material. */
export const ZStatisticsQuery = z
  .object({
    from: ZStatisticsDate.optional(),
    to: ZStatisticsDate.optional(),
    material: ZMaterialCode.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: STATISTICS_MESSAGES_ES.order });
  });
export type StatisticsQuery = z.infer<typeof ZStatisticsQuery>;

/** kg of one material in one Bogotá month. */
export const ZMonthlyKg = z.object({
  month: z.string(),
  material: z.string(),
  kg: z.number(),
});
export type MonthlyKg = z.infer<typeof ZMonthlyKg>;

export const ZMaterialImpact = z.object({
  material: z.string(),
  kg: z.number(),
  /** kg CO2e avoided per kg; null when no factor applies (no impact counted). */
  factor: z.number().nullable(),
  co2e_kg: z.number(),
});

export const ZImpactSummary = z.object({
  co2e_kg: z.number(),
  /** Passenger-car kilometres whose emissions equal co2e_kg. */
  km_not_driven: z.number(),
  per_material: z.array(ZMaterialImpact),
  /** Citation in Spanish (the references and the note that they are a US reference), for documents. */
  source: z.string(),
  /** The references alone: titles of an English-language document, quoted as they are. */
  references: z.string(),
  /** The km equivalence's reference (an English-language document too). */
  equivalence_source: z.string(),
});
export type ImpactSummary = z.infer<typeof ZImpactSummary>;

export const ZStatisticsTotals = z.object({
  period_kg: z.number(),
  month_kg: z.number(),
  year_kg: z.number(),
  all_time_kg: z.number(),
});

export const ZMaterialName = z.object({ code: z.string(), name: z.string() });

export const ZBranchFigures = z.object({
  /** The branch's user id; the company head's own id for its own requests ("Sede principal"). */
  id: z.number(),
  name: z.string(),
  is_head: z.boolean(),
  total_kg: z.number(),
  rows: z.array(ZMonthlyKg),
});
export type BranchFigures = z.infer<typeof ZBranchFigures>;

export const ZWeekdayCount = z.object({
  /** 0 = Sunday … 6 = Saturday (Bogotá calendar). */
  weekday: z.number().int().min(0).max(6),
  collections: z.number().int(),
});

export const ZManagerFigures = z.object({
  points: z.array(z.object({ id: z.number(), name: z.string(), collected_kg: z.number(), emptied_kg: z.number() })),
  /** kg recorded when the point's containers were emptied, per material and month. */
  emptyings: z.array(ZMonthlyKg),
  busiest_days: z.array(ZWeekdayCount),
  /** Requests to the point(s) with their pickup day in the period, still open. */
  pending: z.number().int(),
  /** Requests collected in the period. */
  collected: z.number().int(),
});
export type ManagerFigures = z.infer<typeof ZManagerFigures>;

export const STATISTICS_KINDS = ['household', 'branch', 'company', 'manager'] as const;

export const ZMyStatistics = z.object({
  kind: z.enum(STATISTICS_KINDS),
  period: z.object({ from: z.string(), to: z.string() }),
  materials: z.array(ZMaterialName),
  /** Consolidated kg per month and material (collections; for managers: collections at their points). */
  rows: z.array(ZMonthlyKg),
  totals: ZStatisticsTotals,
  impact: ZImpactSummary,
  branches: z.array(ZBranchFigures).optional(),
  manager: ZManagerFigures.optional(),
});
export type MyStatistics = z.infer<typeof ZMyStatistics>;
export const ZMyStatisticsResponse = dataOf(ZMyStatistics);

// ---------------------------------------------------------------------------------------------
// Staff: the whole scheme
// ---------------------------------------------------------------------------------------------

export const SCHEME_GROUPS = ['material', 'city', 'point'] as const;
export const ZSchemeStatisticsQuery = z
  .object({
    from: ZStatisticsDate.optional(),
    to: ZStatisticsDate.optional(),
    group: z.enum(SCHEME_GROUPS).default('material'),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: STATISTICS_MESSAGES_ES.order });
  });
export type SchemeStatisticsQuery = z.infer<typeof ZSchemeStatisticsQuery>;

export const ZSchemeRow = z.object({ month: z.string(), key: z.string(), label: z.string(), kg: z.number() });
export const ZSchemeStatistics = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  group: z.enum(SCHEME_GROUPS),
  rows: z.array(ZSchemeRow),
  total_kg: z.number(),
  impact: ZImpactSummary,
});
export type SchemeStatistics = z.infer<typeof ZSchemeStatistics>;
export const ZSchemeStatisticsResponse = dataOf(ZSchemeStatistics);

export const ZSchemeMonthQuery = z.object({ month: ZMonth });
export const ZSchemeMonth = z.object({
  month: z.string(),
  total_kg: z.number(),
  per_material: z.array(z.object({ material: z.string(), kg: z.number() })),
});
export const ZSchemeMonthResponse = dataOf(ZSchemeMonth);

/** The landing page's "impact so far" (public, cached on the server). */
export const ZSchemeImpact = z.object({
  total_kg: z.number(),
  /** The current Bogotá month (`YYYY-MM`) and the kg collected in it. */
  month: z.string(),
  month_kg: z.number(),
  co2e_kg: z.number(),
  km_not_driven: z.number(),
  source: z.string(),
  /** The references alone (see ZImpactSummary). */
  references: z.string(),
  computed_at: z.string(),
});
export type SchemeImpact = z.infer<typeof ZSchemeImpact>;
export const ZSchemeImpactResponse = dataOf(ZSchemeImpact);

// ---------------------------------------------------------------------------------------------
// Impact factors
// ---------------------------------------------------------------------------------------------

export const IMPACT_FACTOR_KINDS = ['material', 'equivalence'] as const;
export const ZImpactFactor = z.object({
  /** A material code, or the equivalence's code (`km-car`). */
  code: z.string(),
  kind: z.enum(IMPACT_FACTOR_KINDS),
  /** material: kg CO2e avoided per kg recycled; equivalence: kg CO2e per unit (km). */
  factor: z.number(),
  /** The reference's own category name (e.g. "Corrugated Containers"). */
  reference_name: z.string(),
  source: z.string(),
  source_table: z.string(),
  version: z.string(),
  updated_at: z.string(),
});
export type ImpactFactor = z.infer<typeof ZImpactFactor>;
export const ZImpactFactorListResponse = dataOf(z.array(ZImpactFactor));
export const ZImpactFactorResponse = dataOf(ZImpactFactor);
export const ZImpactFactorParams = z.object({ code: z.string().min(2).max(40) });

export const ZUpdateImpactFactorRequest = z.object({
  factor: z.number({ error: STATISTICS_MESSAGES_ES.factor }).min(0, STATISTICS_MESSAGES_ES.factor).max(100, STATISTICS_MESSAGES_ES.factor),
  reference_name: z.string().trim().min(2).max(200).optional(),
  source: z.string().trim().min(2).max(500).optional(),
  source_table: z.string().trim().min(2).max(200).optional(),
  version: z.string().trim().min(1).max(50).optional(),
});
export type UpdateImpactFactorRequest = z.infer<typeof ZUpdateImpactFactorRequest>;

/** Rounds kg the way every figure is shown and compared (two decimals). */
export function roundKg(kg: number): number {
  return Math.round(kg * 100) / 100;
}

/** `ZMaterialCode` re-export so clients filter with the same rule. */
export const ZStatisticsMaterial = ZMaterialCode;
