/** GET v1/content/faq: published frequently asked questions, in order. */
import type { FaqItem } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const faqQueryKey = ['content', 'faq'] as const;

export async function fetchFaq(): Promise<FaqItem[]> {
  const response = await apiRequest<{ data: FaqItem[] }>('v1/content/faq');
  return response.data;
}

export function faqQueryOptions() {
  return queryOptions({ queryKey: faqQueryKey, queryFn: fetchFaq });
}

export function useFaq() {
  return useQuery(faqQueryOptions());
}
