/**
 * Staff calls of the back office's "Envíos masivos": POST get-notifications {data} (the spec's
 * report of what was sent, with delivery figures), the size of an audience, and broadcasts
 * (create now or scheduled, cancel one not yet sent).
 */
import {
  BROADCAST_AUDIENCE_PATH,
  BROADCASTS_PATH,
  GET_NOTIFICATIONS_PATH,
  type Broadcast,
  type BroadcastAudience,
  type BroadcastAudienceSize,
  type CreateBroadcast,
  type NotificationKind,
  type SentNotificationsReport,
} from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SentReportFilters = {
  kind?: NotificationKind | undefined;
  audience?: BroadcastAudience['type'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  page_size: number;
};

const sentReportKey = ['notifications', 'admin', 'sent'] as const;
/** Figures move while a broadcast drains or waits for quiet hours to end. */
const LIVE_REFRESH_MS = 5000;

export async function fetchSentReport(filters: SentReportFilters, signal?: AbortSignal): Promise<SentNotificationsReport> {
  const data = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  const response = await apiRequest<{ data: SentNotificationsReport }>(GET_NOTIFICATIONS_PATH, {
    method: 'POST',
    body: { data },
    ...(signal ? { signal } : {}),
  });
  return response.data;
}

function stillMoving(report: SentNotificationsReport | undefined): boolean {
  return !!report?.broadcasts.items.some((b) => b.status === 'scheduled' || b.figures.pending > 0);
}

export function sentReportOptions(filters: SentReportFilters) {
  return queryOptions({
    queryKey: [...sentReportKey, filters],
    queryFn: ({ signal }) => fetchSentReport(filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (stillMoving(query.state.data) ? LIVE_REFRESH_MS : false),
  });
}

export function useSentReport(filters: SentReportFilters) {
  return useQuery(sentReportOptions(filters));
}

export async function fetchAudienceSize(audience: BroadcastAudience): Promise<BroadcastAudienceSize> {
  const query = new URLSearchParams({ type: audience.type });
  if (audience.type === 'tc_id') query.set('tc_id', String(audience.tc_id));
  if (audience.type === 'city') query.set('city', audience.city);
  return (await apiRequest<{ data: BroadcastAudienceSize }>(`${BROADCAST_AUDIENCE_PATH}?${query.toString()}`)).data;
}

export async function createBroadcast(body: CreateBroadcast): Promise<Broadcast> {
  return (await apiRequest<{ data: Broadcast }>(BROADCASTS_PATH, { method: 'POST', body })).data;
}

export async function cancelBroadcast(id: number): Promise<Broadcast> {
  return (await apiRequest<{ data: Broadcast }>(`${BROADCASTS_PATH}/${id}/cancel`, { method: 'POST' })).data;
}

export function useCreateBroadcast() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createBroadcast, onSettled: () => qc.invalidateQueries({ queryKey: sentReportKey }) });
}

export function useCancelBroadcast() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelBroadcast, onSettled: () => qc.invalidateQueries({ queryKey: sentReportKey }) });
}
