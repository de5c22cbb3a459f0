/** GET v1/content/about: the Conócenos page and contact channels (staff-editable). */
import type { AboutPage } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const aboutQueryKey = ['content', 'about'] as const;

export async function fetchAbout(): Promise<AboutPage> {
  const response = await apiRequest<{ data: AboutPage }>('v1/content/about');
  return response.data;
}

export function aboutQueryOptions() {
  return queryOptions({ queryKey: aboutQueryKey, queryFn: fetchAbout });
}

export function useAbout() {
  return useQuery(aboutQueryOptions());
}
