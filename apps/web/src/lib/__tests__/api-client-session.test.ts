/**
 * The app's API client wired to the real session store: a 401 to a bearer call ends the
 * session and reloads (spec §8), and a token close to expiry is refreshed before the call.
 */
import { SESSION_EVENTS, STORAGE_KEY_CURRENT_USER } from '@puntoverde/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError } from '../api-client';
import { getCurrentUser, initSessionFromStorage, saveSession, setSessionNavigator, subscribeEvent } from '../session';

const MINUTE = 60_000;

function storedUser(expiresInMs: number) {
  return {
    id: 8,
    tc_id: 2,
    id_empresa: null,
    email: 'hogar@demo.puntoverde.co',
    name: 'Hogar Demo',
    token: 'jwt-old',
    refresh_token: 'refresh-old',
    expires_at: new Date(Date.now() + expiresInMs).toISOString(),
  };
}

function urlOf(input: RequestInfo | URL | undefined): string {
  if (input === undefined) return '';
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
}

describe('app API client and the session', () => {
  const reload = vi.fn();
  const navigate = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('location', { ...window.location, reload });
    setSessionNavigator(navigate);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    reload.mockReset();
    navigate.mockReset();
    window.localStorage.clear();
    initSessionFromStorage();
  });

  it('logs out and reloads on a 401 to a call made with the bearer token, passing the response message on', async () => {
    saveSession(storedUser(14 * MINUTE));
    const loggedOut = vi.fn();
    const unsubscribe = subscribeEvent(SESSION_EVENTS.logout, loggedOut);
    const fetchMock = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) =>
      urlOf(url).endsWith('/auth/logout')
        ? json(200, { data: { logged_out: true } })
        : json(401, { code: 'unauthorized', message: 'Tu sesión ya no es válida. Inicia sesión de nuevo.' }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const error = await apiRequest('/back/api/v1/me').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Tu sesión ya no es válida. Inicia sesión de nuevo.');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer jwt-old');
    expect(window.localStorage.getItem(STORAGE_KEY_CURRENT_USER)).toBeNull();
    expect(getCurrentUser().tc_id).toBe(0);
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/auth/login');
    expect(reload).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('uses the status text when a 401 has no message', async () => {
    saveSession(storedUser(14 * MINUTE));
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 401, statusText: 'Unauthorized' })));
    const error = await apiRequest('/back/api/v1/me').catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('Unauthorized');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not log out on a 401 to a call made without a token', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { code: 'wrong-password', message: 'El correo o la contraseña no son correctos.' })));
    await expect(apiRequest('clientes/login', { body: { username: 'a@b.co', password: 'x' }, anonymous: true })).rejects.toMatchObject({
      code: 'wrong-password',
      status: 401,
    });
    expect(reload).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refreshes a token within five minutes of expiry before the call and sends the new one', async () => {
    saveSession(storedUser(2 * MINUTE));
    const fetchMock = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) =>
      urlOf(url).endsWith('/auth/refresh')
        ? json(200, { data: { token: 'jwt-new', refresh_token: 'refresh-new', expires_at: new Date(Date.now() + 15 * MINUTE).toISOString() } })
        : json(200, { data: { id: 8 } }),
    );
    vi.stubGlobal('fetch', fetchMock);

    await apiRequest('/back/api/v1/me');

    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe('/back/api/v1/auth/refresh');
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({ refresh_token: 'refresh-old' });
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Authorization')).toBe('Bearer jwt-new');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY_CURRENT_USER) ?? '{}')).toMatchObject({
      token: 'jwt-new',
      refresh_token: 'refresh-new',
      name: 'Hogar Demo',
    });
  });
});
