import { z } from 'zod';
import { dataOf, safeText } from './common.js';
import { isCalendarDate } from './requests.js';

import { STOP_MISS_REASONS, STOP_OUTCOMES } from './recycler-route-values.js';

export * from './recycler-route-plan.js';
export * from './recycler-route-values.js';

/**
 * Recyclers' routes (spec/recicladores.md, "Assignment and route"): a coordinator assigns a
 * programmed pickup at one of the organisation's ECAs to a member, or a member with an account
 * takes one from the open list of their micro-routes; the member's "Mi ruta de hoy" orders the
 * day's stops (recycler-route-plan.ts) and records at each door "recogido" or "no estaba" with a
 * reason (sent from the phone's outbox when offline). The household sees who is coming.
 */

const MSG = {
  requestId: 'Elige la solicitud de recolección.',
  memberId: 'Elige el reciclador.',
  outcome: 'Marca la parada como recogida o «no estaba».',
  reason: 'Elige por qué no se recogió: no había nadie, el material no estaba listo, no encontré la dirección u otro motivo.',
  reasonOnlyMiss: 'El motivo solo va cuando la parada se marca «no estaba».',
  note: 'Escribe qué pasó (entre 3 y 300 caracteres).',
  at: 'La hora de la parada no es válida: debe ser de los últimos 3 días y no futura.',
  date: 'Escribe la fecha como AAAA-MM-DD.',
  routes: 'Elige hasta 20 microrutas de la organización, sin repetir.',
} as const;
export const ROUTE_MESSAGES_ES = MSG;

const ZPositiveId = (message: string) =>
  z.number({ error: message }).int({ error: message }).positive({ error: message });

/** A coordinator assigns a pickup (or moves it to another member while it is still to visit). */
export const ZStopAssign = z.object({
  request_id: ZPositiveId(MSG.requestId),
  member_id: ZPositiveId(MSG.memberId),
});
export type StopAssign = z.infer<typeof ZStopAssign>;

/** A coordinator sends a pickup whose stop was marked «no estaba» out again, to this member. */
export const ZStopRetry = z.object({
  member_id: ZPositiveId(MSG.memberId),
});
export type StopRetry = z.infer<typeof ZStopRetry>;

/** What happened at the door. `at`: when it was marked on the phone (it may sync later). */
export const ZStopOutcomeInput = z
  .object({
    outcome: z.enum(STOP_OUTCOMES, { error: MSG.outcome }),
    reason: z.enum(STOP_MISS_REASONS, { error: MSG.reason }).nullish().transform((v) => v ?? null),
    note: safeText({ error: MSG.note })
      .trim()
      .min(3, { error: MSG.note })
      .max(300, { error: MSG.note })
      .nullish()
      .transform((v) => v ?? null),
    at: z.iso.datetime({ offset: true, error: MSG.at }).nullish().transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === 'no-estaba' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: MSG.reason });
    if (v.outcome === 'recogido' && v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: MSG.reasonOnlyMiss });
    if (v.reason === 'otro' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: MSG.note });
  });
export type StopOutcomeInput = z.input<typeof ZStopOutcomeInput>;

export const ZMemberRoutesUpdate = z.object({
  micro_route_ids: z
    .array(ZPositiveId(MSG.routes), { error: MSG.routes })
    .max(20, { error: MSG.routes })
    .refine((ids) => new Set(ids).size === ids.length, { error: MSG.routes }),
});
export type MemberRoutesUpdate = z.infer<typeof ZMemberRoutesUpdate>;

export const ZRouteDateQuery = z.object({
  date: safeText({ error: MSG.date }).refine(isCalendarDate, { error: MSG.date }).optional(),
});

const ZStopItem = z.object({
  material: z.string(),
  material_name: z.string(),
  estimated_kg: z.number().nullable(),
});

/** A pickup as a route shows it. */
export const ZRoutePickup = z.object({
  request_id: z.number().int(),
  status: z.string(),
  eca_point_id: z.number().int(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  pickup_date: z.string(),
  scheduled_at: z.string().nullable(),
  time_window: z.string(),
  notes: z.string().nullable(),
  /** The requester's first name, to ask for at the door. */
  requester_first_name: z.string(),
  items: z.array(ZStopItem),
  estimated_kg: z.number(),
});
export type RoutePickup = z.infer<typeof ZRoutePickup>;

export const ZStopState = z.object({
  outcome: z.enum(STOP_OUTCOMES).nullable(),
  outcome_reason: z.enum(STOP_MISS_REASONS).nullable(),
  outcome_note: z.string().nullable(),
  outcome_at: z.string().nullable(),
});

/** A stop of my route: the pickup, its place in the order and what happened there. */
export const ZRouteStop = ZRoutePickup.extend(ZStopState.shape).extend({
  order: z.number().int(),
  /** Metres from the previous stop (the ECA for the first). */
  leg_m: z.number(),
});
export type RouteStop = z.infer<typeof ZRouteStop>;

export const ZRouteEca = z.object({
  point_id: z.number().int(),
  name: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
});

/** Mi ruta de hoy: per ECA, the day's stops in visiting order with the tour's length. */
export const ZMyRoute = z.object({
  date: z.string(),
  member: z.object({ id: z.number().int(), name: z.string(), organization: z.string() }).nullable(),
  legs: z.array(
    z.object({
      eca: ZRouteEca,
      stops: z.array(ZRouteStop),
      /** Kilometres of the planned tour (ECA → stops → ECA) and of the same stops in the order they were assigned. */
      km: z.number(),
      naive_km: z.number(),
    }),
  ),
});
export type MyRoute = z.infer<typeof ZMyRoute>;

/** An open pickup of one of my micro-routes, which I may take. */
export const ZOpenPickup = ZRoutePickup.extend({
  micro_route: z.object({ id: z.number().int(), name: z.string() }),
});
export type OpenPickup = z.infer<typeof ZOpenPickup>;

/** An earlier visit of a pickup where nobody could hand the material over. */
export const ZMissedAttempt = z.object({
  attempt: z.number().int(),
  member: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  assigned_at: z.string(),
  outcome_reason: z.enum(STOP_MISS_REASONS),
  outcome_note: z.string().nullable(),
  outcome_at: z.string(),
  retried_at: z.string(),
});
export type MissedAttempt = z.infer<typeof ZMissedAttempt>;

/** A coordinator's view of the organisation's programmed pickups of a day, with who takes each. */
export const ZOrganizationPickup = ZRoutePickup.extend(ZStopState.shape).extend({
  eca_name: z.string(),
  member: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  assigned_via: z.enum(['coordinador', 'miembro']).nullable(),
  /** The missed visits before the current one, oldest first. */
  missed_attempts: z.array(ZMissedAttempt),
});
export type OrganizationPickup = z.infer<typeof ZOrganizationPickup>;

/** Who is coming for a household's pickup: no personal data beyond what the id card shows. */
export const ZPickupRecycler = z.object({
  first_name: z.string(),
  photo_url: z.string().nullable(),
  organization: z.string(),
  /** The public id-card check (/verificar-reciclador/{code}). */
  card_url: z.string(),
  assigned_at: z.string(),
  outcome: z.enum(STOP_OUTCOMES).nullable(),
  outcome_reason: z.enum(STOP_MISS_REASONS).nullable(),
  outcome_at: z.string().nullable(),
  /** Earlier visits where nobody was home (or the material was not ready…), oldest first. */
  missed_visits: z.array(z.object({ outcome_reason: z.enum(STOP_MISS_REASONS), outcome_at: z.string() })),
});
export type PickupRecycler = z.infer<typeof ZPickupRecycler>;

export const ZMemberRoutes = z.object({ member_id: z.number().int(), micro_route_ids: z.array(z.number().int()) });

export const ZStopRequestParams = z.object({ requestId: z.coerce.number().int().positive() });
export const ZOrganizationStopParams = z.object({
  id: z.coerce.number().int().positive(),
  requestId: z.coerce.number().int().positive(),
});

export const ZMyRouteResponse = dataOf(ZMyRoute);
export const ZOpenPickupListResponse = dataOf(z.array(ZOpenPickup));
export const ZOrganizationPickupListResponse = dataOf(z.array(ZOrganizationPickup));
export const ZOrganizationPickupResponse = dataOf(ZOrganizationPickup);
export const ZRouteStopResponse = dataOf(ZRouteStop.omit({ order: true, leg_m: true }));
export const ZPickupRecyclerResponse = dataOf(ZPickupRecycler.nullable());
export const ZMemberRoutesResponse = dataOf(ZMemberRoutes);
