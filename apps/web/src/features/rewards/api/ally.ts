/** The ally's counter: which ally the account works for, confirming codes, their redemptions and offers. */
import {
  REWARDS_PATH,
  type AllyAccount,
  type AllyRedemption,
  type RewardOffer,
  type RewardOfferCreate,
} from '@puntoverde/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rewardBalanceOptions } from './rewards';

const KEY = ['rewards-ally'] as const;

/**
 * The ally of the signed-in account, or null when it is nobody's staff: read from the balance
 * (which every signed-in account may ask for), so no screen asks an ally-only route to find out.
 */
export function useAllyAccount(enabled = true) {
  return useQuery({ ...rewardBalanceOptions(), select: (balance): AllyAccount | null => balance.ally, enabled });
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
