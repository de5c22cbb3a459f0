/** GET v1/certificate-verifications/{code}: the public check behind /verificar/{code} (no login). */
import { certificateVerificationPath } from '@puntoverde/contract';
import type { CertificateVerification } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function verifyCertificateQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['certificates', 'verify', code],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: CertificateVerification }>(certificateVerificationPath(code), { anonymous: true, signal })).data,
    retry: false,
  });
}

export function useVerifyCertificate(code: string) {
  return useQuery(verifyCertificateQueryOptions(code));
}
