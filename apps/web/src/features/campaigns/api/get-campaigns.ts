/** GET v1/campaigns: published campaigns by status, with search and pagination. */
import { CAMPAIGNS_PATH } from '@puntoverde/contract';
import type { CampaignList, CampaignStatus } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, embeddedQueryData } from '../../../lib/api-client';

export interface CampaignsParams {
  status?: CampaignStatus;
  q?: string;
  page?: number;
  pageSize?: number;
}

export const campaignsQueryKey = ['campaigns'] as const;

function campaignsPath(params: CampaignsParams): string {
  const search = new URLSearchParams();
  if (params.status) search.set('status', params.status);
  if (params.q) search.set('q', params.q);
  search.set('page', String(params.page ?? 1));
  search.set('page_size', String(params.pageSize ?? 20));
  return `${CAMPAIGNS_PATH}?${search.toString()}`;
}

export async function fetchCampaigns(params: CampaignsParams): Promise<CampaignList> {
  return (await apiRequest<{ data: CampaignList }>(campaignsPath(params))).data;
}

/** `userId` is part of the key: "joined" differs per user. */
export function campaignsQueryOptions(params: CampaignsParams, userId: number) {
  return queryOptions({
    queryKey: [...campaignsQueryKey, 'list', userId, params],
    queryFn: () => fetchCampaigns(params),
    ...embeddedQueryData(campaignsPath(params), (body: { data: CampaignList }) => body.data),
  });
}

export function useCampaigns(params: CampaignsParams, userId: number) {
  return useQuery(campaignsQueryOptions(params, userId));
}
