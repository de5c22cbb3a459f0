/**
 * Session upkeep for the whole app, rendered once by the shell: plans the silent token
 * refresh and re-reads the current user (GET v1/me) after start-up and each login, so the
 * menu and banners follow what the server says. A token the server refuses there (expired,
 * revoked, tampered) is a 401 to a bearer call: the API client logs out and reloads (spec §8).
 * Kept free of query hooks and schemas: it is part of the first-paint bundle.
 */
import { useEffect } from 'react';
import { isLoggedIn } from '../../../lib/session';
import { tokenRefresher } from '../../../lib/token-refresh';
import { useSession } from '../../../lib/use-session';
import { fetchMe } from '../api/fetch-me';

export function IdentityRuntime() {
  const user = useSession();
  const signedIn = isLoggedIn(user) && user.token !== null;
  useEffect(() => tokenRefresher.start(), []);
  useEffect(() => {
    if (!signedIn) return;
    // A 401 is handled by the API client; offline, the stored view of the user stays.
    fetchMe().catch(() => undefined);
  }, [signedIn, user.id]);
  return null;
}
