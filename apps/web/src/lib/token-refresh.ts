/**
 * Silent token refresh (spec §9: "token refresh about 5 minutes before expiry").
 *
 * The stored user carries `token` (15-minute JWT), `refresh_token` (single use, rotated) and
 * `expires_at`. A timer exchanges the refresh token at POST /back/api/v1/auth/refresh
 * TOKEN_REFRESH_BEFORE_EXPIRY_MS before expiry; the API client also waits for a fresh token
 * before any authenticated call made when the token is already that close to expiry (a tab
 * that slept past its timer, an app opened after a while).
 *
 * Single flight: one refresh at a time per tab, and across tabs through the Web Locks API.
 * Refresh tokens are single use with reuse detection, so a second tab must never replay the
 * token another tab has just exchanged: inside the lock each tab re-reads the stored user and
 * adopts a pair another tab already obtained.
 *
 * A 401 from the refresh call means the session is over (revoked, expired after 30 days,
 * reuse detected): log out. Network failures and 5xx keep the session and retry shortly.
 */
import { STORAGE_KEY_CURRENT_USER, TOKEN_REFRESH_BEFORE_EXPIRY_MS, IDENTITY_PATHS } from '@puntoverde/contract';
import { getCurrentUser, logout, parseStoredUser, subscribe, updateCurrentUser } from './session';
import type { CurrentUser } from './session';

/** Literal path: this module is in the first-paint bundle and must not pull in the schemas. */
export const REFRESH_PATH = IDENTITY_PATHS.refresh;
export const REFRESH_LOCK_NAME = 'puntoverde:token-refresh';
/** Wait before retrying a refresh that failed for a passing reason (offline, 5xx, 429). */
export const REFRESH_RETRY_MS = 30_000;

export type TokenPair = {
  token: string;
  refresh_token: string;
  expires_at: string;
};

export interface TokenRefreshDeps {
  fetch: typeof fetch;
  now: () => number;
  getUser: () => CurrentUser;
  /** The user as another tab may have stored it (localStorage). */
  readStoredUser: () => CurrentUser | null;
  saveTokens: (pair: TokenPair) => void;
  /** The refresh token was refused: the session is gone. */
  onSessionGone: () => void;
  /** Runs `task` holding a cross-tab lock; runs it directly when the browser has no Web Locks. */
  withLock: <T>(task: () => Promise<T>) => Promise<T>;
  subscribe: (listener: () => void) => () => void;
}

export interface TokenRefresher {
  /** Schedules refreshes for the current user and follows session changes; returns stop. */
  start(): () => void;
  /** Refreshes now unless a refresh is already running (then waits for that one). */
  refreshNow(): Promise<void>;
  /** Resolves once the token is not within the refresh window (refreshing first if needed). */
  ensureFreshToken(): Promise<void>;
  /** Milliseconds until the next planned refresh, or null when none is planned (tests, debugging). */
  nextRefreshInMs(): number | null;
}

export function expiresAtMs(user: CurrentUser): number | null {
  if (typeof user.expires_at !== 'string') return null;
  const at = Date.parse(user.expires_at);
  return Number.isNaN(at) ? null : at;
}

function refreshTokenOf(user: CurrentUser): string | null {
  return typeof user.refresh_token === 'string' && user.refresh_token !== '' ? user.refresh_token : null;
}

function isTokenPair(value: unknown): value is TokenPair {
  if (typeof value !== 'object' || value === null) return false;
  const pair = value as Record<string, unknown>;
  return typeof pair.token === 'string' && typeof pair.refresh_token === 'string' && typeof pair.expires_at === 'string';
}

export function createTokenRefresher(deps: TokenRefreshDeps): TokenRefresher {
  let inFlight: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let plannedAt: number | null = null;

  function plan(at: number | null): void {
    clearTimeout(timer);
    timer = undefined;
    plannedAt = at;
    if (at === null) return;
    timer = setTimeout(() => void refreshNow(), Math.max(0, at - deps.now()));
  }

  function schedule(): void {
    const user = deps.getUser();
    const expires = expiresAtMs(user);
    if (!user.token || !refreshTokenOf(user) || expires === null) {
      plan(null);
      return;
    }
    plan(expires - TOKEN_REFRESH_BEFORE_EXPIRY_MS);
  }

  function retryLater(): void {
    plan(deps.now() + REFRESH_RETRY_MS);
  }

  async function exchange(): Promise<void> {
    const user = deps.getUser();
    const refreshToken = refreshTokenOf(user);
    if (!refreshToken) return;
    await deps.withLock(async () => {
      // Another tab may have exchanged this very refresh token while we waited for the lock.
      const stored = deps.readStoredUser();
      if (stored && stored.id === user.id && refreshTokenOf(stored) && refreshTokenOf(stored) !== refreshToken && stored.token) {
        deps.saveTokens({
          token: stored.token,
          refresh_token: refreshTokenOf(stored) ?? '',
          expires_at: typeof stored.expires_at === 'string' ? stored.expires_at : '',
        });
        return;
      }
      let response: Response;
      try {
        response = await deps.fetch(REFRESH_PATH, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify({ refresh_token: refreshToken }),
        });
      } catch {
        retryLater();
        return;
      }
      if (response.ok) {
        const body: unknown = await response.json().catch(() => null);
        const pair = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
        if (isTokenPair(pair)) {
          // The user may have logged out while the call was on its way.
          if (deps.getUser().id === user.id) deps.saveTokens(pair);
          return;
        }
        retryLater();
        return;
      }
      if (response.status === 401 || response.status === 400) {
        if (deps.getUser().id === user.id) deps.onSessionGone();
        return;
      }
      retryLater();
    });
  }

  function refreshNow(): Promise<void> {
    inFlight ??= exchange().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  function ensureFreshToken(): Promise<void> {
    if (inFlight) return inFlight;
    const user = deps.getUser();
    const expires = expiresAtMs(user);
    if (!user.token || !refreshTokenOf(user) || expires === null) return Promise.resolve();
    if (expires - deps.now() > TOKEN_REFRESH_BEFORE_EXPIRY_MS) return Promise.resolve();
    return refreshNow();
  }

  function start(): () => void {
    schedule();
    const unsubscribe = deps.subscribe(schedule);
    // A sleeping device delays timers: check again when the app comes back or the network returns.
    const wake = () => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      void ensureFreshToken();
    };
    if (typeof window !== 'undefined') {
      window.addEventListener('online', wake);
      document.addEventListener('visibilitychange', wake);
    }
    return () => {
      unsubscribe();
      plan(null);
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', wake);
        document.removeEventListener('visibilitychange', wake);
      }
    };
  }

  return {
    start,
    refreshNow,
    ensureFreshToken,
    nextRefreshInMs: () => (plannedAt === null ? null : Math.max(0, plannedAt - deps.now())),
  };
}

/** navigator.locks when available (all current browsers); otherwise the task runs as is. */
export function withBrowserLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks) return task();
  return locks.request(REFRESH_LOCK_NAME, task);
}

function readStoredCurrentUser(): CurrentUser | null {
  try {
    return parseStoredUser(window.localStorage.getItem(STORAGE_KEY_CURRENT_USER));
  } catch {
    return null;
  }
}

/** The app's refresher: the session store's user, the real fetch, a cross-tab lock. */
export const tokenRefresher: TokenRefresher = createTokenRefresher({
  fetch: (input, init) => globalThis.fetch(input, init),
  now: () => Date.now(),
  getUser: getCurrentUser,
  readStoredUser: readStoredCurrentUser,
  saveTokens: (pair) => updateCurrentUser(pair),
  onSessionGone: () => void logout(),
  withLock: withBrowserLock,
  subscribe: (listener) => subscribe(() => listener()),
});
