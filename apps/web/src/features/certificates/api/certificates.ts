/** v1/certificates: my certificates, ask for one, download its PDF; v1/branches for the branch choice. */
import { BRANCHES_PATH, CERTIFICATES_PATH, certificatePdfPath } from '@puntoverde/contract';
import type { Branch, CertificateSummary, CreateCertificateRequest } from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../../lib/api-client';

export const myCertificatesQueryOptions = queryOptions({
  queryKey: ['certificates', 'mine'],
  queryFn: async ({ signal }) => (await apiRequest<{ data: CertificateSummary[] }>(CERTIFICATES_PATH, { signal })).data,
});

export function useMyCertificates(enabled = true) {
  return useQuery({ ...myCertificatesQueryOptions, enabled });
}

export function useCompanyBranches(enabled: boolean) {
  return useQuery({
    queryKey: ['certificates', 'branches'],
    queryFn: async ({ signal }) => (await apiRequest<{ data: Branch[] }>(BRANCHES_PATH, { signal })).data,
    enabled,
    staleTime: 60_000,
  });
}

export function useRequestCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateCertificateRequest) =>
      (await apiRequest<{ data: CertificateSummary }>(CERTIFICATES_PATH, { method: 'POST', body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['certificates', 'mine'] }),
  });
}

/** The PDF needs the bearer token, so it is fetched and handed to the browser as a file. */
export function downloadCertificatePdf(number: string): Promise<void> {
  return apiDownload(certificatePdfPath(number), `${number}.pdf`);
}
