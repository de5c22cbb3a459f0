import { z } from 'zod';
import { parseDocumentNumber, parseKg, parseQuantity } from './colombian-formats.js';
import { dataOf, safeText } from './common.js';
import { isCalendarDate } from './requests.js';


/**
 * Weighing and sales at an organisation's ECA (spec/recicladores.md, "Weighing"): the scales with
 * their legal-metrology verification (Resolución SIC 77506 de 2016), the scale tickets
 * (tiquetes de báscula) of each recycler's delivery with a gapless `TQ-YYYY-NNNNNN`, and the sales
 * to buyers (the SUI's Toneladas aprovechadas). Kilos are taken as Colombians write them
 * ("3,5", "1.234,5") or as numbers.
 */

export const TICKET_STATUSES = ['pendiente', 'confirmado', 'anulado'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** How the recycler confirmed: a tap on their own phone, or a signature on the coordinator's screen. */
export const TICKET_CONFIRMATIONS = ['telefono', 'firma'] as const;
export type TicketConfirmation = (typeof TICKET_CONFIRMATIONS)[number];
/** Buyer documents the SUI's sales record takes (a NIT carries its check digit). */
export const BUYER_ID_TYPES = ['NIT', 'CC', 'CE'] as const;
export type BuyerIdType = (typeof BUYER_ID_TYPES)[number];
/** DIAN's CUFE: SHA-384 of the e-invoice, 96 hexadecimal characters. */
export const CUFE_PATTERN = /^[0-9a-f]{96}$/;

const MSG = {
  kg: 'Escribe los kilos con hasta 2 decimales (por ejemplo 3,5).',
  serial: 'Escribe el serial de la báscula (hasta 60 caracteres).',
  capacity: 'Escribe la capacidad máxima en kg: más de 0 y hasta 100.000.',
  division: 'Escribe la división de escala en gramos: más de 0 y hasta 100.000.',
  certificate: 'Escribe el número del certificado de verificación (hasta 60 caracteres).',
  date: 'Escribe la fecha como AAAA-MM-DD.',
  net: 'El neto debe ser el bruto menos la tara.',
  tareOverGross: 'La tara no puede ser mayor que el bruto.',
  rejects: 'El rechazo no puede ser mayor que el neto.',
  lines: 'Agrega al menos una línea de material (hasta 30).',
  material: 'Elige el material.',
  reason: 'Escribe el motivo de la corrección (entre 5 y 500 caracteres).',
  buyerType: 'Elige el tipo de documento del comprador: NIT, CC o CE.',
  buyerNumber: 'Revisa el documento del comprador (el NIT con su dígito de verificación).',
  buyerName: 'Escribe el nombre del comprador (entre 3 y 160 caracteres).',
  invoice: 'Escribe el número de la factura (hasta 40 caracteres).',
  cufe: 'El CUFE tiene 96 caracteres hexadecimales (0-9, a-f).',
  price: 'Escribe el precio por kg en pesos: 0 o más, hasta 2 decimales.',
  vat: 'Escribe el IVA en porcentaje: entre 0 y 100.',
  id: 'Elige un valor de la lista.',
} as const;
export const WEIGHING_MESSAGES_ES = MSG;

/** Kilos: a number or text as typed in Colombia ("3,5"), at most 2 decimals, 0 to 100,000. */
export const ZKg = z
  .union([z.number({ error: MSG.kg }), z.string({ error: MSG.kg })], { error: MSG.kg })
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : parseKg(v);
    if (n === null || !Number.isFinite(n) || n < 0 || n > 100_000 || Math.round(n * 100) !== n * 100) {
      ctx.addIssue({ code: 'custom', message: MSG.kg });
      return z.NEVER;
    }
    return n;
  });

/** A non-negative amount as typed ("1.250,50") or a number. */
function amount(message: string, max: number) {
  return z.union([z.number({ error: message }), z.string({ error: message })], { error: message }).transform((v, ctx) => {
    let n: number | null = typeof v === 'number' ? v : null;
    if (typeof v === 'string') {
      const parsed = parseQuantity(v, { maxDecimals: 2 });
      n = parsed.ok ? parsed.value : null;
    }
    if (n === null || !Number.isFinite(n) || n < 0 || n > max || Math.round(n * 100) !== Math.round(n * 100 * 1e6) / 1e6) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
}

const ZDay = safeText({ error: MSG.date }).refine(isCalendarDate, { error: MSG.date });
const ZRefId = z.number({ error: MSG.id }).int({ error: MSG.id }).positive({ error: MSG.id });
const ZMaterialCode = safeText({ error: MSG.material }).min(1, { error: MSG.material }).max(60, { error: MSG.material });

// ---- scales ----

export const ZScaleCreate = z.object({
  serial: safeText({ error: MSG.serial }).min(1, { error: MSG.serial }).max(60, { error: MSG.serial }),
  capacity_kg: amount(MSG.capacity, 100_000).refine((v) => v > 0, { error: MSG.capacity }),
  division_g: amount(MSG.division, 100_000).refine((v) => v > 0, { error: MSG.division }),
  certificate_number: safeText({ error: MSG.certificate })
    .min(1, { error: MSG.certificate })
    .max(60, { error: MSG.certificate }),
  certificate_expires_on: ZDay,
  active: z.boolean({ error: 'Indica si la báscula está en uso (sí o no).' }).default(true),
});
export type ScaleCreate = z.infer<typeof ZScaleCreate>;
export const ZScaleUpdate = ZScaleCreate;
export type ScaleUpdate = z.infer<typeof ZScaleUpdate>;

export const ZScale = z.object({
  id: z.number().int(),
  eca_point_id: z.number().int(),
  eca_name: z.string(),
  serial: z.string(),
  capacity_kg: z.number(),
  division_g: z.number(),
  certificate_number: z.string(),
  certificate_expires_on: z.string(),
  active: z.boolean(),
  /** The verification has expired (Bogotá's today is after its last valid day): no tickets. */
  expired: z.boolean(),
});
export type Scale = z.infer<typeof ZScale>;

// ---- tickets ----

export const ZTicketLineInput = z
  .object({
    material: ZMaterialCode,
    gross_kg: ZKg,
    tare_kg: ZKg,
    /** Optional: checked against gross − tare when sent. */
    net_kg: ZKg.optional(),
    reject_kg: ZKg.default(0),
    /** The pickup (one of the ticket's `pickups`) these kilos were collected at. */
    pickup_id: ZRefId.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    const net = Math.round((v.gross_kg - v.tare_kg) * 100) / 100;
    if (v.tare_kg > v.gross_kg) ctx.addIssue({ code: 'custom', path: ['tare_kg'], message: MSG.tareOverGross });
    else if (v.net_kg !== undefined && Math.abs(v.net_kg - net) > 0.001)
      ctx.addIssue({ code: 'custom', path: ['net_kg'], message: MSG.net });
    else if (v.reject_kg > net) ctx.addIssue({ code: 'custom', path: ['reject_kg'], message: MSG.rejects });
  });
export type TicketLineInput = z.infer<typeof ZTicketLineInput>;

export const ZTicketCreate = z.object({
  eca_point_id: ZRefId,
  scale_id: ZRefId,
  member_id: ZRefId,
  macro_route_id: ZRefId.nullable().default(null),
  micro_route_id: ZRefId.nullable().default(null),
  lines: z.array(ZTicketLineInput, { error: MSG.lines }).min(1, { error: MSG.lines }).max(30, { error: MSG.lines }),
  /** Pickup requests to the ECA this delivery closes: their kilos come from the lines that name them. */
  pickups: z
    .array(ZRefId, { error: MSG.id })
    .max(30, { error: MSG.id })
    .refine((a) => new Set(a).size === a.length, { error: 'No repitas solicitudes.' })
    .default([]),
  /** The ticket this one corrects: it is voided, with the reason. */
  corrects_ticket_id: ZRefId.nullable().default(null),
  void_reason: safeText({ error: MSG.reason }).min(5, { error: MSG.reason }).max(500, { error: MSG.reason }).nullable().default(null),
}).superRefine((v, ctx) => {
  if (v.corrects_ticket_id !== null && v.void_reason === null)
    ctx.addIssue({ code: 'custom', path: ['void_reason'], message: MSG.reason });
  v.lines.forEach((l, i) => {
    if (l.pickup_id !== null && !v.pickups.includes(l.pickup_id))
      ctx.addIssue({ code: 'custom', path: ['lines', i, 'pickup_id'], message: 'Esa solicitud no está entre las que cierra el tiquete.' });
  });
});
export type TicketCreate = z.infer<typeof ZTicketCreate>;

/** The coordinator's screen: the recycler signed there (a PNG uploaded through /files). */
export const ZTicketSignature = z.object({
  signature_id: safeText({ error: 'Falta la firma del reciclador.' }).min(1, { error: 'Falta la firma del reciclador.' }).max(64),
});
export type TicketSignature = z.infer<typeof ZTicketSignature>;

export const ZTicketLine = z.object({
  material: z.string(),
  material_name: z.string(),
  gross_kg: z.number(),
  tare_kg: z.number(),
  net_kg: z.number(),
  reject_kg: z.number(),
  pickup_id: z.number().int().nullable(),
});
export type TicketLine = z.infer<typeof ZTicketLine>;

export const ZTicket = z.object({
  id: z.number().int(),
  number: z.string(),
  organization_id: z.number().int(),
  organization_name: z.string(),
  eca_point_id: z.number().int(),
  eca_name: z.string(),
  scale: z.object({ id: z.number().int(), serial: z.string(), certificate_number: z.string() }),
  member: z.object({ id: z.number().int(), name: z.string(), id_type: z.string(), id_number: z.string(), has_account: z.boolean() }),
  operator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  macro_route: z.object({ id: z.number().int(), numacro: z.string(), name: z.string() }).nullable(),
  micro_route_id: z.number().int().nullable(),
  weighed_at: z.string(),
  status: z.enum(TICKET_STATUSES),
  confirmation: z.enum(TICKET_CONFIRMATIONS).nullable(),
  confirmed_at: z.string().nullable(),
  signature_url: z.string().nullable(),
  corrects: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  void_reason: z.string().nullable(),
  voided_by: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  pickups: z.array(z.number().int()),
  lines: z.array(ZTicketLine),
  total_net_kg: z.number(),
  total_reject_kg: z.number(),
});
export type Ticket = z.infer<typeof ZTicket>;

export const ZTicketListQuery = z.object({
  member_id: z.coerce.number().int().positive().optional(),
  status: z.enum(TICKET_STATUSES, { error: 'Elige el estado: pendiente, confirmado o anulado.' }).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
});
export type TicketListQuery = z.infer<typeof ZTicketListQuery>;

/** Mis pesajes: kilos per material per week (weeks start on Monday, Bogotá days). */
export const ZMyWeighings = z.object({
  weeks: z.array(
    z.object({
      week_start: z.string(),
      materials: z.array(z.object({ material: z.string(), material_name: z.string(), net_kg: z.number(), reject_kg: z.number() })),
      total_net_kg: z.number(),
    }),
  ),
  pending: z.array(ZTicket),
  tickets: z.array(ZTicket),
});
export type MyWeighings = z.infer<typeof ZMyWeighings>;

// ---- sales and stock ----

export const ZSaleLineInput = z.object({
  material: ZMaterialCode,
  kg: ZKg.refine((v) => v > 0, { error: MSG.kg }),
  price_per_kg: amount(MSG.price, 100_000_000),
  vat_rate: amount(MSG.vat, 100).default(0),
});

export const ZSaleCreate = z
  .object({
    eca_point_id: ZRefId,
    buyer_id_type: z.enum(BUYER_ID_TYPES, { error: MSG.buyerType }),
    buyer_id_number: safeText({ error: MSG.buyerNumber }).min(1, { error: MSG.buyerNumber }).max(30, { error: MSG.buyerNumber }),
    buyer_name: safeText({ error: MSG.buyerName }).min(3, { error: MSG.buyerName }).max(160, { error: MSG.buyerName }),
    invoice_number: safeText({ error: MSG.invoice }).min(1, { error: MSG.invoice }).max(40, { error: MSG.invoice }),
    invoice_date: ZDay,
    cufe: safeText({ error: MSG.cufe })
      .transform((v) => v.toLowerCase())
      .pipe(z.string().regex(CUFE_PATTERN, { error: MSG.cufe }))
      .nullable()
      .default(null),
    lines: z.array(ZSaleLineInput, { error: MSG.lines }).min(1, { error: MSG.lines }).max(30, { error: MSG.lines }),
  })
  .superRefine((v, ctx) => {
    const parsed = parseDocumentNumber(v.buyer_id_type, v.buyer_id_number);
    // A NIT must carry its DIAN check digit (base-DV), and the digit must match.
    if (parsed === null || (v.buyer_id_type === 'NIT' && !/-\d$/.test(parsed)))
      ctx.addIssue({ code: 'custom', path: ['buyer_id_number'], message: MSG.buyerNumber });
    const materials = v.lines.map((l) => l.material);
    if (new Set(materials).size !== materials.length)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Cada material va en una sola línea.' });
  });
export type SaleCreate = z.infer<typeof ZSaleCreate>;

export const ZSaleLine = z.object({
  material: z.string(),
  material_name: z.string(),
  kg: z.number(),
  price_per_kg: z.number(),
  vat_rate: z.number(),
  value_before_vat: z.number(),
  vat: z.number(),
  value_with_vat: z.number(),
});
export const ZSale = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  eca_point_id: z.number().int(),
  eca_name: z.string(),
  buyer_id_type: z.enum(BUYER_ID_TYPES),
  buyer_id_number: z.string(),
  buyer_name: z.string(),
  invoice_number: z.string(),
  invoice_date: z.string(),
  cufe: z.string().nullable(),
  lines: z.array(ZSaleLine),
  total_kg: z.number(),
  value_before_vat: z.number(),
  vat: z.number(),
  value_with_vat: z.number(),
  created_at: z.string(),
});
export type Sale = z.infer<typeof ZSale>;

/** Stock of one material at one ECA: weighed (net) − rejects − sold, in kg. */
export const ZStockLine = z.object({
  eca_point_id: z.number().int(),
  material: z.string(),
  material_name: z.string(),
  weighed_kg: z.number(),
  reject_kg: z.number(),
  sold_kg: z.number(),
  stock_kg: z.number(),
});
export type StockLine = z.infer<typeof ZStockLine>;

// ---- params and responses ----

export const ZOrganizationScaleParams = z.object({
  id: z.coerce.number().int().positive(),
  scaleId: z.coerce.number().int().positive(),
});
export const ZOrganizationTicketParams = z.object({
  id: z.coerce.number().int().positive(),
  ticketId: z.coerce.number().int().positive(),
});
export const ZOrganizationSaleParams = z.object({
  id: z.coerce.number().int().positive(),
  saleId: z.coerce.number().int().positive(),
});
export const ZMyTicketParams = z.object({ ticketId: z.coerce.number().int().positive() });

export const ZScaleResponse = dataOf(ZScale);
export const ZScaleListResponse = dataOf(z.array(ZScale));
export const ZTicketResponse = dataOf(ZTicket);
export const ZTicketListResponse = dataOf(z.array(ZTicket));
export const ZMyWeighingsResponse = dataOf(ZMyWeighings);
export const ZSaleResponse = dataOf(ZSale);
export const ZSaleListResponse = dataOf(z.array(ZSale));
export const ZStockResponse = dataOf(z.array(ZStockLine));
