/**
 * What social sign-in keeps in the browser's storage, and logout's social step. Apart from
 * social-session.ts so the app's entry (which registers the logout step on every page) does not
 * carry the sign-in flow itself.
 */
import { registerSignOutHook } from '../../lib/session';

/** sessionStorage: the provider of the sign-in in flight (this tab). */
export const PENDING_KEY = 'pv-social-pending';
/** localStorage: the provider the current session signed in with. */
export const ACTIVE_KEY = 'pv-social-provider';
/** localStorage: set at logout; the next social sign-in asks the provider again. */
export const REAUTH_KEY = 'pv-social-reauth';
/** sessionStorage: the completion ticket, kept while the user switches client/company or reloads. */
export const TICKET_KEY = 'pv-social-ticket';

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled: social sign-in still works, only without these niceties
  }
}

export function read(kind: 'local' | 'session', key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function write(kind: 'local' | 'session', key: string, value: string | null): void {
  try {
    if (value === null) storage(kind)?.removeItem(key);
    else storage(kind)?.setItem(key, value);
  } catch {
    // quota or privacy mode: nothing to keep
  }
}

/** Logout's social step: forget the provider and make the next sign-in ask the provider again. */
export function signOutOfSocialSession(): void {
  write('local', ACTIVE_KEY, null);
  write('session', PENDING_KEY, null);
  write('session', TICKET_KEY, null);
  write('local', REAUTH_KEY, '1');
}

let unregister: (() => void) | null = null;

/** Registers the social sign-out with the session store's logout (once). */
export function registerSocialSignOut(): void {
  unregister ??= registerSignOutHook(signOutOfSocialSession);
}
