/** A person's rewards: balance, points history, the offers they can redeem, their redemptions. */
import {
  REWARDS_PATH,
  type CompanyPointsTo,
  type LedgerPage,
  type Redemption,
  type RedemptionWithQr,
  type RewardBalance,
  type RewardOffer,
} from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const REWARDS_KEY = ['rewards'] as const;
export const LEDGER_PAGE_SIZE = 10;

export function rewardBalanceOptions() {
  return queryOptions({
    queryKey: [...REWARDS_KEY, 'balance'],
    queryFn: async ({ signal }) => (await apiRequest<{ data: RewardBalance }>(`${REWARDS_PATH}/balance`, { signal })).data,
  });
}

export function useRewardBalance() {
  return useQuery(rewardBalanceOptions());
}

export function useLedger(page: number) {
  return useQuery({
    queryKey: [...REWARDS_KEY, 'ledger', page],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: LedgerPage }>(
          `${REWARDS_PATH}/ledger?page=${page}&page_size=${LEDGER_PAGE_SIZE}`,
          { signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useRewardOffers() {
  return useQuery({
    queryKey: [...REWARDS_KEY, 'offers'],
    queryFn: async ({ signal }) => (await apiRequest<{ data: RewardOffer[] }>(`${REWARDS_PATH}/offers`, { signal })).data,
  });
}

export function useMyRedemptions() {
  return useQuery({
    queryKey: [...REWARDS_KEY, 'redemptions'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: Redemption[] }>(`${REWARDS_PATH}/redemptions`, { signal })).data,
  });
}

/** Reserves the points and one unit: answers the single-use code with its QR. */
export function useRedeem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (offerId: number) =>
      (
        await apiRequest<{ data: RedemptionWithQr }>(`${REWARDS_PATH}/redemptions`, {
          method: 'POST',
          body: { offer_id: offerId },
        })
      ).data,
    onSettled: () => void qc.invalidateQueries({ queryKey: REWARDS_KEY }),
  });
}

/** A company head chooses where its points go (the head's balance or each branch's). */
export function useSetCompanyPointsTo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (pointsTo: CompanyPointsTo) =>
      (
        await apiRequest<{ data: { points_to: CompanyPointsTo } }>(`${REWARDS_PATH}/company`, {
          method: 'PUT',
          body: { points_to: pointsTo },
        })
      ).data,
    onSettled: () => void qc.invalidateQueries({ queryKey: REWARDS_KEY }),
  });
}
