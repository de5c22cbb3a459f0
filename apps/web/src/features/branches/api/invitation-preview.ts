/** POST v1/branches/invitations/preview { token }: who invites whom, while the link is valid. */
import { BRANCHES_PATHS } from '@puntoverde/contract';
import type { BranchInvitationPreview } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function fetchInvitationPreview(token: string): Promise<BranchInvitationPreview> {
  return (
    await apiRequest<{ data: BranchInvitationPreview }>(BRANCHES_PATHS.invitationPreview, {
      method: 'POST',
      body: { token },
      anonymous: true,
    })
  ).data;
}

export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['branches', 'invitation', token],
    queryFn: () => fetchInvitationPreview(token),
    retry: false,
    staleTime: Infinity,
  });
}

export function useInvitationPreview(token: string | null) {
  return useQuery({ ...invitationPreviewQueryOptions(token ?? ''), enabled: !!token });
}
