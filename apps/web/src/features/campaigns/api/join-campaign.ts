/** POST / DELETE v1/campaigns/{id}/join: join or leave a campaign (logged in). */
import { campaignJoinPath } from '@puntoverde/contract';
import type { CampaignJoinResult } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKey } from './get-campaigns';

export async function setCampaignJoined(id: number, join: boolean): Promise<CampaignJoinResult> {
  const response = await apiRequest<{ data: CampaignJoinResult }>(campaignJoinPath(id), {
    method: join ? 'POST' : 'DELETE',
  });
  return response.data;
}

export function useJoinCampaign(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (join: boolean) => setCampaignJoined(id, join),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
  });
}
