/**
 * Recyclers' routes: the coordinator's day of pickups and assignments, my route of the day (Mi
 * ruta de hoy), the open pickups of my micro-routes, the stops' outcomes (through the offline
 * outbox), and who comes for a household's pickup.
 */
import {
  RECYCLERS_PATH,
  RECYCLER_ME_PATH,
  type MyRoute,
  type OpenPickup,
  type OrganizationPickup,
  type PickupRecycler,
  type RouteStop,
  type StopAssign,
  type StopMissReason,
  type StopOutcome,
  type StopRetry,
} from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sendOrQueue } from '../../../lib/offline/queue-write';
import { RECYCLERS_KEY } from './organizations';

const ROUTE_KEY = [...RECYCLERS_KEY, 'route'] as const;
/** The outbox's kind for a stop's outcome. */
export const STOP_OUTBOX_KIND = 'recycler-stop';
export const stopOutcomePath = (requestId: number) => `${RECYCLER_ME_PATH}/stops/${requestId}/outcome`;

export const myRouteOptions = (date?: string) =>
  queryOptions({
    queryKey: [...ROUTE_KEY, 'mine', date ?? 'today'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: MyRoute }>(`${RECYCLER_ME_PATH}/route${date ? `?date=${date}` : ''}`, { signal })).data,
  });
export const useMyRoute = (date?: string) => useQuery(myRouteOptions(date));

export const useOpenPickups = () =>
  useQuery({
    queryKey: [...ROUTE_KEY, 'open'],
    queryFn: async ({ signal }) => (await apiRequest<{ data: OpenPickup[] }>(`${RECYCLER_ME_PATH}/open-pickups`, { signal })).data,
  });

export function useTakePickup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (requestId: number) =>
      (await apiRequest<{ data: Omit<RouteStop, 'order' | 'leg_m'> }>(`${RECYCLER_ME_PATH}/open-pickups/${requestId}/take`, { method: 'POST', body: {} }))
        .data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ROUTE_KEY }),
  });
}

export type StopOutcomeBody = { outcome: StopOutcome; reason: StopMissReason | null; note: string | null; at: string };

/**
 * Marks a stop: sent now when online, kept in the outbox when not (sent once when the
 * connection returns, with its Idempotency-Key).
 */
export function useMarkStop() {
  const qc = useQueryClient();
  return useMutation({
    // Runs with no signal too: sendOrQueue keeps it in the outbox (a paused mutation would be lost with the tab).
    networkMode: 'always',
    mutationFn: async ({ stop, body }: { stop: Pick<RouteStop, 'request_id' | 'address'>; body: StopOutcomeBody }) =>
      sendOrQueue(
        { kind: STOP_OUTBOX_KIND, path: stopOutcomePath(stop.request_id), body, label: stop.address },
        async (headers, sent) =>
          (await apiRequest<{ data: Omit<RouteStop, 'order' | 'leg_m'> }>(stopOutcomePath(stop.request_id), { method: 'POST', body: sent, headers }))
            .data,
      ),
    onSuccess: (result) => {
      if ('sent' in result) void qc.invalidateQueries({ queryKey: ROUTE_KEY });
    },
  });
}

const orgBase = (orgId: number) => `${RECYCLERS_PATH}/organizations/${orgId}`;

export const useOrganizationPickups = (orgId: number, date: string) =>
  useQuery({
    queryKey: [...ROUTE_KEY, 'organization', orgId, date],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: OrganizationPickup[] }>(`${orgBase(orgId)}/pickups?date=${date}`, { signal })).data,
  });

export function useAssignPickup(orgId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: StopAssign) =>
      (await apiRequest<{ data: OrganizationPickup }>(`${orgBase(orgId)}/assignments`, { method: 'POST', body })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ROUTE_KEY }),
  });
}

/** Sends a pickup marked «no estaba» out again, to this member. */
export function useRetryPickup(orgId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ requestId, ...body }: StopRetry & { requestId: number }) =>
      (await apiRequest<{ data: OrganizationPickup }>(`${orgBase(orgId)}/pickups/${requestId}/retry`, { method: 'POST', body })).data,
    onSettled: () => void qc.invalidateQueries({ queryKey: ROUTE_KEY }),
  });
}

export const usePickupRecycler = (requestId: number) =>
  useQuery({
    queryKey: [...ROUTE_KEY, 'pickup', requestId],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: PickupRecycler | null }>(`${RECYCLERS_PATH}/pickups/${requestId}/recycler`, { signal })).data,
  });
