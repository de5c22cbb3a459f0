/**
 * Fetch wrapper for the API under /back/api/ (spec §7, §8; DESIGN.md §4).
 *
 * - Adds `Authorization: Bearer <token>` while the current user has a token.
 * - Sends and parses JSON; success bodies are returned as they come (`{ data }` for most calls).
 * - Error bodies `{ code, message, fields? }` become an ApiError; a failed fetch becomes
 *   'network-request-failed'.
 * - A 401 to a call that carried a bearer token logs out and reloads the page (spec §8).
 *
 * - Before an authenticated call, waits for a fresh token when the current one is within the
 *   refresh window (token-refresh.ts), so a call never goes out with a token about to expire.
 */
import { API_BASE_PATH, INTERNAL_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '@puntoverde/contract';
import { keepOfflineCopy } from './offline/offline-copies';
import { noteApiResponse } from './offline/offline-data';
import { getCurrentUser, logout, updateCurrentUser } from './session';
import { tokenRefresher } from './token-refresh';
import { embeddedRenderedAt, takeEmbeddedAnswer } from './embedded-page-data';

/** Longest wait for social sign-out hooks before the 401 reload. */
const SIGN_OUT_WAIT_MS = 2000;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** An ErrorCode from the contract, or the server's code when it is newer than this client. */
    readonly code: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    message: string,
    /** Field errors keyed by field path, on validation failures. */
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send no bearer token (login, sign-up, password reset): a 401 then never logs out. */
  anonymous?: boolean;
  /** The browser's HTTP cache mode (`no-cache`: revalidate a stored copy before using it). */
  cache?: RequestCache;
  /** `blob`: a file (PDF, CSV) comes back as a Blob instead of parsed JSON; errors stay ApiErrors. */
  responseType?: 'json' | 'blob';
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  getToken: () => string | null;
  /** Called on a 401 to an authenticated call; logs out and reloads by default. */
  onUnauthorized: () => Promise<void> | void;
  /** Called on a 403 `password-change-required`: the account must first replace its generated password. */
  onPasswordChangeRequired?: () => void;
  /** Runs before a call that will carry the bearer token (token refresh when close to expiry). */
  beforeAuthenticatedRequest?: () => Promise<void>;
  /** The answer the page was rendered from, for an anonymous GET (lib/embedded-page-data.ts). */
  embeddedAnswer?: (path: string) => unknown;
}

export type ApiRequest = <T>(path: string, options?: ApiRequestOptions) => Promise<T>;

/**
 * Where the API is: the page's own origin on the web; the configured server in the native app,
 * whose pages come from the device (`VITE_API_ORIGIN=https://puntoverde.example` at build time).
 */
export const API_ORIGIN: string = (import.meta.env.VITE_API_ORIGIN as string | undefined)?.replace(/\/+$/, '') ?? '';

/** `clientes/login`, `/register-notifications` and `/back/api/v1/points` all resolve under the API base. */
export function apiUrl(path: string): string {
  if (path.startsWith(API_BASE_PATH)) return API_ORIGIN + path;
  return API_ORIGIN + API_BASE_PATH + path.replace(/^\/+/, '');
}

interface ErrorBodyShape {
  code?: unknown;
  message?: unknown;
  fields?: unknown;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' && value !== null && Object.values(value).every((entry) => typeof entry === 'string')
  );
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFromResponse(response: Response, body: unknown): ApiError {
  const shape: ErrorBodyShape = typeof body === 'object' && body !== null ? body : {};
  const code =
    typeof shape.code === 'string' ? shape.code : response.status === 401 ? 'unauthorized' : 'internal-error';
  // Spec §8: the text passed on is the response's error message, else the status text.
  const message =
    typeof shape.message === 'string' && shape.message !== ''
      ? shape.message
      : response.statusText || INTERNAL_ERROR_MESSAGE;
  return new ApiError(code, response.status, message, isStringRecord(shape.fields) ? shape.fields : undefined);
}

export function createApiClient(deps: ApiClientDeps): ApiRequest {
  return async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
    const asBlob = options.responseType === 'blob';
    const headers: Record<string, string> = { Accept: asBlob ? '*/*' : 'application/json', ...options.headers };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (!options.anonymous && deps.getToken() && deps.beforeAuthenticatedRequest) {
      await deps.beforeAuthenticatedRequest();
    }
    const token = options.anonymous ? null : deps.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    // What a signed-in person sees may differ (a campaign they joined): only anonymous reads.
    if (!asBlob && !token && options.body === undefined && (options.method ?? 'GET') === 'GET' && deps.embeddedAnswer) {
      const embedded = deps.embeddedAnswer(path);
      if (embedded !== undefined) {
        void keepOfflineCopy(apiUrl(path), embedded);
        return embedded as T;
      }
    }

    let response: Response;
    try {
      response = await deps.fetch(apiUrl(path), {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        ...(options.cache ? { cache: options.cache } : {}),
      });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ApiError('network-request-failed', 0, NETWORK_ERROR_MESSAGE);
    }

    noteApiResponse(response);
    if (asBlob && response.ok) return (await response.blob()) as T;
    const body = await readJson(response);
    if (response.ok) return body as T;

    const error = errorFromResponse(response, body);
    if (response.status === 401 && token) await deps.onUnauthorized();
    if (response.status === 403 && error.code === 'password-change-required') deps.onPasswordChangeRequired?.();
    throw error;
  };
}

/**
 * A query's initial data from the answer the page's HTML was rendered from (embedded-page-data.ts),
 * for an anonymous reader (or a request made `anonymous`) only, as apiRequest takes it: `initialData` and `initialDataUpdatedAt`
 * of the query's options. The app's first render then draws the page's data (React renders it in
 * slices, as a transition: main.tsx) instead of a skeleton that an answer arriving a moment later
 * replaces in one synchronous render (a store update) — on /allies, a 27 ms task unthrottled.
 */
export function embeddedQueryData<Body, T>(
  path: string,
  pick: (body: Body) => T,
  options: Pick<ApiRequestOptions, 'anonymous'> = {},
): { initialData: () => T | undefined; initialDataUpdatedAt: () => number | undefined } {
  return {
    initialData: () => {
      if (!options.anonymous && getCurrentUser().token) return undefined;
      const body = takeEmbeddedAnswer(path);
      if (body === undefined) return undefined;
      void keepOfflineCopy(apiUrl(path), body);
      return pick(body as Body);
    },
    // Fresh from the server's render, not from now: an HTML page the service worker kept offline is
    // fetched again as soon as the app can.
    initialDataUpdatedAt: embeddedRenderedAt,
  };
}

/** The app's client: current user's token, logout + reload on 401. */
export const apiRequest: ApiRequest = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: () => getCurrentUser().token,
  beforeAuthenticatedRequest: () => tokenRefresher.ensureFreshToken(),
  embeddedAnswer: takeEmbeddedAnswer,
  // The shell's page banners then show the dialog that asks for a new password.
  onPasswordChangeRequired: () => updateCurrentUser({ must_change_password: true }),
  onUnauthorized: async () => {
    // Give social sign-out a moment, but never let a hung provider block the reload.
    await Promise.race([logout(), new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS))]);
    window.location.reload();
  },
});

/** Hands a file to the browser to save, through a temporary link. */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file the API serves (a certificate's PDF, a report's CSV) with the caller's token
 * and saves it as `fileName`. A refusal throws the API's error like any other call.
 */
export async function apiDownload(path: string, fileName: string): Promise<void> {
  saveFile(fileName, await apiRequest<Blob>(path, { responseType: 'blob' }));
}
