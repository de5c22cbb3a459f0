/** GET v1/recycler-verifications/{code}: the public check behind /verificar-reciclador/{code} (no login). */
import { RECYCLER_VERIFICATIONS_PATH, type RecyclerVerification } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function verifyRecyclerCardOptions(code: string) {
  return queryOptions({
    queryKey: ['recyclers', 'verify', code],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: RecyclerVerification }>(`${RECYCLER_VERIFICATIONS_PATH}/${encodeURIComponent(code)}`, {
          anonymous: true,
          signal,
        })
      ).data,
    retry: false,
  });
}

export function useVerifyRecyclerCard(code: string) {
  return useQuery(verifyRecyclerCardOptions(code));
}
