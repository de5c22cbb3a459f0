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
