/** Live updates' paths and timings, apart from their schemas (realtime.ts) so that they load no zod. */
import type { RealtimeEventType } from './realtime.js';

export const EVENTS_PATH = '/back/api/v1/events';
export const EVENTS_TICKET_PATH = '/back/api/v1/events/ticket';

export const EVENTS_TICKET_TTL_MS = 60 * 1000;
/** A stream is closed after this long; the client reconnects with a fresh ticket. */
export const EVENTS_STREAM_MAX_MS = 15 * 60 * 1000;
/** Comment lines keep proxies from closing an idle stream. */
export const EVENTS_HEARTBEAT_MS = 25 * 1000;
/** Client back-off between reconnections (first, then doubling up to the max). */
export const EVENTS_RECONNECT_MIN_MS = 1000;
export const EVENTS_RECONNECT_MAX_MS = 30 * 1000;
/** The events a client receives (`broadcast.sent` never leaves the server). */
export const REALTIME_EVENT_TYPES: readonly RealtimeEventType[] = [
  'request.created',
  'request.updated',
  'notification.created',
  'branch.updated',
];
