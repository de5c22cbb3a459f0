/** Branches' paths, apart from their schemas (branches.ts). */

export const BRANCHES_PATH = '/back/api/v1/branches';

export const BRANCHES_PATHS = {
  /** GET: the head's branches; POST: creates one and e-mails its invitation. */
  list: BRANCHES_PATH,
  /** POST (public): what an invitation token is for. */
  invitationPreview: `${BRANCHES_PATH}/invitations/preview`,
  /** POST (public): sets the branch's password and signs it in. */
  invitationAccept: `${BRANCHES_PATH}/invitations/accept`,
} as const;

/** PATCH: edits a branch. */
export function branchPath(id: number): string {
  return `${BRANCHES_PATH}/${id}`;
}

/** POST: sends a branch's invitation again. */
export function branchInvitationPath(id: number): string {
  return `${BRANCHES_PATH}/${id}/invitation`;
}
