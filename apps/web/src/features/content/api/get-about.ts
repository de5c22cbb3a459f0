/** GET v1/content/about: the Conócenos page and contact channels (staff-editable). */
import { CONTENT_PATHS } from '@puntoverde/contract';
import type { AboutPage } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, embeddedQueryData } from '../../../lib/api-client';

const ABOUT_PATH = CONTENT_PATHS.about;

export const aboutQueryKey = ['content', 'about'] as const;

export async function fetchAbout(): Promise<AboutPage> {
  const response = await apiRequest<{ data: AboutPage }>(ABOUT_PATH);
  return response.data;
}

export function aboutQueryOptions() {
  return queryOptions({
    queryKey: aboutQueryKey,
    queryFn: fetchAbout,
    ...embeddedQueryData(ABOUT_PATH, (body: { data: AboutPage }) => body.data),
  });
}

export function useAbout() {
  return useQuery(aboutQueryOptions());
}
