/** Members (recicladores) of an organisation and their id cards. */
import {
  RECYCLERS_PATH,
  type Member,
  type MemberCard,
  type MemberCreate,
  type MemberUpdate,
} from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RECYCLERS_KEY } from './organizations';

const base = (orgId: number) => `${RECYCLERS_PATH}/organizations/${orgId}/members`;

export function membersOptions(orgId: number) {
  return queryOptions({
    queryKey: [...RECYCLERS_KEY, 'members', orgId],
    queryFn: async ({ signal }) => (await apiRequest<{ data: Member[] }>(base(orgId), { signal })).data,
  });
}

export function useMembers(orgId: number) {
  return useQuery(membersOptions(orgId));
}

export function useCreateMember(orgId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: MemberCreate) =>
      (await apiRequest<{ data: Member }>(base(orgId), { method: 'POST', body })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: RECYCLERS_KEY }),
  });
}

export function useUpdateMember(orgId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: MemberUpdate }) =>
      (await apiRequest<{ data: Member }>(`${base(orgId)}/${id}`, { method: 'PATCH', body })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: RECYCLERS_KEY }),
  });
}

export function memberCardOptions(orgId: number, memberId: number) {
  return queryOptions({
    queryKey: [...RECYCLERS_KEY, 'card', orgId, memberId],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: MemberCard }>(`${base(orgId)}/${memberId}/card`, { signal })).data,
  });
}

export function useMemberCard(orgId: number, memberId: number) {
  return useQuery(memberCardOptions(orgId, memberId));
}

export function useReissueCard(orgId: number, memberId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<{ data: MemberCard }>(`${base(orgId)}/${memberId}/card/reissue`, { method: 'POST', body: {} }))
        .data,
    onSuccess: (card) => qc.setQueryData(memberCardOptions(orgId, memberId).queryKey, card),
  });
}

/** The card's PDF: fetched with the session's bearer, then opened as a blob. */
export async function fetchMemberCardPdf(orgId: number, memberId: number): Promise<Blob> {
  return apiRequest<Blob>(`${base(orgId)}/${memberId}/card.pdf`, { responseType: 'blob' });
}
