/** React bindings for the session store (session.ts). */
import { useSyncExternalStore } from 'react';
import { getCurrentUser, getLoggedInFlag, subscribe, subscribeLoggedInFlag } from './session';
import type { CurrentUser } from './session';

/** The current user; re-renders on login, sign-up and logout. */
export function useSession(): CurrentUser {
  return useSyncExternalStore(subscribe, getCurrentUser, getCurrentUser);
}

/** The logged-in flag, which follows session events after LOGGED_IN_FLAG_DELAY_MS (spec §4). */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeLoggedInFlag, getLoggedInFlag, getLoggedInFlag);
}
