/**
 * The browser's side of social sign-in: which provider a sign-in was started with, which one
 * the current session came from, and the one-time values the server hands over in the URL
 * fragment (`#social_code`, `#ticket`, `#social_error`), which are read once and wiped from
 * the address bar so they never linger in history or bookmarks.
 *
 * Logout (spec §4: "logs out of the social-network and Google sessions") runs
 * `signOutOfSocialSession`: the server keeps no provider token to revoke, so clearing the social
 * session means forgetting the provider here and asking it to show its login or account chooser
 * again at the next "Continuar con …" (`reauth=1`), instead of signing back in silently.
 */
import { SOCIAL_FRAGMENT } from '@puntoverde/contract';
import type { SocialAccountKind, SocialProvider } from '@puntoverde/contract';
import { API_ORIGIN } from '../../lib/api-client';
import { openSocialSignIn } from '../../lib/native/social-sign-in';
import { ACTIVE_KEY, PENDING_KEY, REAUTH_KEY, TICKET_KEY, read, write } from './social-session-store';

export { registerSocialSignOut, signOutOfSocialSession } from './social-session-store';

/** Where "Continuar con …" goes: the server's start URL with the kind and, after a logout, reauth. */
export function socialStartUrl(provider: Pick<SocialProvider, 'start_url'>, kind?: SocialAccountKind): string {
  const params = new URLSearchParams();
  if (kind) params.set('kind', kind);
  if (read('local', REAUTH_KEY)) params.set('reauth', '1');
  const query = params.toString();
  return query ? `${provider.start_url}?${query}` : provider.start_url;
}

/** How the browser leaves for the provider; tests replace it (jsdom cannot navigate). */
export const socialNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Leaves for the provider: on the web a full navigation (the server answers with a redirect);
 * in the Android/iOS app the system browser, which comes back through the deep link
 * (lib/native/social-sign-in.ts). Resolves 'opened' in the app, where the screen stays.
 */
export function beginSocialSignIn(provider: SocialProvider, kind?: SocialAccountKind): Promise<'left' | 'opened'> {
  write('session', PENDING_KEY, provider.id);
  return openSocialSignIn(socialStartUrl(provider, kind), {
    web: (url) => socialNavigation.assign(url),
    apiOrigin: API_ORIGIN,
  });
}

/** A social sign-in ended in a session: remember its provider, the next logout clears it. */
export function markSocialSessionStarted(): void {
  const provider = read('session', PENDING_KEY);
  write('session', PENDING_KEY, null);
  write('session', TICKET_KEY, null);
  write('local', REAUTH_KEY, null);
  if (provider) write('local', ACTIVE_KEY, provider);
}

/** The provider the current session came from, if it was a social sign-in. */
export function activeSocialProvider(): string | null {
  return read('local', ACTIVE_KEY);
}

export type SocialFragment = { code: string | null; ticket: string | null; error: string | null };

const NO_FRAGMENT: SocialFragment = Object.freeze({ code: null, ticket: null, error: null });

/**
 * What the last fragment carried. Rendering may be thrown away and redone (Suspense while the
 * translations load, Strict Mode), so reading stays repeatable until the screen that used it
 * calls `forgetSocialFragment` from an effect.
 */
let pendingFragment: SocialFragment | null = null;

/**
 * Reads the server's one-time values from the URL fragment and removes the fragment from the
 * address bar (the path and query stay). A ticket is kept for this tab in sessionStorage.
 */
export function readSocialFragment(): SocialFragment {
  const hash = window.location.hash.replace(/^#/, '');
  const params = new URLSearchParams(hash);
  const found: SocialFragment = {
    code: params.get(SOCIAL_FRAGMENT.code),
    ticket: params.get(SOCIAL_FRAGMENT.ticket),
    error: params.get(SOCIAL_FRAGMENT.error),
  };
  if (found.code || found.ticket || found.error) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if (found.ticket) write('session', TICKET_KEY, found.ticket);
    pendingFragment = found;
  }
  return pendingFragment ?? NO_FRAGMENT;
}

/** The values were shown or used: a later visit to the screen starts clean. */
export function forgetSocialFragment(): void {
  pendingFragment = null;
}

/** The completion ticket of this tab: just handed over in the fragment, or kept from before. */
export function currentCompletionTicket(): string | null {
  return readSocialFragment().ticket ?? read('session', TICKET_KEY);
}

export function forgetCompletionTicket(): void {
  write('session', TICKET_KEY, null);
}
