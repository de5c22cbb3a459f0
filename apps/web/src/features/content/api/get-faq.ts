/** GET v1/content/faq: published frequently asked questions, in order. */
import { CONTENT_PATHS } from '@puntoverde/contract';
import type { FaqItem } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, embeddedQueryData } from '../../../lib/api-client';

const FAQ_PATH = CONTENT_PATHS.faq;

export const faqQueryKey = ['content', 'faq'] as const;

export async function fetchFaq(): Promise<FaqItem[]> {
  const response = await apiRequest<{ data: FaqItem[] }>(FAQ_PATH);
  return response.data;
}

export function faqQueryOptions() {
  return queryOptions({
    queryKey: faqQueryKey,
    queryFn: fetchFaq,
    ...embeddedQueryData(FAQ_PATH, (body: { data: FaqItem[] }) => body.data),
  });
}

export function useFaq() {
  return useQuery(faqQueryOptions());
}
