import { z } from 'zod';
import { dataOf, pageOf, safeMultilineText, safeText, ZPageQuery } from './common.js';
import { formatIntegerEsCo } from './constants.js';
import { ZFileRef } from './files.js';
import { ZMaterialCode } from './materials.js';
import { ZLatitude, ZLongitude } from './points.js';

/**
 * Pickup requests (solicitudes de recolección): households, company heads and branches
 * ask a waste point to collect their recyclables; the point's managers accept, schedule, reject
 * or mark them collected with the actual kilograms. Shared by the server, the web forms and the
 * client's list filters.
 */

// ---------------------------------------------------------------------------------------------
// Statuses
// ---------------------------------------------------------------------------------------------

export const REQUEST_STATUSES = ['pendiente', 'aceptada', 'programada', 'recogida', 'rechazada', 'cancelada'] as const;
export const ZRequestStatus = z.enum(REQUEST_STATUSES, { message: 'Estado de solicitud no válido.' });
export type RequestStatus = z.infer<typeof ZRequestStatus>;

export const REQUEST_STATUS_LABELS_ES: Record<RequestStatus, string> = {
  pendiente: 'Pendiente',
  aceptada: 'Aceptada',
  programada: 'Programada',
  recogida: 'Recogida',
  rechazada: 'Rechazada',
  cancelada: 'Cancelada',
};

/** No transition leaves these. */
export const REQUEST_FINAL_STATUSES: readonly RequestStatus[] = ['recogida', 'rechazada', 'cancelada'];
/** Statuses the requester may still cancel from. */
export const REQUEST_CANCELLABLE_STATUSES: readonly RequestStatus[] = ['pendiente', 'aceptada'];

// ---------------------------------------------------------------------------------------------
// Limits and the pickup calendar
// ---------------------------------------------------------------------------------------------

export const REQUEST_MAX_ITEMS = 20;
export const REQUEST_MAX_PHOTOS = 3;
/** Largest amount per item (kg) and per unit count: a household or company pickup, not a landfill. */
export const REQUEST_MAX_KG_PER_ITEM = 10000;
export const REQUEST_MAX_UNITS_PER_ITEM = 1000;
/** The preferred date may be at most this many days ahead (Bogotá calendar). */
export const REQUEST_MAX_DAYS_AHEAD = 60;
export const REQUEST_NOTES_MAX = 1000;
export const REQUEST_REASON_MAX = 500;
/** The material group whose items may be counted in units (bombillas, pilas, llantas...). */
export const UNIT_COUNTED_MATERIAL_GROUP = 'posconsumo';

/** Time windows of the pickup day, in Bogotá wall-clock hours [start, end). */
export const TIME_WINDOWS = ['manana', 'tarde', 'todo-el-dia'] as const;
export const ZTimeWindow = z.enum(TIME_WINDOWS, { message: 'Elige una franja horaria.' });
export type TimeWindow = z.infer<typeof ZTimeWindow>;
export const TIME_WINDOW_HOURS: Record<TimeWindow, { start: number; end: number }> = {
  manana: { start: 8, end: 12 },
  tarde: { start: 12, end: 17 },
  'todo-el-dia': { start: 8, end: 17 },
};
export const TIME_WINDOW_LABELS_ES: Record<TimeWindow, string> = {
  manana: 'Mañana (8:00 a 12:00)',
  tarde: 'Tarde (12:00 a 5:00 p. m.)',
  'todo-el-dia': 'Cualquier hora (8:00 a 5:00 p. m.)',
};

export const REQUEST_MESSAGES_ES = {
  date: 'Usa una fecha válida (AAAA-MM-DD).',
  pickupDay: 'Elige el día en que quieres que recojan tus reciclables.',
  datePast: 'La fecha ya pasó: elige hoy (si la franja no ha terminado) o un día posterior.',
  dateSunday: 'No recogemos los domingos: elige otro día.',
  dateHoliday: 'Ese día es festivo en Colombia ({name}): elige otro día.',
  dateTooFar: `Puedes programar hasta ${REQUEST_MAX_DAYS_AHEAD} días adelante.`,
  itemsRequired: 'Agrega al menos un material.',
  itemMaterial: 'Elige un material.',
  itemsDuplicate: 'Cada material va una sola vez: suma las cantidades.',
  itemAmount: 'Indica los kilos aproximados (o las unidades, para residuos posconsumo).',
  kgPositive: 'Los kilos deben ser mayores que 0.',
  kgMax: `Máximo ${formatIntegerEsCo(REQUEST_MAX_KG_PER_ITEM)} kg por material.`,
  unitsInteger: 'Las unidades deben ser un número entero mayor que 0.',
  address: 'Escribe la dirección de recogida (al menos 5 caracteres).',
  location: 'Marca el lugar de recogida en el mapa o usa tu ubicación.',
  tooManyPhotos: `Puedes adjuntar hasta ${REQUEST_MAX_PHOTOS} fotos.`,
  reasonRequired: 'Escribe el motivo del rechazo.',
  scheduledRequired: 'Indica la fecha y la hora de la recogida.',
  scheduledPast: 'La fecha de recogida ya pasó.',
  collectItemsRequired: 'Registra los kilos recogidos de cada material.',
  actualKg: 'Los kilos recogidos deben ser 0 o más.',
  tooLong: 'Es demasiado largo.',
} as const;

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const m = YMD.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

export const ZCalendarDate = safeText({ error: REQUEST_MESSAGES_ES.date })
  .refine(isCalendarDate, { error: REQUEST_MESSAGES_ES.date });

/** The pickup day people choose in the form: an empty or malformed one reads as plain advice. */
const ZPreferredPickupDate = z
  .string({ error: REQUEST_MESSAGES_ES.pickupDay })
  .trim()
  .refine(isCalendarDate, { error: REQUEST_MESSAGES_ES.pickupDay });

// ---------------------------------------------------------------------------------------------
// Create: POST requests
// ---------------------------------------------------------------------------------------------

const optionalText = (max: number) =>
  safeMultilineText()
    .max(max, { error: REQUEST_MESSAGES_ES.tooLong })
    .nullish()
    .transform((v) => (v ? v : null));

export const ZRequestItemInput = z
  .object({
    material: z
      .string({ error: REQUEST_MESSAGES_ES.itemMaterial })
      .min(1, { error: REQUEST_MESSAGES_ES.itemMaterial })
      .pipe(ZMaterialCode),
    /** Approximate kilograms. */
    estimated_kg: z
      .number({ error: REQUEST_MESSAGES_ES.itemAmount })
      .positive({ error: REQUEST_MESSAGES_ES.kgPositive })
      .max(REQUEST_MAX_KG_PER_ITEM, { error: REQUEST_MESSAGES_ES.kgMax })
      .nullish(),
    /** Units instead of kilograms, for post-consumer items (3 bombillas, 1 llanta). */
    units: z
      .number({ error: REQUEST_MESSAGES_ES.unitsInteger })
      .int({ error: REQUEST_MESSAGES_ES.unitsInteger })
      .positive({ error: REQUEST_MESSAGES_ES.unitsInteger })
      .max(REQUEST_MAX_UNITS_PER_ITEM)
      .nullish(),
  })
  .refine((v) => (v.estimated_kg ?? null) !== null || (v.units ?? null) !== null, {
    path: ['estimated_kg'],
    error: REQUEST_MESSAGES_ES.itemAmount,
  });
export type RequestItemInput = z.input<typeof ZRequestItemInput>;

export const ZCreateRequestRequest = z.object({
  /** The target point; when omitted the server picks the suggested one. */
  point_id: z.number().int().positive().nullish(),
  items: z
    .array(ZRequestItemInput, { error: REQUEST_MESSAGES_ES.itemsRequired })
    .min(1, { error: REQUEST_MESSAGES_ES.itemsRequired })
    .max(REQUEST_MAX_ITEMS)
    .refine((items) => new Set(items.map((i) => i.material)).size === items.length, {
      error: REQUEST_MESSAGES_ES.itemsDuplicate,
    }),
  address: safeText({ error: REQUEST_MESSAGES_ES.address })
    .min(5, { error: REQUEST_MESSAGES_ES.address })
    .max(200, { error: REQUEST_MESSAGES_ES.tooLong }),
  lat: ZLatitude,
  lng: ZLongitude,
  /** YYYY-MM-DD in the Bogotá calendar: not past, not Sunday, not a Colombian holiday. */
  preferred_date: ZPreferredPickupDate,
  time_window: ZTimeWindow,
  notes: optionalText(REQUEST_NOTES_MAX),
  /** Public ids of images uploaded with POST /v1/files. */
  photos: z.array(ZFileRef).max(REQUEST_MAX_PHOTOS, { error: REQUEST_MESSAGES_ES.tooManyPhotos }).default([]),
});
export type CreateRequestRequest = z.input<typeof ZCreateRequestRequest>;
export type CreateRequestData = z.output<typeof ZCreateRequestRequest>;

// ---------------------------------------------------------------------------------------------
// Status change: POST requests/{id}/status
// ---------------------------------------------------------------------------------------------

export const ZCollectedItem = z.object({
  material: ZMaterialCode,
  actual_kg: z
    .number({ error: REQUEST_MESSAGES_ES.actualKg })
    .min(0, { error: REQUEST_MESSAGES_ES.actualKg })
    .max(REQUEST_MAX_KG_PER_ITEM, { error: REQUEST_MESSAGES_ES.kgMax }),
});
export type CollectedItem = z.infer<typeof ZCollectedItem>;

export const ZRequestStatusChange = z
  .object({
    status: ZRequestStatus,
    /** Required for `programada`: the pickup instant (ISO 8601 with offset). */
    scheduled_at: z.iso.datetime({ offset: true, message: REQUEST_MESSAGES_ES.scheduledRequired }).nullish(),
    /** Required for `rechazada`; optional for `cancelada`. */
    reason: optionalText(REQUEST_REASON_MAX),
    /** A note for the timeline. */
    note: optionalText(REQUEST_REASON_MAX),
    /** Required for `recogida`: kilograms actually collected per material. */
    items: z.array(ZCollectedItem).max(REQUEST_MAX_ITEMS).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'rechazada' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REQUEST_MESSAGES_ES.reasonRequired });
    }
    if (v.status === 'programada' && !v.scheduled_at) {
      ctx.addIssue({ code: 'custom', path: ['scheduled_at'], message: REQUEST_MESSAGES_ES.scheduledRequired });
    }
    if (v.status === 'recogida') {
      if (!v.items || v.items.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['items'], message: REQUEST_MESSAGES_ES.collectItemsRequired });
      } else if (new Set(v.items.map((i) => i.material)).size !== v.items.length) {
        ctx.addIssue({ code: 'custom', path: ['items'], message: REQUEST_MESSAGES_ES.itemsDuplicate });
      }
    }
  });
export type RequestStatusChange = z.input<typeof ZRequestStatusChange>;
export type RequestStatusChangeData = z.output<typeof ZRequestStatusChange>;

// ---------------------------------------------------------------------------------------------
// The request as the API returns it
// ---------------------------------------------------------------------------------------------

export const ZRequestParty = z.object({
  id: z.number().int(),
  name: z.string(),
  /** household | company | branch */
  kind: z.string(),
  /** Shown to the point's managers so they can call before the pickup. */
  phone: z.string().nullable(),
  /** The requester confirmed this phone with an SMS code. */
  phone_verified: z.boolean(),
});

export const ZRequestItem = z.object({
  material: z.string(),
  material_name_es: z.string(),
  material_name_en: z.string(),
  estimated_kg: z.number().nullable(),
  units: z.number().int().nullable(),
  /** Set once the request is `recogida`. */
  actual_kg: z.number().nullable(),
});
export type RequestItem = z.infer<typeof ZRequestItem>;

export const ZRequestPhoto = z.object({ id: z.string(), url: z.string() });

export const ZRequestPoint = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
});

export const ZPickupRequest = z.object({
  id: z.number().int(),
  status: ZRequestStatus,
  requester: ZRequestParty,
  /** The company head's user id when a company or one of its branches asked; null for households. */
  company_id: z.number().int().nullable(),
  point: ZRequestPoint,
  items: z.array(ZRequestItem),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  preferred_date: z.string(),
  time_window: ZTimeWindow,
  notes: z.string().nullable(),
  photos: z.array(ZRequestPhoto),
  scheduled_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
  collected_at: z.string().nullable(),
  total_estimated_kg: z.number(),
  total_actual_kg: z.number().nullable(),
  /** Statuses the caller may move this request to now (drives the buttons). */
  allowed_transitions: z.array(ZRequestStatus),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PickupRequest = z.infer<typeof ZPickupRequest>;

export const ZRequestEvent = z.object({
  id: z.number().int(),
  from_status: ZRequestStatus.nullable(),
  to_status: ZRequestStatus,
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
  note: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  created_at: z.string(),
});
export type RequestEvent = z.infer<typeof ZRequestEvent>;

export const ZPickupRequestDetail = ZPickupRequest.extend({ timeline: z.array(ZRequestEvent) });
export type PickupRequestDetail = z.infer<typeof ZPickupRequestDetail>;

export const ZPickupRequestResponse = dataOf(ZPickupRequestDetail);

// ---------------------------------------------------------------------------------------------
// Lists: GET requests
// ---------------------------------------------------------------------------------------------

const ZStatusList = safeText()
  .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
  .pipe(z.array(ZRequestStatus));

export const ZRequestListQuery = ZPageQuery.extend({
  /** One status or several, comma-separated (`pendiente,aceptada`). */
  status: ZStatusList.optional(),
  /** A company head: only this branch's requests (its own id = the head's own requests). */
  branch_id: z.coerce.number().int().positive().optional(),
  /** Managers and admins: only requests to this point. */
  point_id: z.coerce.number().int().positive().optional(),
  /** Pickup day range (scheduled day once programmed, else the preferred day), inclusive. */
  from: ZCalendarDate.optional(),
  to: ZCalendarDate.optional(),
});
export type RequestListQuery = z.input<typeof ZRequestListQuery>;
export type RequestListQueryData = z.output<typeof ZRequestListQuery>;

export const ZPickupRequestList = pageOf(ZPickupRequest);
export type PickupRequestList = z.infer<typeof ZPickupRequestList>;
export const ZPickupRequestListResponse = dataOf(ZPickupRequestList);

// ---------------------------------------------------------------------------------------------
// The form's helpers: suggested point and the pickup calendar
// ---------------------------------------------------------------------------------------------

export const ZSuggestPointQuery = z.object({
  lat: z.coerce.number().pipe(ZLatitude),
  lng: z.coerce.number().pipe(ZLongitude),
  /** Comma-separated material codes; the point must accept every one. */
  materials: safeText()
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(ZMaterialCode).min(1).max(REQUEST_MAX_ITEMS)),
});
export const ZSuggestedPoint = ZRequestPoint.extend({ distance_m: z.number().int() });
export type SuggestedPoint = z.infer<typeof ZSuggestedPoint>;
/** The nearest first; empty when no active point accepts all the materials. */
export const ZSuggestPointResponse = dataOf(z.array(ZSuggestedPoint));

export const ZPickupDay = z.object({
  date: z.string(),
  available: z.boolean(),
  /** Why not: domingo | festivo | pasado */
  reason: z.enum(['domingo', 'festivo', 'pasado']).nullable(),
  holiday_name: z.string().nullable(),
  /** Windows still open that day (today: only those not yet over). */
  windows: z.array(ZTimeWindow),
});
export type PickupDay = z.infer<typeof ZPickupDay>;
/** GET requests/calendar: today and the next REQUEST_MAX_DAYS_AHEAD days. */
export const ZPickupCalendarResponse = dataOf(z.array(ZPickupDay));

// ---------------------------------------------------------------------------------------------
// Params
// ---------------------------------------------------------------------------------------------

export const ZRequestIdParams = z.object({ id: z.coerce.number().int().positive('id debe ser un entero positivo') });
