/** POST v1/events/ticket: a single-use, 60-second ticket to open the live-updates EventSource. */
import { EVENTS_TICKET_PATH } from '@puntoverde/contract';
import type { EventsTicket } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';

export async function fetchEventsTicket(signal?: AbortSignal): Promise<EventsTicket> {
  return (await apiRequest<{ data: EventsTicket }>(EVENTS_TICKET_PATH, { method: 'POST', signal })).data;
}
