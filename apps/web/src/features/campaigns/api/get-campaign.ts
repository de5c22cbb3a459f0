/** GET v1/campaigns/{id}: one published campaign. */
import { campaignCalendarPath, campaignPath } from '@puntoverde/contract';
import type { Campaign } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKey } from './get-campaigns';

export async function fetchCampaign(id: number): Promise<Campaign> {
  const response = await apiRequest<{ data: Campaign }>(campaignPath(id));
  return response.data;
}

export function campaignQueryOptions(id: number, userId: number) {
  return queryOptions({
    queryKey: [...campaignsQueryKey, 'one', id, userId],
    queryFn: () => fetchCampaign(id),
    enabled: id > 0,
  });
}

export function useCampaign(id: number, userId: number) {
  return useQuery(campaignQueryOptions(id, userId));
}

/** Where "add to calendar" downloads the .ics file. */
export function campaignCalendarUrl(id: number): string {
  return campaignCalendarPath(id);
}
