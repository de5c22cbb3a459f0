import { IDENTITY_PATHS, PUBLIC_CONFIG_PATH } from '@puntoverde/contract';
import { describe, expect, it, vi } from 'vitest';
import { REFRESH_PATH } from '../../../lib/token-refresh';
import { LOGOUT_PATH, serverLogout } from '../api/logout';
import { ME_PATH } from '../api/me';
import { PUBLIC_CONFIG_URL } from '../api/public-config';
import { RESEND_VERIFICATION_PATH } from '../api/resend-verification';

describe('server logout', () => {
  it('ends the session with the refresh token, without the (maybe expired) bearer token', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('{"data":{"logged_out":true}}', { status: 200 }));
    await serverLogout({ id: 8, tc_id: 2, id_empresa: null, token: 'jwt', refresh_token: 'refresh-1' }, fetchMock);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/back/api/v1/auth/logout');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ refresh_token: 'refresh-1' });
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(init?.keepalive).toBe(true);
  });

  it('never throws when the server cannot be reached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(serverLogout({ id: 8, tc_id: 2, id_empresa: null, token: 'jwt', refresh_token: 'r' }, fetchMock)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });

  it('calls nothing for a user without tokens', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    await serverLogout({ id: 0, tc_id: 0, id_empresa: null, token: null }, fetchMock);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('paths written as literals in first-paint modules', () => {
  it('match the contract', () => {
    expect(LOGOUT_PATH).toBe(IDENTITY_PATHS.logout);
    expect(ME_PATH).toBe(IDENTITY_PATHS.me);
    expect(RESEND_VERIFICATION_PATH).toBe(IDENTITY_PATHS.resendVerification);
    expect(REFRESH_PATH).toBe(IDENTITY_PATHS.refresh);
    expect(PUBLIC_CONFIG_URL).toBe(PUBLIC_CONFIG_PATH);
  });
});
