import { z } from 'zod';
import { dataOf } from './common.js';
import { ZRequestStatus } from './requests.js';

/**
 * Live updates: server-sent events on GET /v1/events.
 *
 * EventSource cannot send an Authorization header, and a bearer token in a URL ends up in logs
 * and history. So the client first asks POST /v1/events/ticket (with its bearer token) for a
 * ticket: random, single use, valid {@link EVENTS_TICKET_TTL_MS}, bound to the caller's user and
 * session, stored hashed. It then opens `GET /v1/events?ticket=...`. The stream ends after at most
 * {@link EVENTS_STREAM_MAX_MS} (the access-token lifetime) or when the account is deactivated;
 * the client then asks for a new ticket, which needs a live session.
 */

export const ZEventsTicket = z.object({
  ticket: z.string(),
  expires_at: z.string(),
  /** Where to open the EventSource (path + query). */
  url: z.string(),
});
export type EventsTicket = z.infer<typeof ZEventsTicket>;
export const ZEventsTicketResponse = dataOf(ZEventsTicket);

export const ZEventsQuery = z.object({ ticket: z.string().min(16).max(200).optional() });

// ---------------------------------------------------------------------------------------------
// Live events (the `event:` name of each SSE message and its JSON `data:`)
// ---------------------------------------------------------------------------------------------

export const ZRequestChangedEvent = z.object({
  type: z.enum(['request.created', 'request.updated']),
  request_id: z.number().int(),
  status: ZRequestStatus,
  point_id: z.number().int(),
  /** Who made the change (the client skips the toast for its own changes). */
  actor_id: z.number().int().nullable(),
  /**
   * This recipient also gets a notification record for the change (a `notification.created`
   * follows, shown as the in-app alert): the client shows no second toast for it.
   */
  notified: z.boolean().optional(),
});

export const ZNotificationCreatedEvent = z.object({
  type: z.literal('notification.created'),
  notification_id: z.number().int(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
});

export const ZBranchChangedEvent = z.object({
  type: z.literal('branch.updated'),
  branch_id: z.number().int(),
});

/**
 * Between server instances only: a staff broadcast was written for these users. Each user's
 * stream sends it on as `notification.created` with that user's own record (one bus message
 * for thousands of recipients instead of one each).
 */
export const ZBroadcastSentEvent = z.object({
  type: z.literal('broadcast.sent'),
  broadcast_id: z.number().int(),
});

export const ZRealtimeEvent = z.discriminatedUnion('type', [
  ZRequestChangedEvent,
  ZNotificationCreatedEvent,
  ZBranchChangedEvent,
  ZBroadcastSentEvent,
]);
export type RealtimeEvent = z.infer<typeof ZRealtimeEvent>;
export type RealtimeEventType = RealtimeEvent['type'];
