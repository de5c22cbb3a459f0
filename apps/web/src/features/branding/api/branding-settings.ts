/** GET / PUT v1/admin/settings/branding (staff): the scheme's name, logo, colour, contact and legal entity. */
import { BRANDING_SETTINGS_PATH, type Branding, type BrandingUpdate } from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const brandingKey = ['admin', 'settings', 'branding'] as const;

export function brandingOptions() {
  return queryOptions({
    queryKey: brandingKey,
    queryFn: async () => (await apiRequest<{ data: Branding }>(BRANDING_SETTINGS_PATH)).data,
  });
}

export function useBranding() {
  return useQuery(brandingOptions());
}

export function useSaveBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BrandingUpdate) =>
      (await apiRequest<{ data: Branding }>(BRANDING_SETTINGS_PATH, { method: 'PUT', body })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(brandingKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['public-config'] });
    },
  });
}
