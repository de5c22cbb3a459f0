/** GET v1/me as a query, for screens (the profile). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchMe } from './fetch-me';

export { fetchMe, ME_PATH } from './fetch-me';

export const meQueryKey = ['identity', 'me'] as const;

export function meQueryOptions(userId: number) {
  return queryOptions({ queryKey: [...meQueryKey, userId], queryFn: fetchMe, enabled: userId > 0 });
}

export function useMe(userId: number) {
  return useQuery(meQueryOptions(userId));
}
