/** GET v1/me as a query, for screens (the profile). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchMe, meKey } from './fetch-me';

export { fetchMe, ME_PATH, meQueryKey } from './fetch-me';

export function meQueryOptions(userId: number) {
  return queryOptions({ queryKey: meKey(userId), queryFn: fetchMe, enabled: userId > 0 });
}

export function useMe(userId: number) {
  return useQuery(meQueryOptions(userId));
}
