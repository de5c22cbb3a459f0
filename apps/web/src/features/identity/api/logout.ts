/**
 * POST v1/auth/logout: ends the session on the server too, best effort. Runs as a sign-out
 * hook of the session store, after the local session is already gone, so it uses the previous
 * user's tokens directly (not the API client, whose 401 handling would log out again).
 */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import { registerSignOutHook } from '../../../lib/session';
import type { CurrentUser } from '../../../lib/session';

// A literal path: registered by the app shell, so part of the first-paint bundle.
export const LOGOUT_PATH = IDENTITY_PATHS.logout;

export async function serverLogout(previousUser: CurrentUser, fetchImpl: typeof fetch = globalThis.fetch): Promise<void> {
  const refreshToken = typeof previousUser.refresh_token === 'string' ? previousUser.refresh_token : null;
  if (!refreshToken && !previousUser.token) return;
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  // The refresh token ends its session even when the access token has already expired;
  // without one, the bearer token names the session.
  if (!refreshToken && previousUser.token) headers.Authorization = `Bearer ${previousUser.token}`;
  try {
    const response = await fetchImpl(LOGOUT_PATH, {
      method: 'POST',
      headers,
      body: JSON.stringify(refreshToken ? { refresh_token: refreshToken } : {}),
      // Survives the page reload that follows a 401.
      keepalive: true,
    });
    if (!response.ok && response.status !== 401) console.warn(`Server logout answered ${response.status}.`);
  } catch (error) {
    console.warn('Server logout failed; the local session is closed anyway.', error);
  }
}

/** Registers the server logout as a sign-out step; returns the unregister function. */
export function registerServerLogout(): () => void {
  return registerSignOutHook((previousUser) => serverLogout(previousUser));
}
