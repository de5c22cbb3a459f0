/** The ally's counter: which ally the account works for, confirming codes, their redemptions and offers. */
import {
  REWARDS_PATH,
  type AllyAccount,
  type AllyRedemption,
  type RewardOffer,
  type RewardOfferCreate,
} from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

const KEY = ['rewards-ally'] as const;

/** The ally of the signed-in account, or null when it is nobody's staff (403 ally-staff-only). */
export function allyAccountOptions() {
  return queryOptions({
    queryKey: [...KEY, 'account'],
    queryFn: async ({ signal }) => {
      try {
        return (await apiRequest<{ data: AllyAccount }>(`${REWARDS_PATH}/ally`, { signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'ally-staff-only') return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

export function useAllyAccount(enabled = true) {
  return useQuery({ ...allyAccountOptions(), enabled });
}

export function useAllyRedemptions(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'redemptions'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: AllyRedemption[] }>(`${REWARDS_PATH}/ally/redemptions?limit=50`, { signal })).data,
    enabled,
  });
}

export function useConfirmRedemption() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await apiRequest<{ data: AllyRedemption }>(`${REWARDS_PATH}/redemptions/${encodeURIComponent(code)}/confirm`, {
          method: 'POST',
        })
      ).data,
    onSettled: () => void qc.invalidateQueries({ queryKey: [...KEY, 'redemptions'] }),
  });
}

export function useAllyOffers(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'offers'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: RewardOffer[] }>(`${REWARDS_PATH}/ally/offers`, { signal })).data,
    enabled,
  });
}

export function useCreateAllyOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: RewardOfferCreate) =>
      (await apiRequest<{ data: RewardOffer }>(`${REWARDS_PATH}/ally/offers`, { method: 'POST', body })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...KEY, 'offers'] }),
  });
}

/** Edits one of the ally's offers: it goes back to staff approval. */
export function useUpdateAllyOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: RewardOfferCreate }) =>
      (await apiRequest<{ data: RewardOffer }>(`${REWARDS_PATH}/ally/offers/${id}`, { method: 'PUT', body })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...KEY, 'offers'] }),
  });
}
