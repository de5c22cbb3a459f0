/** Back office → Recompensas: earning table, offers approval, review queue, adjustments, figures. */
import {
  ADMIN_REWARDS_PATH,
  type AdjustmentCreate,
  type HoldReview,
  type HoldStatus,
  type LedgerEntry,
  type OfferReview,
  type OfferStatus,
  type RewardFigures,
  type RewardHold,
  type RewardOffer,
  type RewardRate,
  type RewardRateCreate,
  type RewardSettings,
} from '@puntoverde/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['admin-rewards'] as const;

export function useRewardRates() {
  return useQuery({
    queryKey: [...KEY, 'rates'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: RewardRate[] }>(`${ADMIN_REWARDS_PATH}/rates`, { signal })).data,
  });
}

export function useAddRewardRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: RewardRateCreate) =>
      (await apiRequest<{ data: RewardRate }>(`${ADMIN_REWARDS_PATH}/rates`, { method: 'POST', body })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...KEY, 'rates'] }),
  });
}

export function useAdminOffers(status: OfferStatus | 'all') {
  return useQuery({
    queryKey: [...KEY, 'offers', status],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: RewardOffer[] }>(
          `${ADMIN_REWARDS_PATH}/offers${status === 'all' ? '' : `?status=${status}`}`,
          { signal },
        )
      ).data,
  });
}

export function useReviewOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: OfferReview }) =>
      (await apiRequest<{ data: RewardOffer }>(`${ADMIN_REWARDS_PATH}/offers/${id}/review`, { method: 'POST', body }))
        .data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...KEY, 'offers'] }),
  });
}

export function useRewardHolds(status: HoldStatus) {
  return useQuery({
    queryKey: [...KEY, 'holds', status],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: RewardHold[] }>(`${ADMIN_REWARDS_PATH}/holds?status=${status}`, { signal })).data,
  });
}

export function useReviewHold() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: HoldReview }) =>
      (await apiRequest<{ data: RewardHold }>(`${ADMIN_REWARDS_PATH}/holds/${id}/review`, { method: 'POST', body }))
        .data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAdjustPoints() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdjustmentCreate) =>
      (await apiRequest<{ data: LedgerEntry }>(`${ADMIN_REWARDS_PATH}/adjustments`, { method: 'POST', body })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...KEY, 'figures'] }),
  });
}

export function useRewardFigures() {
  return useQuery({
    queryKey: [...KEY, 'figures'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: RewardFigures }>(`${ADMIN_REWARDS_PATH}/figures`, { signal })).data,
  });
}

export function useRewardSettings() {
  return useQuery({
    queryKey: [...KEY, 'settings'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: RewardSettings }>(`${ADMIN_REWARDS_PATH}/settings`, { signal })).data,
  });
}

export function useSaveRewardSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: RewardSettings) =>
      (await apiRequest<{ data: RewardSettings }>(`${ADMIN_REWARDS_PATH}/settings`, { method: 'PUT', body })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...KEY, 'settings'] }),
  });
}
