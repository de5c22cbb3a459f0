import { z } from 'zod';
import { dataOf, safeText } from './common.js';

/**
 * Signed webhooks (Standard Webhooks, https://www.standardwebhooks.com/): endpoints staff
 * register for an integrator's system, the events sent to them and the record of each send.
 */

export const WEBHOOKS_PATH = '/back/api/v1/admin/webhooks';

export const WEBHOOK_EVENT_TYPES = [
  'report.created',
  'report.status_changed',
  'pqr.created',
  'pqr.status_changed',
  'pickup_request.created',
  'pickup_request.status_changed',
  'certificate.issued',
] as const;
export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof ZWebhookEventType>;

/** A secret as Standard Webhooks writes it: `whsec_` and the base64 of its bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** How long a rotated-out secret still signs, unless staff choose otherwise. */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;
/** How much of an endpoint's answer is kept with each attempt. */
export const WEBHOOK_ANSWER_EXCERPT_CHARS = 500;
/** Headers of every delivery (Standard Webhooks). */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

// ---- the resources events carry (no personal data: integrators read more through the API) ----

export const ZWebhookReport = z.object({
  number: z.string().describe('Número del reporte (p. ej. REP-2026-000123)'),
  category: z.string(),
  status: z.string(),
  description: z.string(),
  lat: z.number(),
  lng: z.number(),
  point_id: z.number().int().nullable(),
  source: z.string().describe('app u open311'),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ZWebhookPqr = z.object({
  radicado: z.string(),
  type: z.string(),
  subject: z.string(),
  status: z.string(),
  filed_at: z.string(),
  due_date: z
    .string()
    .nullable()
    .describe('Fecha límite de respuesta (Ley 1755 de 2015); null mientras el término está suspendido'),
  updated_at: z.string(),
});

export const ZWebhookPickupRequest = z.object({
  id: z.number().int(),
  status: z.string(),
  point_id: z.number().int(),
  preferred_date: z.string(),
  time_window: z.string(),
  pickup_date: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  total_estimated_kg: z.number().nullable(),
  total_actual_kg: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ZWebhookCertificate = z.object({
  number: z.string(),
  status: z.string(),
  period_from: z.string(),
  period_to: z.string(),
  total_kg: z.number(),
  co2e_kg: z.number(),
  issued_at: z.string(),
});

const previous = { previous_status: z.string().describe('Estado anterior al cambio') };

/** What `data` holds for each event type. */
export const WEBHOOK_EVENT_DATA = {
  'report.created': ZWebhookReport,
  'report.status_changed': ZWebhookReport.extend(previous),
  'pqr.created': ZWebhookPqr,
  'pqr.status_changed': ZWebhookPqr.extend(previous),
  'pickup_request.created': ZWebhookPickupRequest,
  'pickup_request.status_changed': ZWebhookPickupRequest.extend(previous),
  'certificate.issued': ZWebhookCertificate,
} as const satisfies Record<WebhookEventType, z.ZodType>;
export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof WEBHOOK_EVENT_DATA)[T]>;

/** Spanish description of each event, for the API document and the back office. */
export const WEBHOOK_EVENT_SUMMARIES: Record<WebhookEventType, string> = {
  'report.created': 'Se radicó un reporte ciudadano (app u Open311)',
  'report.status_changed': 'Un reporte cambió de estado',
  'pqr.created': 'Se radicó una PQR',
  'pqr.status_changed': 'Una PQR cambió de estado (en trámite, respondida, cerrada...)',
  'pickup_request.created': 'Se creó una solicitud de recolección',
  'pickup_request.status_changed': 'Una solicitud de recolección cambió de estado',
  'certificate.issued': 'Se emitió un certificado de aprovechamiento',
};

/** The body of every delivery: the same `id` on each retry (the receiver's key to drop repeats). */
export function webhookEnvelope<T extends WebhookEventType>(type: T) {
  return z.object({
    id: z.string().describe('Identificador del evento (igual al encabezado webhook-id); el mismo en cada reintento'),
    type: z.literal(type),
    timestamp: z.string().describe('Momento del cambio (ISO 8601, UTC)'),
    data: WEBHOOK_EVENT_DATA[type],
  });
}

// ---- staff: endpoints ----

const ZWebhookUrl = z
  .string({ error: 'Escribe la dirección (URL) que recibirá los avisos.' })
  .trim()
  .max(2000, { error: 'La dirección es demasiado larga.' })
  .pipe(z.url({ protocol: /^https?$/, error: 'Escribe una dirección completa, que empiece por https://.' }));

const ZWebhookEvents = z
  .array(ZWebhookEventType, { error: 'Elige los eventos que se enviarán.' })
  .min(1, { error: 'Elige al menos un evento.' })
  .refine((events) => new Set(events).size === events.length, { error: 'Cada evento va una sola vez.' });

export const ZWebhookEndpointCreate = z.object({
  url: ZWebhookUrl,
  events: ZWebhookEvents,
  description: safeText().max(200, { error: 'La descripción admite hasta 200 caracteres.' }).default(''),
  active: z.boolean().default(true),
});
export type WebhookEndpointCreate = z.input<typeof ZWebhookEndpointCreate>;

export const ZWebhookEndpointUpdate = z
  .object({
    url: ZWebhookUrl,
    events: ZWebhookEvents,
    description: safeText().max(200, { error: 'La descripción admite hasta 200 caracteres.' }),
    active: z.boolean(),
  })
  .partial();
export type WebhookEndpointUpdate = z.infer<typeof ZWebhookEndpointUpdate>;

export const ZWebhookRotateSecret = z.object({
  overlap_hours: z
    .number({ error: 'Indica cuántas horas sigue firmando el secreto anterior.' })
    .int()
    .min(0, { error: 'Entre 0 y 168 horas.' })
    .max(168, { error: 'Entre 0 y 168 horas.' })
    .default(WEBHOOK_ROTATION_OVERLAP_HOURS),
});
export type WebhookRotateSecret = z.input<typeof ZWebhookRotateSecret>;

export const ZWebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(ZWebhookEventType),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** While set, deliveries carry a second signature made with the previous secret. */
  previous_secret_expires_at: z.string().nullable(),
  /** Deliveries still waiting (first send or a retry). */
  pending: z.number().int(),
  /** Deliveries given up after a day of retries. */
  failed: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The secret is shown only in the answer that creates or rotates it. */
export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({
  secret: z.string().describe('whsec_ + base64: guárdalo ahora, no se vuelve a mostrar'),
});
export type WebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecret>;

export const ZWebhookParams = z.object({ id: z.coerce.number().int().positive() });
export const ZWebhookDeliveryParams = z.object({
  id: z.coerce.number().int().positive(),
  deliveryId: z.coerce.number().int().positive(),
});

// ---- staff: deliveries and their attempts ----

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const ZWebhookAttempt = z.object({
  attempted_at: z.string(),
  /** null when no answer came (timeout, refused address, connection error). */
  status_code: z.number().int().nullable(),
  answer_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: ZWebhookEventType,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  /** The latest attempts first. */
  attempt_log: z.array(ZWebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveriesQuery = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const ZWebhookEndpointResponse = dataOf(ZWebhookEndpoint);
export const ZWebhookEndpointWithSecretResponse = dataOf(ZWebhookEndpointWithSecret);
export const ZWebhookEndpointListResponse = dataOf(z.array(ZWebhookEndpoint));
export const ZWebhookDeliveryResponse = dataOf(ZWebhookDelivery);
export const ZWebhookDeliveryListResponse = dataOf(z.array(ZWebhookDelivery));
