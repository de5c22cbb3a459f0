/** v1/certificates: my certificates, ask for one, download its PDF; v1/branches for the branch choice. */
import type { Branch, CertificateSummary, CreateCertificateRequest } from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, apiUrl } from '../../../lib/api-client';
import { getCurrentUser } from '../../../lib/session';

export const myCertificatesQueryOptions = queryOptions({
  queryKey: ['certificates', 'mine'],
  queryFn: async ({ signal }) => (await apiRequest<{ data: CertificateSummary[] }>('v1/certificates', { signal })).data,
});

export function useMyCertificates(enabled = true) {
  return useQuery({ ...myCertificatesQueryOptions, enabled });
}

export function useCompanyBranches(enabled: boolean) {
  return useQuery({
    queryKey: ['certificates', 'branches'],
    queryFn: async ({ signal }) => (await apiRequest<{ data: Branch[] }>('v1/branches', { signal })).data,
    enabled,
    staleTime: 60_000,
  });
}

export function useRequestCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateCertificateRequest) =>
      (await apiRequest<{ data: CertificateSummary }>('v1/certificates', { method: 'POST', body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['certificates', 'mine'] }),
  });
}

/** The PDF needs the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadCertificatePdf(number: string): Promise<void> {
  const token = getCurrentUser().token;
  const res = await fetch(apiUrl(`v1/certificates/${encodeURIComponent(number)}/pdf`), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new ApiError('certificate-not-found', res.status, res.statusText);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${number}.pdf`;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
