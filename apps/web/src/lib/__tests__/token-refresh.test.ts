import { TOKEN_REFRESH_BEFORE_EXPIRY_MS } from '@puntoverde/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../session';
import { createTokenRefresher, REFRESH_PATH, REFRESH_RETRY_MS } from '../token-refresh';
import type { TokenPair, TokenRefreshDeps } from '../token-refresh';

const T0 = Date.parse('2026-11-21T15:00:00.000Z');
const MINUTE = 60_000;

function userExpiringIn(ms: number, refreshToken = 'r1'): CurrentUser {
  return {
    id: 7,
    tc_id: 2,
    id_empresa: null,
    token: 'access-1',
    refresh_token: refreshToken,
    expires_at: new Date(Date.now() + ms).toISOString(),
  };
}

function okPair(n: number): Response {
  const pair: TokenPair = {
    token: `access-${n}`,
    refresh_token: `r${n}`,
    expires_at: new Date(Date.now() + 15 * MINUTE).toISOString(),
  };
  return new Response(JSON.stringify({ data: pair }), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

function setup(initial: CurrentUser, responses: (() => Promise<Response>)[] = []) {
  let user = initial;
  const listeners = new Set<() => void>();
  const fetchMock = vi.fn<TokenRefreshDeps['fetch']>(async () => {
    const next = responses.shift();
    if (!next) throw new Error('unexpected refresh call');
    return next();
  });
  const onSessionGone = vi.fn();
  let stored: CurrentUser | null = initial;
  const deps: TokenRefreshDeps = {
    fetch: fetchMock,
    now: () => Date.now(),
    getUser: () => user,
    readStoredUser: () => stored,
    saveTokens: (pair) => {
      user = { ...user, ...pair };
      stored = user;
      for (const listener of listeners) listener();
    },
    onSessionGone,
    withLock: (task) => task(),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const refresher = createTokenRefresher(deps);
  return {
    refresher,
    fetchMock,
    onSessionGone,
    user: () => user,
    setStored: (next: CurrentUser | null) => {
      stored = next;
    },
  };
}

describe('token refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('plans the refresh five minutes before the token expires', () => {
    const { refresher } = setup(userExpiringIn(15 * MINUTE));
    const stop = refresher.start();
    expect(refresher.nextRefreshInMs()).toBe(15 * MINUTE - TOKEN_REFRESH_BEFORE_EXPIRY_MS);
    stop();
  });

  it('exchanges the refresh token when the timer fires and stores the new pair', async () => {
    const { refresher, fetchMock, user } = setup(userExpiringIn(15 * MINUTE), [async () => okPair(2)]);
    const stop = refresher.start();
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(REFRESH_PATH);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ refresh_token: 'r1' });
    expect(user()).toMatchObject({ token: 'access-2', refresh_token: 'r2' });
    // The new pair plans the next refresh from its own expiry.
    expect(refresher.nextRefreshInMs()).toBe(10 * MINUTE);
    stop();
  });

  it('refreshes at once on start when the token is already within five minutes of expiry', async () => {
    const { refresher, fetchMock } = setup(userExpiringIn(2 * MINUTE), [async () => okPair(2)]);
    const stop = refresher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
  });

  it('sends a single refresh however many callers ask at the same time', async () => {
    let release: (r: Response) => void = () => {};
    const { refresher, fetchMock, user } = setup(userExpiringIn(MINUTE), [
      () => new Promise<Response>((resolve) => (release = resolve)),
    ]);
    const waits = [refresher.ensureFreshToken(), refresher.ensureFreshToken(), refresher.refreshNow()];
    await vi.advanceTimersByTimeAsync(0);
    release(okPair(2));
    await Promise.all(waits);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(user().token).toBe('access-2');
  });

  it('does not refresh a token far from expiry before a call', async () => {
    const { refresher, fetchMock } = setup(userExpiringIn(14 * MINUTE));
    await refresher.ensureFreshToken();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adopts the pair another tab already obtained instead of replaying the used refresh token', async () => {
    const { refresher, fetchMock, user, setStored } = setup(userExpiringIn(MINUTE));
    setStored({ ...userExpiringIn(15 * MINUTE, 'r9'), token: 'access-9' });
    await refresher.refreshNow();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(user()).toMatchObject({ token: 'access-9', refresh_token: 'r9' });
  });

  it('logs out when the server refuses the refresh token', async () => {
    const { refresher, onSessionGone } = setup(userExpiringIn(MINUTE), [
      async () => new Response(JSON.stringify({ code: 'unauthorized', message: 'Tu sesión ya no es válida.' }), { status: 401 }),
    ]);
    await refresher.refreshNow();
    expect(onSessionGone).toHaveBeenCalledTimes(1);
  });

  it('keeps the session and retries later when the server cannot be reached', async () => {
    const { refresher, fetchMock, onSessionGone, user } = setup(userExpiringIn(MINUTE), [
      async () => {
        throw new TypeError('Failed to fetch');
      },
      async () => okPair(3),
    ]);
    await refresher.refreshNow();
    expect(onSessionGone).not.toHaveBeenCalled();
    expect(refresher.nextRefreshInMs()).toBe(REFRESH_RETRY_MS);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(user().token).toBe('access-3');
  });

  it('plans nothing for a logged-out user', () => {
    const { refresher } = setup({ id: 0, tc_id: 0, id_empresa: null, token: null });
    const stop = refresher.start();
    expect(refresher.nextRefreshInMs()).toBeNull();
    stop();
  });
});
