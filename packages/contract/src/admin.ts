import { z } from 'zod';
import { safeText } from './common.js';
import { ZMaterialCode } from './materials.js';
import { ZContainerStatus, ZLatitude, ZLongitude, ZPointKind, ZPointSummary } from './points.js';

/** Back office: pagination shared by lists, the audit log and user administration. */

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof ZPageQuery>;

/** `{ items, total, page, page_size }` of any item schema. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

// ---- Audit log: who changed what, when, before/after --------------------------------------

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'deactivate', 'activate', 'resend-verification'] as const;
export const ZAuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof ZAuditAction>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  /** Resource kind: campaign, ally, faq, about, user, point, container, material... */
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditListQuery = ZPageQuery.extend({
  entity: safeText().max(40).optional(),
  entity_id: safeText().max(64).optional(),
  actor_id: z.coerce.number().int().positive().optional(),
});
export type AuditListQuery = z.infer<typeof ZAuditListQuery>;

export const ZAuditList = pageOf(ZAuditEntry);
export type AuditList = z.infer<typeof ZAuditList>;

// ---- Users --------------------------------------------------------------------------------

export const ZAdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  tc_id: z.number().int(),
  id_empresa: z.number().int().nullable(),
  is_admin: z.boolean(),
  active: z.boolean(),
  email_verified_at: z.string().nullable(),
  document_type: z.string().nullable(),
  document_number: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof ZAdminUser>;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ZAdminUserListQuery = ZPageQuery.extend({
  q: safeText().max(100).optional(),
  tc_id: z.coerce.number().int().min(1).max(3).optional(),
  active: booleanQuery.optional(),
  is_admin: booleanQuery.optional(),
});
export type AdminUserListQuery = z.infer<typeof ZAdminUserListQuery>;

export const ZAdminUserList = pageOf(ZAdminUser);
export type AdminUserList = z.infer<typeof ZAdminUserList>;

/** Change a user's type, admin flag or active state. */
export const ZAdminUserUpdate = z
  .object({
    tc_id: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
    is_admin: z.boolean().optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => v.tc_id !== undefined || v.is_admin !== undefined || v.active !== undefined, {
    message: 'Indica al menos un cambio',
  });
export type AdminUserUpdate = z.infer<typeof ZAdminUserUpdate>;

/** Create a point manager (tc_id 1); they receive an e-mail to set their password. */
export const ZAdminCreateManager = z.object({
  email: z.email({ message: 'El correo electrónico no es válido' }).transform((v) => v.trim().toLowerCase()),
  name: safeText().min(3, 'Escribe el nombre completo').max(120),
  phone: safeText()
    .max(40)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type AdminCreateManager = z.input<typeof ZAdminCreateManager>;

// ---- Points and containers (the points feature owns the tables; this is their back office) ----

const ZAdminText = (min: number, max: number, message: string) => safeText().min(min, message).max(max);
const ZOptionalAdminText = (max: number) =>
  safeText()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZAdminPointInput = z.object({
  name: ZAdminText(3, 120, 'Escribe el nombre del punto (al menos 3 caracteres)'),
  kind: ZPointKind,
  address: ZAdminText(3, 200, 'Escribe la dirección'),
  city: ZAdminText(2, 80, 'Escribe el municipio'),
  lat: ZLatitude,
  lng: ZLongitude,
  /** OSM `opening_hours` syntax, e.g. `Mo-Fr 08:00-17:00; Sa 08:00-12:00`. */
  opening_hours: ZOptionalAdminText(300),
  phone: ZOptionalAdminText(40),
  operator: ZOptionalAdminText(120),
  materials: z.array(ZMaterialCode).min(1, 'Elige al menos un material').max(60),
  active: z.boolean().default(true),
});
export type AdminPointInput = z.input<typeof ZAdminPointInput>;

export const ZAdminPointManager = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** A point as the back office lists it: the public summary (without "open now") and its admin fields. */
export const ZAdminPoint = ZPointSummary.omit({ open_now: true }).extend({
  opening_hours: z.string().nullable(),
  phone: z.string().nullable(),
  operator: z.string().nullable(),
  active: z.boolean(),
  source: z.string(),
  managers: z.array(ZAdminPointManager),
  containers_count: z.number().int(),
  updated_at: z.string(),
});
export type AdminPoint = z.infer<typeof ZAdminPoint>;

export const ZAdminPointListQuery = ZPageQuery.extend({
  q: safeText().max(100).optional(),
  kind: ZPointKind.optional(),
  active: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export type AdminPointListQuery = z.infer<typeof ZAdminPointListQuery>;
export const ZAdminPointList = pageOf(ZAdminPoint);
export type AdminPointList = z.infer<typeof ZAdminPointList>;

/** The point's managers: users of type 1 (Responsable del punto). */
export const ZAdminPointManagersInput = z.object({ user_ids: z.array(z.number().int().positive()).max(20) });

export const ZAdminContainerInput = z.object({
  material: ZMaterialCode,
  capacity_l: z.number().int().min(10, 'Mínimo 10 litros').max(100000),
  status: ZContainerStatus.default('en-servicio'),
  fill_level: z.number().int().min(0).max(100).default(0),
});
export type AdminContainerInput = z.input<typeof ZAdminContainerInput>;

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

// ---- Back-office home: what needs attention, each count leading to its list ----
export const ZAdminFullContainer = z.object({
  point_id: z.number().int(),
  point_name: z.string(),
  container_id: z.number().int(),
  material: z.string(),
  material_name: z.string(),
  fill_level: z.number().int(),
});
export type AdminFullContainer = z.infer<typeof ZAdminFullContainer>;

export const ZAdminDashboard = z.object({
  /** Open PQRs past their legal due date, and those due within the next business days. */
  pqr: z.object({ overdue: z.number().int(), due_soon: z.number().int() }),
  /** Pickup requests nobody has accepted or rejected yet. */
  requests_pending: z.number().int(),
  /** Incident reports still open (abierto, en revisión, programado). */
  reports_open: z.number().int(),
  /** Containers at or above the "lleno" level on active points: how many, and the fullest. */
  containers_full: z.number().int(),
  fullest: z.array(ZAdminFullContainer),
});
export type AdminDashboard = z.infer<typeof ZAdminDashboard>;
