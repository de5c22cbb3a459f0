/** GET v1/campaigns: published campaigns by status, with search and pagination. */
import type { CampaignList, CampaignStatus } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface CampaignsParams {
  status?: CampaignStatus;
  q?: string;
  page?: number;
  pageSize?: number;
}

export const campaignsQueryKey = ['campaigns'] as const;

export async function fetchCampaigns(params: CampaignsParams): Promise<CampaignList> {
  const search = new URLSearchParams();
  if (params.status) search.set('status', params.status);
  if (params.q) search.set('q', params.q);
  search.set('page', String(params.page ?? 1));
  search.set('page_size', String(params.pageSize ?? 20));
  const response = await apiRequest<{ data: CampaignList }>(`v1/campaigns?${search.toString()}`);
  return response.data;
}

/** `userId` is part of the key: "joined" differs per user. */
export function campaignsQueryOptions(params: CampaignsParams, userId: number) {
  return queryOptions({
    queryKey: [...campaignsQueryKey, 'list', userId, params],
    queryFn: () => fetchCampaigns(params),
  });
}

export function useCampaigns(params: CampaignsParams, userId: number) {
  return useQuery(campaignsQueryOptions(params, userId));
}
