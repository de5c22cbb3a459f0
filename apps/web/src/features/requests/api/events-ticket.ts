/** POST v1/events/ticket: a single-use, 60-second ticket to open the live-updates EventSource. */
import type { EventsTicket } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';

export async function fetchEventsTicket(signal?: AbortSignal): Promise<EventsTicket> {
  return (await apiRequest<{ data: EventsTicket }>('v1/events/ticket', { method: 'POST', signal })).data;
}
