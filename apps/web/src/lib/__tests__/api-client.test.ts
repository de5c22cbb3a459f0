import { ERRORS } from '@puntoverde/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiUrl, createApiClient } from '../api-client';
import type { ApiClientDeps } from '../api-client';

function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

function client(response: Response | { reject: unknown }, token: string | null = null) {
  const fetchMock = vi.fn<ApiClientDeps['fetch']>(async () => {
    if (!(response instanceof Response)) throw response.reject;
    return response;
  });
  const onUnauthorized = vi.fn();
  const request = createApiClient({ fetch: fetchMock, getToken: () => token, onUnauthorized });
  return { request, fetchMock, onUnauthorized };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiUrl', () => {
  it.each([
    ['clientes/login', '/back/api/clientes/login'],
    ['/register-notifications', '/back/api/register-notifications'],
    ['/back/api/v1/points', '/back/api/v1/points'],
    ['clientes/lista?id=7', '/back/api/clientes/lista?id=7'],
  ])('puts %s under the API base', (path, url) => {
    expect(apiUrl(path)).toBe(url);
  });
});

describe('api client', () => {
  it('sends JSON and returns the parsed body', async () => {
    const { request, fetchMock } = client(jsonResponse(200, { data: { id: 7 } }));
    await expect(
      request('clientes/login', { body: { username: 'a@b.co', password: 'secreto', playerId: null } }),
    ).resolves.toEqual({
      data: { id: 7 },
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/back/api/clientes/login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"username":"a@b.co","password":"secreto","playerId":null}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('adds the bearer token while the user has one', async () => {
    const { request, fetchMock } = client(jsonResponse(200, { data: [] }), 'abc.def');
    await request('clientes/lista?id=7');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer abc.def');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('sends no token on an anonymous call, and its 401 does not log out', async () => {
    const { request, fetchMock, onUnauthorized } = client(
      jsonResponse(401, { code: 'wrong-password', message: 'No' }),
      'abc.def',
    );
    await expect(request('clientes/login', { body: {}, anonymous: true })).rejects.toBeInstanceOf(ApiError);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('tells the app when the account must first replace its generated password', async () => {
    const onPasswordChangeRequired = vi.fn();
    const request = createApiClient({
      fetch: async () => jsonResponse(403, { code: 'password-change-required', message: ERRORS['password-change-required'].message }),
      getToken: () => 'token',
      onUnauthorized: vi.fn(),
      onPasswordChangeRequired,
    });
    expect((await caught(request('/back/api/v1/admin/dashboard'))).code).toBe('password-change-required');
    expect(onPasswordChangeRequired).toHaveBeenCalledOnce();
  });

  it('sends no Authorization header without a token', async () => {
    const { request, fetchMock } = client(jsonResponse(200, { data: [] }));
    await request('clientes/lista?id=7');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('turns an error body into an ApiError with code, status, message and fields', async () => {
    const body = {
      code: 'validation-failed',
      message: 'Revisa los datos marcados.',
      fields: { 'data_user.email': 'Correo no válido' },
    };
    const { request } = client(jsonResponse(400, body));
    const error = await caught(request('clientes/registro', { body: { data_user: {} } }));
    expect(error).toMatchObject({
      code: 'validation-failed',
      status: 400,
      message: 'Revisa los datos marcados.',
      fields: { 'data_user.email': 'Correo no válido' },
    });
  });

  it('falls back to the status text when the body has no message', async () => {
    const { request } = client(jsonResponse(503, undefined, 'Service Unavailable'));
    const error = await caught(request('clientes/lista?id=1'));
    expect(error).toMatchObject({ code: 'internal-error', status: 503, message: 'Service Unavailable' });
  });

  it('maps a failed fetch to network-request-failed', async () => {
    const { request } = client({ reject: new TypeError('Failed to fetch') });
    const error = await caught(request('clientes/lista?id=1'));
    expect(error).toMatchObject({
      code: 'network-request-failed',
      status: 0,
      message: ERRORS['network-request-failed'].message,
    });
  });

  it('lets an aborted request reject as an AbortError', async () => {
    const { request } = client({ reject: new DOMException('aborted', 'AbortError') });
    await expect(request('clientes/lista?id=1')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('logs out on a 401 to a call that carried a token', async () => {
    const { request, onUnauthorized } = client(
      jsonResponse(401, { code: 'unauthorized', message: 'Sesión vencida' }),
      'old',
    );
    const error = await caught(request('clientes/lista?id=7'));
    expect(error).toMatchObject({ code: 'unauthorized', status: 401, message: 'Sesión vencida' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not log out on a 401 without a token (e.g. a wrong password)', async () => {
    const { request, onUnauthorized } = client(
      jsonResponse(401, { code: 'wrong-password', message: ERRORS['wrong-password'].message }),
    );
    const error = await caught(request('clientes/login', { body: {} }));
    expect(error.code).toBe('wrong-password');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
