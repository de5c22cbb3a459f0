import { z } from 'zod';
import { dataOf, pageOf, safeMultilineText, ZPageQuery } from './common.js';
import { formatIntegerEsCo } from './constants.js';
import { ZFileRef } from './files.js';
import { REPORT_DESCRIPTION_MAX, REPORT_MAX_PHOTOS, REPORT_POINT_MATCH_MAX_M, REPORT_REASON_MAX, REPORT_STATUSES } from './reports-values.js';

/**
 * Incident reports (reportes de problemas): a logged-in person reports an overflowing or damaged
 * container, illegal dumping, a point closed in opening hours or a missed pickup, with photos and
 * the place. Point managers handle the reports on their points; staff handle all of them. The
 * model follows Open311 GeoReport v2 service requests, which the Open311 adapter exposes.
 */

// ---------------------------------------------------------------------------------------------
// Categories and statuses
// ---------------------------------------------------------------------------------------------

/**
 * The six categories of the specification, seeded by the migration. Categories are data: staff
 * add, rename, disable and order them (GET {@link REPORT_CATEGORIES_PATH} lists the active ones);
 * codes never change once created.
 */
export const REPORT_SEEDED_CATEGORIES = [
  'contenedor_lleno',
  'contenedor_danado',
  'punto_critico',
  'punto_cerrado',
  'recoleccion_no_realizada',
  'otro',
] as const;
export const REPORT_CATEGORY_CODE_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;
/** A category code (checked against the active categories by the server). */
export const ZReportCategory = z
  .string({ error: 'Elige una categoría de la lista.' })
  .trim()
  .regex(REPORT_CATEGORY_CODE_PATTERN, { message: 'Elige una categoría de la lista.' });
export type ReportCategory = z.infer<typeof ZReportCategory>;

export const ZReportCategoryView = z.object({
  code: z.string(),
  label: z.string(),
  description: z.string(),
  /** The form asks which container of the point (Open311: a `container_id` attribute). */
  asks_container: z.boolean(),
  position: z.number().int(),
  active: z.boolean(),
});
export type ReportCategoryView = z.infer<typeof ZReportCategoryView>;
export const ZReportCategoryListResponse = dataOf(z.array(ZReportCategoryView));
export const ZReportCategoryResponse = dataOf(ZReportCategoryView);

const categoryLabel = z
  .string({ error: 'Escribe el nombre de la categoría.' })
  .trim()
  .min(3, { error: 'El nombre debe tener al menos 3 caracteres.' })
  .max(80, { error: 'El nombre puede tener hasta 80 caracteres.' });
const categoryDescription = z
  .string()
  .trim()
  .max(300, { error: 'La descripción puede tener hasta 300 caracteres.' })
  .default('');

export const ZReportCategoryUpdate = z.object({
  label: categoryLabel,
  description: categoryDescription,
  asks_container: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type ReportCategoryUpdate = z.input<typeof ZReportCategoryUpdate>;
export const ZReportCategoryCreate = ZReportCategoryUpdate.extend({
  /** Optional: derived from the name when missing (lowercase, no accents, underscores). */
  code: z
    .string()
    .trim()
    .regex(REPORT_CATEGORY_CODE_PATTERN, { message: 'El código va en minúsculas, sin tildes ni espacios (p. ej. poda_arboles).' })
    .optional(),
});
export type ReportCategoryCreate = z.input<typeof ZReportCategoryCreate>;
export const ZReportCategoryOrder = z.object({
  codes: z.array(z.string().trim().min(1)).min(1, { error: 'Indica el orden de las categorías.' }).max(100),
});
export type ReportCategoryOrder = z.input<typeof ZReportCategoryOrder>;
export const ZReportCategoryParams = z.object({ code: z.string().trim().regex(REPORT_CATEGORY_CODE_PATTERN) });

export const ZReportStatus = z.enum(REPORT_STATUSES, { message: 'Estado de reporte no válido.' });
export type ReportStatus = z.infer<typeof ZReportStatus>;

export const REPORT_STATUS_LABELS_ES: Record<ReportStatus, string> = {
  abierto: 'Abierto',
  en_revision: 'En revisión',
  programado: 'Programado',
  resuelto: 'Resuelto',
  descartado: 'Descartado',
  duplicado: 'Duplicado',
};

/** Statuses in which a report still needs work (Open311 `open`); the others are `closed`. */
export const REPORT_OPEN_STATUSES: readonly ReportStatus[] = ['abierto', 'en_revision', 'programado'];

/**
 * What handlers (point managers, staff) may do from each status. `resuelto`/`descartado` may go
 * back to `abierto` (reopen); `duplicado` is final: its updates flow to the original.
 */
export const REPORT_TRANSITIONS: Record<ReportStatus, readonly ReportStatus[]> = {
  abierto: ['en_revision', 'programado', 'resuelto', 'descartado', 'duplicado'],
  en_revision: ['programado', 'resuelto', 'descartado', 'duplicado'],
  programado: ['en_revision', 'resuelto', 'descartado', 'duplicado'],
  resuelto: ['abierto'],
  descartado: ['abierto'],
  duplicado: [],
};

export function canReportTransition(from: ReportStatus, to: ReportStatus): boolean {
  return REPORT_TRANSITIONS[from].includes(to);
}

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

/** Open reports of the same category within this distance are offered as likely duplicates. */
export const REPORT_DUPLICATE_RADIUS_M = 50;
/** Days after `resuelto` when the reporter is asked "¿Se resolvió?". */
export const REPORT_FOLLOW_UP_DAYS = 7;
/** Days after `resuelto` during which the reporter may reopen. */
export const REPORT_REOPEN_DAYS = 30;

/**
 * Colombia's bounding box, San Andrés and Providencia included (IGAC extremes: Punta Gallinas
 * 12.46 N, Leticia −4.23 S, San Andrés −81.73 W, Río Guainía −66.85 E; Providencia 13.39 N).
 */
export const COLOMBIA_BOUNDS = { minLat: -4.3, maxLat: 13.5, minLng: -81.8, maxLng: -66.8 } as const;

export function isInColombia(lat: number, lng: number): boolean {
  return (
    lat >= COLOMBIA_BOUNDS.minLat && lat <= COLOMBIA_BOUNDS.maxLat && lng >= COLOMBIA_BOUNDS.minLng && lng <= COLOMBIA_BOUNDS.maxLng
  );
}

export const REPORT_MESSAGES_ES = {
  category: 'Elige una categoría de la lista.',
  description: 'Cuéntanos qué pasa (al menos 10 caracteres).',
  descriptionMax: `La descripción puede tener hasta ${formatIntegerEsCo(REPORT_DESCRIPTION_MAX)} caracteres.`,
  location: 'Indica dónde está el problema: usa tu ubicación o marca el punto en el mapa.',
  outsideColombia: 'La ubicación debe estar en Colombia. Revisa el punto en el mapa.',
  tooManyPhotos: `Puedes adjuntar hasta ${REPORT_MAX_PHOTOS} fotos.`,
  reasonRequired: 'Escribe el motivo para descartar el reporte.',
  duplicateRequired: 'Indica el número del reporte original (REP-2026-000123).',
  noteRequired: 'Escribe la nota.',
  tooLong: 'Es demasiado largo.',
} as const;

/** `REP-2026-000123`: year of filing (Bogotá calendar) and a gapless sequence within it. */
export const REPORT_NUMBER_PATTERN = /^REP-\d{4}-\d{6}$/;
export const ZReportNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(REPORT_NUMBER_PATTERN, { message: 'El número de reporte tiene la forma REP-2026-000123.' });

export function formatReportNumber(year: number, sequence: number): string {
  return `REP-${year}-${String(sequence).padStart(6, '0')}`;
}

const ZReportLat = z
  .number({ error: REPORT_MESSAGES_ES.location })
  .min(COLOMBIA_BOUNDS.minLat, { error: REPORT_MESSAGES_ES.outsideColombia })
  .max(COLOMBIA_BOUNDS.maxLat, { error: REPORT_MESSAGES_ES.outsideColombia });
const ZReportLng = z
  .number({ error: REPORT_MESSAGES_ES.location })
  .min(COLOMBIA_BOUNDS.minLng, { error: REPORT_MESSAGES_ES.outsideColombia })
  .max(COLOMBIA_BOUNDS.maxLng, { error: REPORT_MESSAGES_ES.outsideColombia });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: REPORT_MESSAGES_ES.tooLong })
    .nullish()
    .transform((v) => (v ? v : null));

// ---------------------------------------------------------------------------------------------
// Create: POST reports
// ---------------------------------------------------------------------------------------------

export const ZCreateReportRequest = z.object({
  category: ZReportCategory,
  description: safeMultilineText({ error: REPORT_MESSAGES_ES.description })
    .min(10, { error: REPORT_MESSAGES_ES.description })
    .max(REPORT_DESCRIPTION_MAX, { error: REPORT_MESSAGES_ES.descriptionMax }),
  lat: ZReportLat,
  lng: ZReportLng,
  /** The waste point the report is about, when it is about one. */
  point_id: z.number().int().positive().nullish(),
  /** The container of that point (contenedor lleno / dañado). */
  container_id: z.number().int().positive().nullish(),
  /** Public ids of images uploaded with POST /v1/files?kind=image. */
  photos: z.array(ZFileRef).max(REPORT_MAX_PHOTOS, { error: REPORT_MESSAGES_ES.tooManyPhotos }).default([]),
});
export type CreateReportRequest = z.input<typeof ZCreateReportRequest>;
export type CreateReportData = z.output<typeof ZCreateReportRequest>;

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

export const ZReportPhoto = z.object({ id: z.string(), url: z.string() });
export type ReportPhoto = z.infer<typeof ZReportPhoto>;

export const ZReportEvent = z.object({
  from_status: ZReportStatus.nullable(),
  to_status: ZReportStatus.nullable(),
  /** note | status | follow | follow_up | assignment */
  kind: z.string(),
  message: z.string().nullable(),
  at: z.string(),
});
export type ReportEvent = z.infer<typeof ZReportEvent>;

/** What anyone may see of a report: no names, no e-mails, no hidden photos, no internal notes. */
export const ZReport = z.object({
  number: z.string(),
  category: ZReportCategory,
  /** The category's current name (staff may rename it). */
  category_label: z.string(),
  status: ZReportStatus,
  description: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** The place as people write it ("Carrera 70 # 44-12, Laureles, Medellín"); null far from every known place. */
  address: z.string().nullable(),
  point: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  container_id: z.number().int().nullable(),
  photos: z.array(ZReportPhoto),
  /** The original's number, for a `duplicado`. */
  duplicate_of: z.string().nullable(),
  /** Public note of the latest status change (the reason of a `descartado`). */
  status_notes: z.string().nullable(),
  followers: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
  history: z.array(ZReportEvent),
  /** Relation of the caller (false for anonymous callers). */
  mine: z.boolean(),
  following: z.boolean(),
  /** The reporter may reopen it (resuelto or descartado within {@link REPORT_REOPEN_DAYS} days). */
  can_reopen: z.boolean(),
  /** The reporter has not answered "¿Se resolvió?" yet and it is due. */
  follow_up_pending: z.boolean(),
  /** Statuses the caller may move it to (handlers only). */
  allowed_transitions: z.array(ZReportStatus),
});
export type Report = z.infer<typeof ZReport>;
export const ZReportResponse = dataOf(ZReport);

export const REPORT_SCOPES = ['public', 'mine', 'following', 'near'] as const;

const csv = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .trim()
    .max(500)
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(item).max(10));

export const ZReportListQuery = ZPageQuery.extend({
  scope: z.enum(REPORT_SCOPES).default('public'),
  status: csv(ZReportStatus).optional(),
  category: csv(ZReportCategory).optional(),
  /** `minLng,minLat,maxLng,maxLat`: the map viewport. */
  bbox: z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d+)?(,-?\d{1,3}(\.\d+)?){3}$/, { message: 'bbox debe ser minLng,minLat,maxLng,maxLat' })
    .transform((v) => {
      const [minLng, minLat, maxLng, maxLat] = v.split(',').map(Number) as [number, number, number, number];
      return { minLng, minLat, maxLng, maxLat };
    })
    .optional(),
  /** Centre of `near` (within 2 km). */
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  point_id: z.coerce.number().int().positive().optional(),
});
export type ReportListQuery = z.input<typeof ZReportListQuery>;
export type ReportListQueryData = z.output<typeof ZReportListQuery>;

export const ZReportSummary = ZReport.omit({ history: true });
export type ReportSummary = z.infer<typeof ZReportSummary>;
export const ZReportList = pageOf(ZReportSummary);
export type ReportList = z.infer<typeof ZReportList>;
export const ZReportListResponse = dataOf(ZReportList);

// Map: GET reports/map (markers of a viewport; the web app clusters them)

/** Most markers one map answer carries (the newest); `truncated` says when there were more. */
export const REPORT_MAP_MAX_MARKERS = 2000;
export const ZReportMapQuery = z.object({
  bbox: ZReportListQuery.shape.bbox.unwrap(),
  status: ZReportListQuery.shape.status,
  category: ZReportListQuery.shape.category,
});
export type ReportMapQueryData = z.output<typeof ZReportMapQuery>;
/** A report on the public map: where, what and how it is; nothing about who. */
export const ZReportMarker = z.object({
  number: z.string(),
  category: z.string(),
  category_label: z.string(),
  status: ZReportStatus,
  lat: z.number(),
  lng: z.number(),
});
export type ReportMarker = z.infer<typeof ZReportMarker>;
export const ZReportMap = z.object({ items: z.array(ZReportMarker), total: z.number().int(), truncated: z.boolean() });
export type ReportMap = z.infer<typeof ZReportMap>;
export const ZReportMapResponse = dataOf(ZReportMap);

export const NEAR_ME_RADIUS_M = 2000;

// Duplicates: GET reports/duplicates
export const ZReportDuplicatesQuery = z.object({
  category: ZReportCategory,
  lat: z.coerce.number().pipe(ZReportLat),
  lng: z.coerce.number().pipe(ZReportLng),
});
export const ZReportDuplicate = z.object({
  number: z.string(),
  category: ZReportCategory,
  category_label: z.string(),
  status: ZReportStatus,
  description: z.string(),
  distance_m: z.number(),
  followers: z.number().int(),
  created_at: z.string(),
  photo: ZReportPhoto.nullable(),
});
export type ReportDuplicate = z.infer<typeof ZReportDuplicate>;
export const ZReportDuplicatesResponse = dataOf(z.array(ZReportDuplicate));

export const ZReportNumberParams = z.object({ number: ZReportNumber });

// Point matching: a report filed without a point goes to the nearest active point within the
// distance staff set, so that point's managers handle it.

export const ZReportPointMatchQuery = z.object({
  lat: z.coerce.number({ error: 'lat debe ser un número decimal' }).pipe(ZReportLat),
  lng: z.coerce.number({ error: 'lng debe ser un número decimal' }).pipe(ZReportLng),
});
export const ZReportPointMatch = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  distance_m: z.number().int(),
});
export type ReportPointMatch = z.infer<typeof ZReportPointMatch>;
/** `data` is null when no active point is within the distance (or matching is off). */
export const ZReportPointMatchResponse = dataOf(ZReportPointMatch.nullable());

export const ZReportSettings = z.object({
  /** Metres; 0 turns matching off (reports without a point stay with staff). */
  point_match_radius_m: z
    .number({ error: 'Indica la distancia en metros.' })
    .int({ error: 'Indica la distancia en metros enteros.' })
    .min(0, { error: 'La distancia no puede ser negativa.' })
    .max(REPORT_POINT_MATCH_MAX_M, { error: `La distancia puede ser de hasta ${formatIntegerEsCo(REPORT_POINT_MATCH_MAX_M)} m.` }),
});
export type ReportSettings = z.infer<typeof ZReportSettings>;
export const ZReportSettingsRequest = ZReportSettings.strict();
export const ZReportSettingsResponse = dataOf(ZReportSettings);

// Reporter actions
export const ZReportReopenRequest = z.object({
  note: z.string().trim().min(3, { error: 'Cuéntanos por qué lo reabres.' }).max(REPORT_REASON_MAX, { error: REPORT_MESSAGES_ES.tooLong }),
});
export const ZReportFollowUpRequest = z.object({
  resolved: z.boolean({ error: 'Responde sí o no.' }),
  note: optionalText(REPORT_REASON_MAX),
  /** The signed token of the e-mail link (no session needed); without it, the logged-in reporter answers. */
  token: z.string().max(400).optional(),
});
export type ReportFollowUpRequest = z.input<typeof ZReportFollowUpRequest>;

// ---------------------------------------------------------------------------------------------
// Handling (point managers on their points, staff on all)
// ---------------------------------------------------------------------------------------------

export const ZReportStatusChange = z
  .object({
    status: ZReportStatus,
    /** Required for `descartado`; shown to the public as the status note. */
    reason: optionalText(REPORT_REASON_MAX),
    /** Required for `duplicado`: the original's number. */
    duplicate_of: ZReportNumber.nullish(),
    /** Public note for the timeline. */
    note: optionalText(REPORT_REASON_MAX),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'descartado' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REPORT_MESSAGES_ES.reasonRequired });
    }
    if (v.status === 'duplicado' && !v.duplicate_of) {
      ctx.addIssue({ code: 'custom', path: ['duplicate_of'], message: REPORT_MESSAGES_ES.duplicateRequired });
    }
  });
export type ReportStatusChange = z.input<typeof ZReportStatusChange>;
export type ReportStatusChangeData = z.output<typeof ZReportStatusChange>;

export const ZReportBulkStatusChange = z
  .object({ numbers: z.array(ZReportNumber).min(1, { error: 'Elige al menos un reporte.' }).max(100) })
  .and(ZReportStatusChange);
export type ReportBulkStatusChange = z.input<typeof ZReportBulkStatusChange>;

export const ZReportNoteRequest = z.object({
  text: z.string({ error: REPORT_MESSAGES_ES.noteRequired }).trim().min(1, { error: REPORT_MESSAGES_ES.noteRequired }).max(REPORT_REASON_MAX),
});
export const ZReportAssignRequest = z.object({ assignee_id: z.number().int().positive().nullable() });
export const ZReportPhotoVisibility = z.object({ photo_id: ZFileRef, hidden: z.boolean() });

export const ZHandlerReportEvent = ZReportEvent.extend({
  internal: z.boolean(),
  actor_name: z.string(),
});
export const ZHandlerReport = ZReport.extend({
  reporter: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string().nullable() }),
  assigned_to: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  hidden_photos: z.array(ZReportPhoto),
  events: z.array(ZHandlerReportEvent),
});
export type HandlerReport = z.infer<typeof ZHandlerReport>;
export const ZHandlerReportResponse = dataOf(ZHandlerReport);

export const ZHandlerReportListQuery = ZPageQuery.extend({
  status: csv(ZReportStatus).optional(),
  category: csv(ZReportCategory).optional(),
  point_id: z.coerce.number().int().positive().optional(),
  assigned_to: z.union([z.literal('none'), z.coerce.number().int().positive()]).optional(),
});
export type HandlerReportListQuery = z.input<typeof ZHandlerReportListQuery>;
export const ZHandlerReportListItem = ZReportSummary.extend({
  assigned_to: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  age_days: z.number().int(),
});
export const ZHandlerReportListResponse = dataOf(pageOf(ZHandlerReportListItem));
export type HandlerReportListItem = z.infer<typeof ZHandlerReportListItem>;

export const ZReportBulkResult = z.object({
  updated: z.array(z.string()),
  failed: z.array(z.object({ number: z.string(), code: z.string(), message: z.string() })),
});
export const ZReportBulkResponse = dataOf(ZReportBulkResult);
