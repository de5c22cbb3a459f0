/**
 * The live-updates client: asks POST v1/events/ticket for a single-use ticket, opens an
 * EventSource on GET v1/events?ticket=..., hands every event to `onEvent`, and reconnects with a
 * fresh ticket (back-off 1 s doubling up to 30 s) whenever the stream drops — including the
 * server's regular close after 15 minutes. EventSource's own retry would reuse the spent ticket,
 * so the client closes it on error and reconnects itself. See contract/notifications.ts.
 */
import {
  EVENTS_RECONNECT_MAX_MS,
  EVENTS_RECONNECT_MIN_MS,
  REALTIME_EVENT_TYPES,
  type EventsTicket,
  type RealtimeEvent,
} from '@puntoverde/contract';

export type LiveStatus = 'connecting' | 'open' | 'waiting' | 'closed';

export type LiveEventsOptions = {
  getTicket: (signal: AbortSignal) => Promise<EventsTicket>;
  onEvent: (event: RealtimeEvent) => void;
  /** Called after a reconnection: events may have been missed meanwhile. */
  onResync?: () => void;
  onStatus?: (status: LiveStatus) => void;
  EventSourceImpl?: typeof EventSource;
};

export type LiveEventsHandle = { close: () => void };

function parse(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as { type?: unknown };
    return typeof value === 'object' && value !== null && REALTIME_EVENT_TYPES.includes(value.type as RealtimeEvent['type'])
      ? (value as RealtimeEvent)
      : null;
  } catch {
    return null;
  }
}

export function connectLiveEvents(options: LiveEventsOptions): LiveEventsHandle {
  const Impl = options.EventSourceImpl ?? globalThis.EventSource;
  const abort = new AbortController();
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = EVENTS_RECONNECT_MIN_MS;
  let everOpened = false;
  let closed = false;

  const status = (s: LiveStatus) => options.onStatus?.(s);

  const retry = () => {
    if (closed) return;
    status('waiting');
    timer = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, EVENTS_RECONNECT_MAX_MS);
  };

  const connect = async () => {
    if (closed || !Impl) return;
    status('connecting');
    let ticket: EventsTicket;
    try {
      ticket = await options.getTicket(abort.signal);
    } catch {
      retry();
      return;
    }
    if (closed) return;
    const es = new Impl(ticket.url);
    source = es;
    es.addEventListener('ready', () => {
      delay = EVENTS_RECONNECT_MIN_MS;
      status('open');
      if (everOpened) options.onResync?.();
      everOpened = true;
    });
    for (const type of REALTIME_EVENT_TYPES) {
      es.addEventListener(type, (message) => {
        const event = parse(message.data);
        if (event) options.onEvent(event);
      });
    }
    es.onerror = () => {
      es.close();
      if (source === es) source = null;
      retry();
    };
  };

  void connect();
  return {
    close() {
      closed = true;
      abort.abort();
      clearTimeout(timer);
      source?.close();
      source = null;
      status('closed');
    },
  };
}
