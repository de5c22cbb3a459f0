/** GET v1/allies: published allies and adhered members, filtered by kind, category and text. */
import { ALLIES_PATH } from '@puntoverde/contract';
import type { AllyCategory, AllyKind, AllyList } from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, embeddedQueryData } from '../../../lib/api-client';

export interface AlliesParams {
  kind?: AllyKind;
  category?: AllyCategory;
  q?: string;
  page?: number;
  pageSize?: number;
}

function alliesPath(params: AlliesParams): string {
  const search = new URLSearchParams();
  if (params.kind) search.set('kind', params.kind);
  if (params.category) search.set('category', params.category);
  if (params.q) search.set('q', params.q);
  search.set('page', String(params.page ?? 1));
  search.set('page_size', String(params.pageSize ?? 100));
  return `${ALLIES_PATH}?${search.toString()}`;
}

export async function fetchAllies(params: AlliesParams): Promise<AllyList> {
  return (await apiRequest<{ data: AllyList }>(alliesPath(params))).data;
}

export function alliesQueryOptions(params: AlliesParams) {
  return queryOptions({
    queryKey: ['allies', 'list', params],
    queryFn: () => fetchAllies(params),
    ...embeddedQueryData(alliesPath(params), (body: { data: AllyList }) => body.data),
    placeholderData: keepPreviousData,
  });
}

export function useAllies(params: AlliesParams) {
  return useQuery(alliesQueryOptions(params));
}
