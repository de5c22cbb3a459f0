import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startNativeShell, type NativeShellPlugins } from '../../../lib/native/shell';
import { createPkcePair, openSocialSignIn, pendingNativeVerifier } from '../../../lib/native/social-sign-in';
import { fetchSocialTicket } from '../api/social-ticket';
import { SocialLoginReturn } from '../components/social-login-return';
import { SocialSignInButtons } from '../components/social-sign-in-buttons';
import { socialNavigation } from '../social-session';
import { renderWithProviders, stubFetch } from './render';

/**
 * Social sign-in on both paths: the web leaves the page for the server's start URL (unchanged);
 * the Android/iOS app opens it in the system browser (the Browser plugin, here a stand-in with
 * its documented interface) with a PKCE challenge, and trades the code from the deep link plus
 * its verifier for the session.
 */
const browser = vi.hoisted(() => ({ open: vi.fn(() => Promise.resolve()), close: vi.fn(() => Promise.resolve()) }));
vi.mock('@capacitor/browser', () => ({ Browser: browser }));

const google = { id: 'google', label: 'Google', start_url: '/back/api/v1/auth/social/google/start' };
const sessionUser = { id: 9, tc_id: 1, id_empresa: null, token: 'jwt-app', refresh_token: 'r', expires_at: '2026-11-27T00:00:00.000Z' };

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const setNative = (native: boolean) => {
  if (native) (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true, getPlatform: () => 'android' };
  else delete (globalThis as { Capacitor?: unknown }).Capacitor;
};

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/auth/login');
  browser.open.mockClear();
  browser.close.mockClear();
});
afterEach(() => {
  setNative(false);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PKCE pair (RFC 7636)', () => {
  it('makes a 43-character verifier and its S256 challenge', async () => {
    const { verifier, challenge } = await createPkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(await s256(verifier));
    expect((await createPkcePair()).verifier).not.toBe(verifier);
  });
});

describe('social sign-in on the web (unchanged)', () => {
  it('leaves the page for the start URL, never opens the Browser plugin nor keeps a verifier', async () => {
    vi.stubGlobal('fetch', stubFetch({ status: 200, body: { data: [google] } }).fetchStub);
    const assign = vi.spyOn(socialNavigation, 'assign').mockImplementation(() => {});
    renderWithProviders(<SocialSignInButtons />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar con Google' }));
    expect(assign).toHaveBeenCalledWith('/back/api/v1/auth/social/google/start');
    expect(browser.open).not.toHaveBeenCalled();
    expect(pendingNativeVerifier()).toBeNull();
  });

  it('exchanges the code at session with the cookie, not at native/session', async () => {
    const { calls, fetchStub } = stubFetch({ status: 200, body: { data: sessionUser } });
    vi.stubGlobal('fetch', fetchStub);
    window.history.replaceState(null, '', '/auth/login#social_code=code-web-1');
    const onLoggedIn = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <SocialLoginReturn onLoggedIn={onLoggedIn} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(calls).toEqual([{ url: '/back/api/v1/auth/social/session', body: { code: 'code-web-1' } }]);
  });
});

describe('social sign-in in the Android/iOS app', () => {
  it('opens the start URL of the configured server in the system browser with client=native and the challenge', async () => {
    setNative(true);
    vi.stubGlobal('fetch', stubFetch({ status: 200, body: { data: [google] } }).fetchStub);
    const assign = vi.spyOn(socialNavigation, 'assign').mockImplementation(() => {});
    renderWithProviders(<SocialSignInButtons kind="company" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar con Google' }));
    await waitFor(() => expect(browser.open).toHaveBeenCalledOnce());
    expect(assign).not.toHaveBeenCalled();
    const opened = new URL((browser.open.mock.calls[0] as unknown as [{ url: string }])[0].url);
    expect(opened.pathname).toBe('/back/api/v1/auth/social/google/start');
    expect(opened.searchParams.get('kind')).toBe('company');
    expect(opened.searchParams.get('client')).toBe('native');
    expect(opened.searchParams.get('code_challenge_method')).toBe('S256');
    const verifier = pendingNativeVerifier()!;
    expect(opened.searchParams.get('code_challenge')).toBe(await s256(verifier));
    expect(opened.href).not.toContain(verifier);
    // The app stays on screen under the browser: the button is usable again.
    expect(await screen.findByRole('button', { name: 'Continuar con Google' })).toBeEnabled();
  });

  it('uses the API origin of the build for the start URL', async () => {
    await openSocialSignIn('/back/api/v1/auth/social/apple/start', {
      web: () => {},
      apiOrigin: 'https://puntoverde.example',
      isNative: true,
      browser: () => Promise.resolve(browser),
    });
    expect((browser.open.mock.calls[0] as unknown as [{ url: string }])[0].url).toMatch(
      /^https:\/\/puntoverde\.example\/back\/api\/v1\/auth\/social\/apple\/start\?client=native&code_challenge=[\w-]{43}&code_challenge_method=S256$/,
    );
  });

  it('back through the deep link: closes the browser, trades code + verifier at native/session and forgets the verifier', async () => {
    setNative(true);
    await openSocialSignIn(google.start_url, { web: () => {}, apiOrigin: '', browser: () => Promise.resolve(browser) });
    const verifier = pendingNativeVerifier()!;

    // The shell: the deep link opens the login route with its fragment and closes the system browser.
    const handlers: Record<string, (e: { url: string }) => void> = {};
    const plugins = {
      App: {
        addListener: (event: string, cb: (e: { url: string }) => void) => {
          handlers[event] = cb;
          return Promise.resolve({ remove: () => Promise.resolve() });
        },
        exitApp: () => Promise.resolve(),
      },
      StatusBar: { setStyle: () => Promise.resolve(), setBackgroundColor: () => Promise.resolve() },
      Keyboard: { setAccessoryBarVisible: () => Promise.resolve() },
    } as unknown as NativeShellPlugins;
    const navigate = vi.fn((path: string) => window.history.pushState(null, '', path));
    await startNativeShell({ navigate, goBack: vi.fn(), appHost: 'puntoverde.example', isNative: true, plugins: () => Promise.resolve(plugins) });
    // Any other link opens its route and leaves the browser alone.
    handlers.appUrlOpen!({ url: 'puntoverde://help' });
    expect(browser.close).not.toHaveBeenCalled();
    handlers.appUrlOpen!({ url: 'puntoverde://auth/login#social_code=code-app-1' });
    expect(navigate).toHaveBeenLastCalledWith('/auth/login#social_code=code-app-1');
    await waitFor(() => expect(browser.close).toHaveBeenCalledOnce());

    const { calls, fetchStub } = stubFetch({ status: 200, body: { data: sessionUser } });
    vi.stubGlobal('fetch', fetchStub);
    const onLoggedIn = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <SocialLoginReturn onLoggedIn={onLoggedIn} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(sessionUser));
    expect(calls).toEqual([
      { url: '/back/api/v1/auth/social/native/session', body: { code: 'code-app-1', code_verifier: verifier } },
    ]);
    expect(pendingNativeVerifier()).toBeNull();
  });

  it('a refused code shows the server’s Spanish error', async () => {
    setNative(true);
    await openSocialSignIn(google.start_url, { web: () => {}, apiOrigin: '', browser: () => Promise.resolve(browser) });
    vi.stubGlobal(
      'fetch',
      stubFetch({ status: 400, body: { code: 'social-code-invalid', message: 'El inicio de sesión con la red social venció. Inténtalo de nuevo.' } })
        .fetchStub,
    );
    window.history.replaceState(null, '', '/auth/login#social_code=code-app-2');
    renderWithProviders(
      <MemoryRouter>
        <SocialLoginReturn onLoggedIn={vi.fn()} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/venció/);
  });

  it('a completion ticket from the deep link is read with the verifier', async () => {
    setNative(true);
    await openSocialSignIn(google.start_url, { web: () => {}, apiOrigin: '', browser: () => Promise.resolve(browser) });
    const { calls, fetchStub } = stubFetch({ status: 200, body: { data: { email: 'a@example.com' } } });
    vi.stubGlobal('fetch', fetchStub);
    await fetchSocialTicket('ticket-app-1');
    expect(calls[0]).toEqual({
      url: '/back/api/v1/auth/social/ticket',
      body: { ticket: 'ticket-app-1', code_verifier: pendingNativeVerifier() },
    });
  });
});
