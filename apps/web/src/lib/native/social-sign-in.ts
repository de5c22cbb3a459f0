/**
 * Social sign-in in the Android/iOS app, the standard way for native apps (RFC 8252): the
 * provider's page opens in the system browser (`@capacitor/browser`: Custom Tabs on Android,
 * SFSafariViewController on iOS), never in the app's WebView, and the result comes back through
 * the app's deep link (`puntoverde://auth/login#social_code=…`). The deep link could reach
 * another app that registered the same scheme, so the code alone is worth nothing: the app
 * makes a PKCE verifier (RFC 7636), sends only its S256 challenge to `start`, and proves the
 * code with the verifier at `native/session`.
 *
 * On the web nothing changes: the page itself goes to `start` and comes back with the cookie.
 */
import { SOCIAL_NATIVE_CLIENT, SOCIAL_TICKET_TTL_MS } from '@puntoverde/contract';
import { isNativePlatform } from './platform';

export type NativeBrowser = {
  open(options: { url: string; presentationStyle?: 'fullscreen' | 'popover' }): Promise<void>;
  close(): Promise<void>;
};

const loadBrowser = async (): Promise<NativeBrowser> =>
  (await import('@capacitor/browser')).Browser;

/** localStorage: the verifier of the sign-in in flight (the app may be killed while the browser is open). */
const VERIFIER_KEY = 'pv-social-native-verifier';

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** RFC 7636 §4.1-4.2: 32 random bytes as the verifier (43 characters), base64url(SHA-256) as the challenge. */
export async function createPkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The verifier of the app's sign-in in flight, while its code or completion ticket may still be
 * used (the ticket lives longest); null on the web and when none is pending.
 */
export function pendingNativeVerifier(now = Date.now()): string | null {
  try {
    const raw = storage()?.getItem(VERIFIER_KEY);
    if (!raw) return null;
    const { verifier, at } = JSON.parse(raw) as { verifier?: unknown; at?: unknown };
    if (typeof verifier !== 'string' || typeof at !== 'number' || now - at > SOCIAL_TICKET_TTL_MS) return null;
    return verifier;
  } catch {
    return null;
  }
}

/** The sign-in ended in a session (or was abandoned): the verifier is never used again. */
export function forgetNativeVerifier(): void {
  try {
    storage()?.removeItem(VERIFIER_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}

export type SocialOpenDeps = {
  /** The web: leave the page for `url` (a full navigation). */
  web: (url: string) => void;
  /** The server's origin (`VITE_API_ORIGIN` in the app: its pages come from the device). */
  apiOrigin: string;
  isNative?: boolean;
  browser?: () => Promise<NativeBrowser>;
};

/**
 * Goes to the server's `start` URL: on the web by leaving the page; in the app in the system
 * browser, with `client=native` and the challenge of a new verifier kept on the device.
 * @returns 'left' on the web (the page is going away), 'opened' in the app (the app stays).
 */
export async function openSocialSignIn(startUrl: string, deps: SocialOpenDeps): Promise<'left' | 'opened'> {
  if (!(deps.isNative ?? isNativePlatform())) {
    deps.web(startUrl);
    return 'left';
  }
  const { verifier, challenge } = await createPkcePair();
  storage()?.setItem(VERIFIER_KEY, JSON.stringify({ verifier, at: Date.now() }));
  const url = new URL(startUrl, deps.apiOrigin || window.location.origin);
  url.searchParams.set('client', SOCIAL_NATIVE_CLIENT);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  const browser = await (deps.browser ?? loadBrowser)();
  await browser.open({ url: url.href, presentationStyle: 'popover' });
  return 'opened';
}

/** A deep link carrying a social sign-in's result (code, ticket or error). */
export function isSocialReturn(url: string): boolean {
  return /#(?:.*&)?(?:social_code|social_error|ticket)=/.test(url);
}

/** Back in the app from the provider: the system browser's sheet closes (iOS keeps it open otherwise). */
export async function closeSocialBrowser(deps: { browser?: () => Promise<NativeBrowser> } = {}): Promise<void> {
  try {
    await (await (deps.browser ?? loadBrowser)()).close();
  } catch {
    // Already closed (Android closes Custom Tabs itself when the app comes forward).
  }
}
