import {
  OPEN311_FORMATS,
  OPEN311_MAX_RESULTS,
  OPEN311_MAX_WINDOW_DAYS,
  OPEN311_SPECIFICATION,
  REPORT_OPEN_STATUSES,
  REPORT_STATUS_LABELS_ES,
  ZCreateReportRequest,
  type CreateReportRequest,
  type Open311Format,
  type Open311Key,
} from '@puntoverde/contract';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { pointLocation } from '../points/points.service.js';
import { activeCategories, allCategories, categoryLabels } from '../reports/report-categories.service.js';
import { createReport } from '../reports/report-filing.service.js';
import { listReportRecords, type ReportRecord, type ReportsDeps } from '../reports/reports.service.js';
import * as repo from './open311.repository.js';
import type { XmlNode } from './open311.xml.js';

/**
 * Open311 GeoReport v2 as an adapter over the report service: service codes are the report
 * categories, statuses collapse to open/closed with status_notes, the API key is a staff-issued,
 * revocable credential. Native routes stay the source of truth.
 */

const DAY_MS = 24 * 3600 * 1000;

/** An answer of the standard's error list (HTTP status and `[{ code, description }]`). */
export class Open311Error extends Error {
  readonly descriptions: readonly string[];
  constructor(
    readonly status: 400 | 403 | 404,
    description: string | readonly string[],
  ) {
    const descriptions = typeof description === 'string' ? [description] : description;
    super(descriptions.join(' '));
    this.descriptions = descriptions;
  }
  get body(): XmlNode[] {
    return this.descriptions.map((description) => ({ code: this.status, description }));
  }
}

export function parseFormat(file: string, base: string): Open311Format | null {
  const m = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.([a-z]+)$`).exec(file);
  const format = m?.[1];
  return format && (OPEN311_FORMATS as readonly string[]).includes(format) ? (format as Open311Format) : null;
}

/** `2026-11-26T05:32:05.000Z` → `2026-11-26T00:32:05-05:00` (Bogotá has no daylight saving). */
export function bogotaOffsetIso(iso: string): string {
  const local = new Date(Date.parse(iso) - 5 * 3600 * 1000).toISOString().slice(0, 19);
  return `${local}-05:00`;
}

// ——— Discovery and services ———

export function discovery(publicUrl: string, base: string): XmlNode {
  return {
    changeset: '2026-11-26T00:00:00-05:00',
    contact: `Ayuda / PQR: ${publicUrl}/help`,
    key_service: `Pide tu api_key a la administración de PuntoVerde: ${publicUrl}/help`,
    endpoints: [
      {
        specification: OPEN311_SPECIFICATION,
        url: `${publicUrl}${base}`,
        changeset: '2026-11-26T00:00:00-05:00',
        type: 'production',
        formats: ['text/xml', 'application/json'],
      },
    ],
  };
}

/** The active report categories, in staff's order: services are the categories staff edit. */
export async function services(db: Db): Promise<XmlNode[]> {
  return (await activeCategories(db)).map((c) => ({
    service_code: c.code,
    service_name: c.label,
    description: c.description,
    metadata: c.asks_container,
    type: 'realtime',
    keywords: c.code.replace(/_/g, ', '),
    group: c.asks_container ? 'Contenedores' : 'Puntos y recolección',
  }));
}

/** Categories that ask for the container ask which point and container (PuntoVerde ids); the others ask nothing. */
export async function serviceDefinition(db: Db, code: string): Promise<XmlNode> {
  const category = (await activeCategories(db)).find((c) => c.code === code);
  if (!category) throw new Open311Error(404, `No existe el servicio «${code}».`);
  const attributes = category.asks_container
    ? [
        {
          variable: true,
          code: 'point_id',
          datatype: 'number',
          required: false,
          datatype_description: 'Número del punto en PuntoVerde (aparece en la dirección /map/{id}).',
          order: 1,
          description: '¿En qué punto está el contenedor?',
          values: [],
        },
        {
          variable: true,
          code: 'container_id',
          datatype: 'number',
          required: false,
          datatype_description: 'Número del contenedor dentro del punto.',
          order: 2,
          description: '¿Qué contenedor?',
          values: [],
        },
      ]
    : [];
  return { service_code: code, attributes };
}

// ——— Requests ———

function toServiceRequest(r: ReportRecord, labels: Map<string, string>): XmlNode {
  const open = REPORT_OPEN_STATUSES.includes(r.status);
  const label = REPORT_STATUS_LABELS_ES[r.status];
  const notes = r.status === 'duplicado' && r.duplicate_of ? `Duplicado de ${r.duplicate_of}` : r.status_notes ? `${label}: ${r.status_notes}` : label;
  return {
    service_request_id: r.number,
    status: open ? 'open' : 'closed',
    status_notes: notes,
    service_name: labels.get(r.category) ?? r.category,
    service_code: r.category,
    description: r.description,
    agency_responsible: r.point_name ? `PuntoVerde · ${r.point_name}` : 'PuntoVerde',
    service_notice: '',
    requested_datetime: bogotaOffsetIso(r.created_at),
    updated_datetime: bogotaOffsetIso(r.updated_at),
    expected_datetime: null,
    address: r.address ?? '',
    address_id: '',
    zipcode: '',
    lat: r.lat,
    long: r.lng,
    media_url: r.media_url ?? '',
  };
}

function parseDate(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  // W3C/ISO 8601 with a date and, when a time is given, a zone.
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new Open311Error(400, `${name} debe ser una fecha ISO 8601, por ejemplo 2026-11-01T00:00:00-05:00.`);
  }
  return Date.parse(value);
}

export async function getRequests(
  deps: Pick<ReportsDeps, 'db' | 'secret'>,
  q: Record<string, string | undefined>,
  now = new Date(),
): Promise<XmlNode[]> {
  if (q['service_request_id']) {
    const numbers = [...new Set(q['service_request_id'].split(',').map((s) => s.trim().toUpperCase()).filter(Boolean))];
    if (numbers.length > OPEN311_MAX_RESULTS) throw new Open311Error(400, `Pide como máximo ${OPEN311_MAX_RESULTS} service_request_id.`);
    const [records, labels] = await Promise.all([listReportRecords(deps, { numbers, limit: OPEN311_MAX_RESULTS }), categoryLabels(deps.db)]);
    return records.map((r) => toServiceRequest(r, labels));
  }
  const codes = q['service_code'] ? q['service_code'].split(',').map((s) => s.trim()).filter(Boolean) : undefined;
  // Disabled categories still name old requests: reading by them is fine.
  const known = new Set((await allCategories(deps.db)).map((c) => c.code));
  for (const code of codes ?? []) {
    if (!known.has(code)) throw new Open311Error(400, `service_code desconocido: «${code}».`);
  }
  const status = q['status'];
  if (status !== undefined && status !== '' && status !== 'open' && status !== 'closed') {
    throw new Open311Error(400, 'status debe ser open o closed.');
  }
  const start = parseDate(q['start_date'], 'start_date');
  const endGiven = parseDate(q['end_date'], 'end_date');
  const end = endGiven ?? (start !== undefined ? Math.min(now.getTime(), start + OPEN311_MAX_WINDOW_DAYS * DAY_MS) : now.getTime());
  const from = start ?? end - OPEN311_MAX_WINDOW_DAYS * DAY_MS;
  if (from > end) throw new Open311Error(400, 'start_date debe ser anterior a end_date.');
  if (end - from > OPEN311_MAX_WINDOW_DAYS * DAY_MS) {
    throw new Open311Error(400, `Entre start_date y end_date puede haber como máximo ${OPEN311_MAX_WINDOW_DAYS} días.`);
  }
  const records = await listReportRecords(deps, {
    ...(codes ? { categories: codes } : {}),
    from: new Date(from).toISOString(),
    to: new Date(end).toISOString(),
    ...(status ? { open: status === 'open' } : {}),
    limit: OPEN311_MAX_RESULTS,
  });
  const labels = await categoryLabels(deps.db);
  return records.map((r) => toServiceRequest(r, labels));
}

export async function getRequest(deps: Pick<ReportsDeps, 'db' | 'secret'>, id: string): Promise<XmlNode[]> {
  const [record] = await listReportRecords(deps, { numbers: [id.toUpperCase()], limit: 1 });
  if (!record) throw new Open311Error(404, `No existe la solicitud «${id}».`);
  return [toServiceRequest(record, await categoryLabels(deps.db))];
}

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

/** The standard's own fields; what a report is made of is checked by the app's contract below. */
const ZPostForm = z.object({
  lat: z.string().trim().optional(),
  long: z.string().trim().optional(),
  address_string: optional(250),
  email: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.email({ error: 'email no es un correo válido.' }).nullable()),
  first_name: optional(100),
  last_name: optional(100),
  phone: optional(40),
  media_url: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.url({ protocol: /^https?$/, error: 'media_url debe ser una dirección http(s).' }).nullable()),
});

/** The app's field names → the standard's. */
const OPEN311_FIELDS: Record<string, string> = {
  category: 'service_code',
  lng: 'long',
  point_id: 'attribute[point_id]',
  container_id: 'attribute[container_id]',
};

function open311Field(field: string): string {
  return OPEN311_FIELDS[field] ?? field;
}

/** `field: message`, unless the message already names the field. */
function fieldMessage(field: string, message: string): string {
  return message.includes(field) ? message : `${field}: ${message}`;
}

/** One error per message, naming its fields in the standard's terms (`lat y long: …`). */
function issuesToErrors(issues: readonly z.core.$ZodIssue[]): string[] {
  const fieldsByMessage = new Map<string, string[]>();
  for (const issue of issues) {
    const field = open311Field(String(issue.path[0] ?? 'request'));
    const fields = fieldsByMessage.get(issue.message) ?? [];
    if (!fields.includes(field)) fields.push(field);
    fieldsByMessage.set(issue.message, fields);
  }
  return [...fieldsByMessage].map(([message, fields]) => fieldMessage(fields.join(' y '), message));
}

function positiveInt(value: string | undefined, name: string): number | null {
  if (value === undefined || value === '') return null;
  if (!/^\d{1,9}$/.test(value) || Number(value) <= 0) throw new Open311Error(400, `attribute[${name}] debe ser un número entero positivo.`);
  return Number(value);
}

/** lat/long as sent, or the place of the point an address-only request names. */
async function placeOf(db: Db, f: z.output<typeof ZPostForm>, pointId: number | null): Promise<{ lat: number; lng: number }> {
  if (f.lat || f.long) {
    const lat = Number(f.lat);
    const lng = Number(f.long);
    if (!f.lat || !f.long || !Number.isFinite(lat) || !Number.isFinite(lng)) throw new Open311Error(400, 'lat y long deben ser números, los dos.');
    return { lat, lng };
  }
  if (!f.address_string) throw new Open311Error(400, 'Indica la ubicación: lat y long, o address_string.');
  // No geocoder here: an address alone is placed at the point it names.
  const point = pointId ? await pointLocation(db, pointId) : undefined;
  if (!point) throw new Open311Error(400, 'Este servidor no ubica direcciones: envía lat y long (o attribute[point_id] con el punto).');
  return point;
}

/**
 * POST requests: a report filed by a city system or civic app (form fields of the standard),
 * held to the same contract and filing rules as the app's POST /v1/reports.
 */
export async function postRequest(deps: ReportsDeps, form: Record<string, unknown>): Promise<XmlNode[]> {
  const parsed = ZPostForm.safeParse(form);
  if (!parsed.success) throw new Open311Error(400, issuesToErrors(parsed.error.issues));
  const f = parsed.data;
  const text = (key: string) => (typeof form[key] === 'string' ? form[key] : undefined);
  const pointId = positiveInt(text('attribute[point_id]'), 'point_id');
  const containerId = positiveInt(text('attribute[container_id]'), 'container_id');
  const { lat, lng } = await placeOf(deps.db, f, pointId);
  const input = ZCreateReportRequest.safeParse({
    category: form['service_code'],
    description: form['description'],
    lat,
    lng,
    point_id: pointId,
    container_id: containerId,
  } satisfies Partial<Record<keyof CreateReportRequest, unknown>>);
  if (!input.success) throw new Open311Error(400, issuesToErrors(input.error.issues));
  const name = [f.first_name, f.last_name].filter(Boolean).join(' ') || 'Ciudadano (Open311)';
  try {
    const report = await createReport(
      deps,
      { kind: 'open311', user: null, name, email: f.email, phone: f.phone, address: f.address_string, mediaUrl: f.media_url },
      input.data,
    );
    return [
      {
        service_request_id: report.number,
        service_notice: 'Recibido. Puedes seguirlo con GET requests/{service_request_id}.',
        account_id: '',
      },
    ];
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      const field = err.fields ? Object.keys(err.fields)[0] : undefined;
      throw new Open311Error(400, field ? fieldMessage(open311Field(field), err.message) : err.message);
    }
    throw err;
  }
}

// ——— API keys ———

function hashKey(key: string): string {
  return createHash('sha256').update(`open311:${key}`).digest('hex');
}

function keyView(row: { id: number; name: string; created_at: string; revoked_at: string | null; last_used_at: string | null }): Open311Key {
  return { id: row.id, name: row.name, created_at: row.created_at, revoked_at: row.revoked_at, last_used_at: row.last_used_at };
}

export async function createKey(db: Db, staff: AuthUser, name: string): Promise<Open311Key & { api_key: string }> {
  const apiKey = `pv311_${randomBytes(24).toString('base64url')}`;
  const row = await repo.insertKey(db, {
    name,
    key_hash: hashKey(apiKey),
    created_by: staff.id,
    created_at: new Date().toISOString(),
    revoked_at: null,
    last_used_at: null,
  });
  return { ...keyView(row), api_key: apiKey };
}

export async function listKeys(db: Db): Promise<Open311Key[]> {
  return (await repo.listKeys(db)).map(keyView);
}

export async function revokeKey(db: Db, id: number): Promise<Open311Key> {
  await repo.revokeKey(db, id, new Date().toISOString());
  const row = await repo.findKey(db, id);
  if (!row) throw new AppError('not-found');
  return keyView(row);
}

/** 403 unless `apiKey` is a live staff-issued key; records its last use. */
export async function requireApiKey(db: Db, apiKey: string | undefined): Promise<void> {
  if (!apiKey || apiKey.length > 200) throw new Open311Error(403, 'Falta el api_key o no es válido. Pídelo a la administración de PuntoVerde.');
  const row = await repo.findKeyByHash(db, hashKey(apiKey));
  if (!row || row.revoked_at !== null) throw new Open311Error(403, 'El api_key no es válido o fue revocado.');
  await repo.touchKey(db, row.id, new Date().toISOString());
}
