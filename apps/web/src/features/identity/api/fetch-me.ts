/**
 * GET v1/me: the current user without token fields, the one place the client refreshes its
 * view of the user. Kept apart from the query hook (me.ts): the app shell calls this on every
 * start, so it must not bring the query machinery into the first-paint bundle.
 */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import type { Me } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';
import { updateCurrentUser } from '../../../lib/session';

// A literal path: part of the first-paint bundle, where the contract's schemas must not go.
export const ME_PATH = IDENTITY_PATHS.me;

export async function fetchMe(): Promise<Me> {
  const response = await apiRequest<{ data: Me }>(ME_PATH);
  // Keep the stored session (menu, banners) in step with what the server says.
  updateCurrentUser(response.data);
  return response.data;
}

/** The query key of the current user's GET v1/me (`useMe` in me.ts, the shell's start-up read). */
export const meQueryKey = ['identity', 'me'] as const;
export function meKey(userId: number) {
  return [...meQueryKey, userId] as const;
}
