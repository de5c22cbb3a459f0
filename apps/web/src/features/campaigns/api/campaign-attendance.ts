/**
 * The organiser's side of a campaign: the campaigns they organise, who joined each and whether
 * they attended, and confirming attendance after the campaign (each person confirmed earns the
 * campaign's bonus once).
 */
import { CAMPAIGNS_PATH, type Campaign, type CampaignAttendance, type CampaignAttendanceResult } from '@puntoverde/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKey } from './get-campaigns';

const KEY = [...campaignsQueryKey, 'organised'] as const;

export function useOrganisedCampaigns() {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => (await apiRequest<{ data: Campaign[] }>(`${CAMPAIGNS_PATH}/organised`, { signal })).data,
  });
}

export function useCampaignAttendance(id: number) {
  return useQuery({
    queryKey: [...KEY, id, 'attendance'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: CampaignAttendance }>(`${CAMPAIGNS_PATH}/${id}/attendance`, { signal })).data,
  });
}

export function useConfirmAttendance(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (userIds: number[]) =>
      (
        await apiRequest<{ data: CampaignAttendanceResult }>(`${CAMPAIGNS_PATH}/${id}/attendance`, {
          method: 'POST',
          body: { user_ids: userIds },
        })
      ).data,
    onSuccess: (result) => qc.setQueryData([...KEY, id, 'attendance'], result.attendance),
  });
}
