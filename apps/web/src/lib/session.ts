/**
 * Client session store (spec §4).
 *
 * The whole `data` object returned by login/sign-up is kept in localStorage under
 * STORAGE_KEY_CURRENT_USER. The store broadcasts the current user to subscribers, runs a
 * tiny event bus for 'user:login' | 'user:signup' | 'user:logout', and keeps a separate
 * logged-in flag that follows those events after LOGGED_IN_FLAG_DELAY_MS.
 *
 * Plain module state, no React here; the hooks live in use-session.ts.
 */
import { LOGGED_IN_FLAG_DELAY_MS, SESSION_EVENTS, STORAGE_KEY_CURRENT_USER, TC_ID } from '@puntoverde/contract';
import type { SessionEvent } from '@puntoverde/contract';

/** The stored user: the fields the spec names (§3) plus whatever else the server sends. */
export interface CurrentUser {
  id: number;
  /** 1 point manager, 2 household, 3 company; 0 means nobody is logged in. */
  tc_id: number;
  /** Company id for a branch; null/empty for a company head and other kinds. */
  id_empresa: number | string | null;
  /** Bearer token sent with every API call while present. */
  token: string | null;
  name?: string;
  email?: string;
  [field: string]: unknown;
}

/** The logged-out user (spec §4: "sets the current user to empty (type 0)"). */
export const EMPTY_USER: Readonly<CurrentUser> = Object.freeze({
  id: 0,
  tc_id: TC_ID.none,
  id_empresa: null,
  token: null,
});

export type SessionListener = (user: CurrentUser) => void;
export type SessionEventHandler = (user: CurrentUser) => void;
/**
 * A sign-out step run on logout (spec §1, §4: social/Google sessions; also the server-side
 * logout). It receives the user that was logged in, already removed from the store.
 */
export type SignOutHook = (previousUser: CurrentUser) => void | Promise<void>;
export type SessionNavigator = (path: string) => void;

export const LOGIN_PATH = '/auth/login';

let currentUser: CurrentUser = EMPTY_USER;
let loggedInFlag = false;
let flagTimer: ReturnType<typeof setTimeout> | undefined;
const userListeners = new Set<SessionListener>();
const flagListeners = new Set<() => void>();
const eventHandlers = new Map<SessionEvent, Set<SessionEventHandler>>();
const signOutHooks = new Set<SignOutHook>();
let navigate: SessionNavigator = (path) => window.location.assign(path);

export function isLoggedIn(user: CurrentUser = currentUser): boolean {
  return user.tc_id !== TC_ID.none;
}

/**
 * Staff (is_admin): not one of the spec's user types. They run the back office: their menu
 * reads "Administración" and they land on /admin after login (DESIGN.md §7).
 */
export function isStaff(user: (Pick<CurrentUser, 'tc_id'> & { is_admin?: unknown }) | null): boolean {
  return user !== null && user.tc_id !== TC_ID.none && (user.is_admin === true || user.is_admin === 1);
}

/** Accepts only an object with a numeric id and a known tc_id; anything else means logged out. */
export function parseStoredUser(raw: string | null): CurrentUser | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const candidate = value as Record<string, unknown>;
  const tcId = candidate.tc_id;
  if (
    typeof candidate.id !== 'number' ||
    (tcId !== TC_ID.manager && tcId !== TC_ID.household && tcId !== TC_ID.company)
  ) {
    return null;
  }
  return {
    ...candidate,
    id: candidate.id,
    tc_id: tcId,
    id_empresa:
      typeof candidate.id_empresa === 'number' || typeof candidate.id_empresa === 'string'
        ? candidate.id_empresa
        : null,
    token: typeof candidate.token === 'string' && candidate.token !== '' ? candidate.token : null,
  };
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY_CURRENT_USER);
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

function setCurrentUser(user: CurrentUser): void {
  currentUser = user;
  for (const listener of [...userListeners]) listener(user);
}

function setLoggedInFlag(value: boolean): void {
  if (loggedInFlag === value) return;
  loggedInFlag = value;
  for (const listener of [...flagListeners]) listener();
}

/**
 * Reads the stored user (spec §4: "initial state is read from local storage at startup").
 * A corrupt entry is removed and counts as logged out. Runs once on import; tests call it again.
 */
export function initSessionFromStorage(): CurrentUser {
  clearTimeout(flagTimer);
  const raw = readStorage();
  const stored = parseStoredUser(raw);
  if (raw !== null && stored === null) {
    console.warn(`Ignoring an unreadable "${STORAGE_KEY_CURRENT_USER}" entry in localStorage.`);
    try {
      window.localStorage.removeItem(STORAGE_KEY_CURRENT_USER);
    } catch {
      // storage unavailable: nothing to clean
    }
  }
  currentUser = stored ?? EMPTY_USER;
  setLoggedInFlag(isLoggedIn(currentUser));
  return currentUser;
}

export function getCurrentUser(): CurrentUser {
  return currentUser;
}

/** Calls `listener` with the new user on every change; returns the unsubscribe function. */
export function subscribe(listener: SessionListener): () => void {
  userListeners.add(listener);
  return () => userListeners.delete(listener);
}

export function publish(event: SessionEvent, user: CurrentUser = currentUser): void {
  for (const handler of [...(eventHandlers.get(event) ?? [])]) handler(user);
}

export function subscribeEvent(event: SessionEvent, handler: SessionEventHandler): () => void {
  let handlers = eventHandlers.get(event);
  if (!handlers) {
    handlers = new Set();
    eventHandlers.set(event, handlers);
  }
  handlers.add(handler);
  return () => handlers.delete(handler);
}

/** The logged-in flag: follows session events LOGGED_IN_FLAG_DELAY_MS later (spec §4). */
export function getLoggedInFlag(): boolean {
  return loggedInFlag;
}

export function subscribeLoggedInFlag(listener: () => void): () => void {
  flagListeners.add(listener);
  return () => flagListeners.delete(listener);
}

function scheduleFlagUpdate(): void {
  clearTimeout(flagTimer);
  flagTimer = setTimeout(() => setLoggedInFlag(isLoggedIn(currentUser)), LOGGED_IN_FLAG_DELAY_MS);
}

for (const event of Object.values(SESSION_EVENTS)) subscribeEvent(event, scheduleFlagUpdate);

/** Stores the user after a successful login or sign-up, broadcasts it and publishes the event. */
export function saveSession(
  user: CurrentUser,
  event: typeof SESSION_EVENTS.login | typeof SESSION_EVENTS.signup = SESSION_EVENTS.login,
): void {
  try {
    window.localStorage.setItem(STORAGE_KEY_CURRENT_USER, JSON.stringify(user));
  } catch (error) {
    console.warn('Could not persist the session; it will last until the page closes.', error);
  }
  setCurrentUser(user);
  publish(event, user);
}

/**
 * Merges fresh fields (profile edits, a re-read of /me, e-mail verified) into the logged-in
 * user, stores and broadcasts them. Not a login: no event is published. Ignored when logged out.
 */
/** Whether two users have the same fields with the same (primitive) values. */
function sameFields(a: CurrentUser, b: CurrentUser): boolean {
  const keys = Object.keys(a) as (keyof CurrentUser)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

export function updateCurrentUser(patch: Partial<CurrentUser>): void {
  if (!isLoggedIn(currentUser)) return;
  const next: CurrentUser = { ...currentUser, ...patch, id: currentUser.id, tc_id: patch.tc_id ?? currentUser.tc_id };
  // What the server says is usually what is stored (GET v1/me on every start): a new object then
  // would re-render every screen that reads the session, for nothing, while the page starts.
  if (sameFields(next, currentUser)) return;
  try {
    window.localStorage.setItem(STORAGE_KEY_CURRENT_USER, JSON.stringify(next));
  } catch (error) {
    console.warn('Could not persist the updated session.', error);
  }
  setCurrentUser(next);
}

/** Registers a social/Google sign-out step for logout; returns the unregister function. */
export function registerSignOutHook(hook: SignOutHook): () => void {
  signOutHooks.add(hook);
  return () => signOutHooks.delete(hook);
}

/** Lets the router take over the navigation logout performs (full page load until then). */
export function setSessionNavigator(next: SessionNavigator): void {
  navigate = next;
}

async function runSignOutHooks(previousUser: CurrentUser): Promise<void> {
  const results = await Promise.allSettled([...signOutHooks].map(async (hook) => hook(previousUser)));
  for (const result of results) {
    if (result.status === 'rejected') console.warn('A social sign-out step failed; continuing logout.', result.reason);
  }
}

/**
 * Logs out (spec §4): removes the stored user, sets the empty user, publishes user:logout,
 * starts the social sign-out hooks (failures are only logged) and routes to /auth/login.
 * Navigation does not wait for the hooks; the returned promise settles when they are done.
 */
export function logout(): Promise<void> {
  const previousUser = currentUser;
  try {
    window.localStorage.removeItem(STORAGE_KEY_CURRENT_USER);
  } catch {
    // storage unavailable: the in-memory session is still cleared below
  }
  setCurrentUser(EMPTY_USER);
  publish(SESSION_EVENTS.logout, EMPTY_USER);
  const hooksDone = runSignOutHooks(previousUser);
  navigate(LOGIN_PATH);
  return hooksDone;
}

/** Keeps tabs in step: another tab logging in or out rewrites the same storage key. */
function onStorage(event: StorageEvent): void {
  if (event.key !== STORAGE_KEY_CURRENT_USER && event.key !== null) return;
  const next = parseStoredUser(event.newValue ?? readStorage());
  setCurrentUser(next ?? EMPTY_USER);
  setLoggedInFlag(isLoggedIn(currentUser));
}

if (typeof window !== 'undefined') {
  initSessionFromStorage();
  window.addEventListener('storage', onStorage);
}
