import { z } from 'zod';
import { ZPageQuery, pageOf } from './admin.js';
import { dataOf } from './common.js';
import { ZRequestStatus } from './requests.js';

/**
 * In-app notifications and live updates (issue 7).
 *
 * Notifications are records kept per user (title, body, link, read); push delivery of the same
 * records comes later. Live updates travel as server-sent events on GET /v1/events.
 *
 * EventSource cannot send an Authorization header, and a bearer token in a URL ends up in logs
 * and history. So the client first asks POST /v1/events/ticket (with its bearer token) for a
 * ticket: random, single use, valid {@link EVENTS_TICKET_TTL_MS}, bound to the caller's user and
 * session, stored hashed. It then opens `GET /v1/events?ticket=...`. The stream ends after at most
 * {@link EVENTS_STREAM_MAX_MS} (the access-token lifetime) or when the account is deactivated;
 * the client then asks for a new ticket, which needs a live session.
 */

export const EVENTS_PATH = '/back/api/v1/events';
export const EVENTS_TICKET_PATH = '/back/api/v1/events/ticket';
export const NOTIFICATIONS_PATH = '/back/api/v1/notifications';

export const EVENTS_TICKET_TTL_MS = 60 * 1000;
/** A stream is closed after this long; the client reconnects with a fresh ticket. */
export const EVENTS_STREAM_MAX_MS = 15 * 60 * 1000;
/** Comment lines keep proxies from closing an idle stream. */
export const EVENTS_HEARTBEAT_MS = 25 * 1000;
/** Client back-off between reconnections (first, then doubling up to the max). */
export const EVENTS_RECONNECT_MIN_MS = 1000;
export const EVENTS_RECONNECT_MAX_MS = 30 * 1000;

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

export const ZRealtimeEvent = z.discriminatedUnion('type', [
  ZRequestChangedEvent,
  ZNotificationCreatedEvent,
  ZBranchChangedEvent,
]);
export type RealtimeEvent = z.infer<typeof ZRealtimeEvent>;
export type RealtimeEventType = RealtimeEvent['type'];
export const REALTIME_EVENT_TYPES: readonly RealtimeEventType[] = [
  'request.created',
  'request.updated',
  'notification.created',
  'branch.updated',
];

// ---------------------------------------------------------------------------------------------
// Notification records: GET notifications, POST notifications/{id}/read, POST notifications/read-all
// ---------------------------------------------------------------------------------------------

export const ZNotification = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** An app path to open (`/app/tabs/request?id=12`), or null. */
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof ZNotification>;

export const ZNotificationListQuery = ZPageQuery.extend({
  unread: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').optional(),
});
export const ZNotificationList = pageOf(ZNotification).extend({ unread_count: z.number().int() });
export type NotificationList = z.infer<typeof ZNotificationList>;
export const ZNotificationListResponse = dataOf(ZNotificationList);
export const ZNotificationIdParams = z.object({ id: z.coerce.number().int().positive() });
export const ZNotificationResponse = dataOf(ZNotification);
export const ZNotificationsReadAllResponse = dataOf(z.object({ updated: z.number().int() }));
