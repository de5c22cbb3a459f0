import { z } from 'zod';
import { dataOf } from './common.js';

/**
 * Open311 GeoReport v2 (http://wiki.open311.org/GeoReport_v2): the city-standard API over the
 * incident reports. Service codes are the report categories; statuses collapse to open/closed.
 * Its bodies follow the standard (JSON or XML), not this API's `{ data }` envelope.
 */

export const OPEN311_BASE_PATH = '/back/api/open311/v2';
export const OPEN311_SPECIFICATION = 'http://wiki.open311.org/GeoReport_v2';
export const OPEN311_FORMATS = ['json', 'xml'] as const;
export type Open311Format = (typeof OPEN311_FORMATS)[number];
/** `requests` answers at most this many, newest first. */
export const OPEN311_MAX_RESULTS = 1000;
/** The widest start_date..end_date window (and the default one, ending now). */
export const OPEN311_MAX_WINDOW_DAYS = 90;

// Staff-issued API keys (back office)
export const OPEN311_KEYS_PATH = '/back/api/v1/admin/open311-keys';

export const ZOpen311KeyCreate = z.object({
  name: z
    .string({ error: 'Escribe para quién es la clave (entidad o aplicación).' })
    .trim()
    .min(3, { error: 'Escribe para quién es la clave (entidad o aplicación).' })
    .max(120),
});
export type Open311KeyCreate = z.infer<typeof ZOpen311KeyCreate>;

export const ZOpen311Key = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type Open311Key = z.infer<typeof ZOpen311Key>;
/** The key itself is shown only in the answer that creates it. */
export const ZOpen311KeyCreated = ZOpen311Key.extend({ api_key: z.string() });
export const ZOpen311KeyCreatedResponse = dataOf(ZOpen311KeyCreated);
export const ZOpen311KeyResponse = dataOf(ZOpen311Key);
export const ZOpen311KeyListResponse = dataOf(z.array(ZOpen311Key));
export const ZOpen311KeyParams = z.object({ id: z.coerce.number().int().positive() });

// The standard's bodies, for the API document (the JSON form; XML carries the same fields).
const ZOpen311Text = z.string().nullable();

export const ZOpen311FormatParams = z.object({
  format: z.enum(OPEN311_FORMATS).describe('Formato de la respuesta: json o xml'),
});
export const ZOpen311ServiceParams = ZOpen311FormatParams.extend({
  service_code: z.string().min(1).describe('Código del servicio (categoría de reporte)'),
});
export const ZOpen311RequestParams = ZOpen311FormatParams.extend({
  service_request_id: z.string().min(1).describe('Número del reporte'),
});
export const ZOpen311RequestsQuery = z.object({
  service_request_id: z.string().optional().describe('Uno o varios números, separados por comas'),
  service_code: z.string().optional(),
  start_date: z.string().optional().describe('ISO 8601; por defecto 90 días antes de end_date'),
  end_date: z.string().optional().describe('ISO 8601; por defecto ahora'),
  status: z.string().optional().describe('open o closed; varios separados por comas'),
});
export const ZOpen311PostForm = z
  .object({
    api_key: z.string().optional().describe('La clave Open311 (o el parámetro api_key de la URL)'),
    // Required by the standard; checked after the key, so that a caller without one learns nothing.
    service_code: z.string().optional().describe('Obligatorio: el código del servicio'),
    lat: z.string().optional(),
    long: z.string().optional(),
    address_string: z.string().optional(),
    email: z.string().optional(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    phone: z.string().optional(),
    description: z.string().optional(),
    media_url: z.string().optional(),
  })
  .catchall(z.string())
  .describe('Formulario application/x-www-form-urlencoded; `attribute[código]` para los atributos del servicio');
export const ZOpen311Discovery = z.object({
  changeset: z.string(),
  contact: z.string(),
  key_service: z.string(),
  endpoints: z.array(
    z.object({
      specification: z.string(),
      url: z.string(),
      changeset: z.string(),
      type: z.enum(['production', 'test']),
      formats: z.array(z.string()),
    }),
  ),
});
export const ZOpen311Services = z.array(
  z.object({
    service_code: z.string(),
    service_name: z.string(),
    description: ZOpen311Text,
    metadata: z.boolean(),
    type: z.enum(['realtime', 'batch', 'blackbox']),
    keywords: ZOpen311Text,
    group: ZOpen311Text,
  }),
);
export const ZOpen311ServiceDefinition = z.object({
  service_code: z.string(),
  attributes: z.array(
    z.object({
      variable: z.boolean(),
      code: z.string(),
      datatype: z.enum(['string', 'number', 'datetime', 'text', 'singlevaluelist', 'multivaluelist']),
      required: z.boolean(),
      datatype_description: ZOpen311Text,
      order: z.number().int(),
      description: z.string(),
      values: z.array(z.object({ key: z.string(), name: z.string() })).optional(),
    }),
  ),
});
export const ZOpen311ServiceRequests = z.array(
  z.object({
    service_request_id: z.string(),
    status: z.enum(['open', 'closed']),
    status_notes: ZOpen311Text,
    service_name: ZOpen311Text,
    service_code: z.string(),
    description: ZOpen311Text,
    agency_responsible: ZOpen311Text,
    service_notice: ZOpen311Text,
    requested_datetime: z.string(),
    updated_datetime: ZOpen311Text,
    expected_datetime: ZOpen311Text,
    address: ZOpen311Text,
    address_id: ZOpen311Text,
    zipcode: ZOpen311Text,
    lat: z.number(),
    long: z.number(),
    media_url: ZOpen311Text,
  }),
);
export const ZOpen311Created = z.array(
  z.object({ service_request_id: z.string(), service_notice: ZOpen311Text, account_id: ZOpen311Text }),
);
export const ZOpen311Errors = z
  .array(z.object({ code: z.number().int(), description: z.string() }))
  .describe('Lista de errores del estándar');
