/** POST v1/branches/invitations/accept: sets the branch's password and logs it in (answers like login). */
import { SESSION_EVENTS, type AcceptBranchInvitationRequest, type SessionUser, BRANCHES_PATHS } from '@puntoverde/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';

export async function acceptInvitation(body: AcceptBranchInvitationRequest): Promise<SessionUser> {
  return (await apiRequest<{ data: SessionUser }>(BRANCHES_PATHS.invitationAccept, { method: 'POST', body, anonymous: true })).data;
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (user) => saveSession(user, SESSION_EVENTS.login),
  });
}
