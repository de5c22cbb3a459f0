/**
 * Session upkeep for the whole app, rendered once by the shell: plans the silent token
 * refresh and re-reads the current user (GET v1/me) after start-up and each login, so the
 * menu and banners follow what the server says. A token the server refuses there (expired,
 * revoked, tampered) is a 401 to a bearer call: the API client logs out and reloads (spec §8).
 * Kept free of query hooks and schemas: it is part of the first-paint bundle (the query client
 * already is; `useMe`'s observer is not).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isLoggedIn } from '../../../lib/session';
import { tokenRefresher } from '../../../lib/token-refresh';
import { useSession } from '../../../lib/use-session';
import { fetchMe, meKey } from '../api/fetch-me';

export function IdentityRuntime() {
  const user = useSession();
  const queryClient = useQueryClient();
  const signedIn = isLoggedIn(user) && user.token !== null;
  useEffect(() => tokenRefresher.start(), []);
  useEffect(() => {
    if (!signedIn) return;
    // Through the query cache, under the profile's key: a profile opened at start-up shares this
    // one request instead of sending its own, and finds the answer there when it opens later.
    // staleTime 0: the start-up read always asks the server (or joins a read in flight).
    // A 401 is handled by the API client; offline, the stored view of the user stays.
    queryClient.fetchQuery({ queryKey: meKey(user.id), queryFn: fetchMe, staleTime: 0 }).catch(() => undefined);
  }, [signedIn, user.id, queryClient]);
  return null;
}
