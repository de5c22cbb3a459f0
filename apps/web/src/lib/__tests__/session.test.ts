import { LOGGED_IN_FLAG_DELAY_MS, SESSION_EVENTS, STORAGE_KEY_CURRENT_USER } from '@puntoverde/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyHeadUser, householdUser, managerUser } from '../../test/fixtures';
import type * as Session from '../session';

type SessionModule = typeof Session;

/** A fresh copy of the store, as the app gets it at startup. */
async function startSession(stored?: string): Promise<SessionModule> {
  vi.resetModules();
  if (stored !== undefined) window.localStorage.setItem(STORAGE_KEY_CURRENT_USER, stored);
  return import('../session');
}

describe('session store', () => {
  let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

  beforeEach(() => {
    vi.useFakeTimers();
    navigate = vi.fn<(path: string) => void>();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  describe('initial state', () => {
    it('starts logged out with nothing stored', async () => {
      const session = await startSession();
      expect(session.getCurrentUser()).toEqual({ id: 0, tc_id: 0, id_empresa: null, token: null });
      expect(session.isLoggedIn()).toBe(false);
      expect(session.getLoggedInFlag()).toBe(false);
    });

    it('reads the whole stored user at startup', async () => {
      const stored = { ...managerUser, email: 'gestor@puntoverde.co', city: 'Medellín' };
      const session = await startSession(JSON.stringify(stored));
      expect(session.getCurrentUser()).toEqual(stored);
      expect(session.getLoggedInFlag()).toBe(true);
    });

    it('treats corrupt JSON as logged out and removes it', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const session = await startSession('{"id": 7, "tc_id": 1');
      expect(session.getCurrentUser().tc_id).toBe(0);
      expect(session.getLoggedInFlag()).toBe(false);
      expect(window.localStorage.getItem(STORAGE_KEY_CURRENT_USER)).toBeNull();
      expect(warn).toHaveBeenCalledTimes(1);
    });

    it.each([
      ['an unknown tc_id', JSON.stringify({ id: 7, tc_id: 9 })],
      ['tc_id 0', JSON.stringify({ id: 7, tc_id: 0 })],
      ['a missing id', JSON.stringify({ tc_id: 1 })],
      ['an array', '[1, 2]'],
      ['null', 'null'],
    ])('treats %s as logged out', async (_what, stored) => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const session = await startSession(stored);
      expect(session.isLoggedIn()).toBe(false);
    });

    it('drops an empty token', async () => {
      const session = await startSession(JSON.stringify({ ...householdUser, token: '' }));
      expect(session.getCurrentUser().token).toBeNull();
    });
  });

  describe('saveSession', () => {
    it('stores the whole user under currentUser', async () => {
      const session = await startSession();
      session.saveSession(companyHeadUser);
      expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY_CURRENT_USER) ?? 'null')).toEqual(companyHeadUser);
      expect(session.getCurrentUser()).toEqual(companyHeadUser);
    });

    it('broadcasts the user to subscribers until they unsubscribe', async () => {
      const session = await startSession();
      const listener = vi.fn();
      const unsubscribe = session.subscribe(listener);
      session.saveSession(managerUser);
      expect(listener).toHaveBeenCalledExactlyOnceWith(managerUser);
      unsubscribe();
      session.saveSession(householdUser);
      expect(listener).toHaveBeenCalledTimes(1);
    });

    it('publishes user:login by default and user:signup when asked', async () => {
      const session = await startSession();
      const onLogin = vi.fn();
      const onSignup = vi.fn();
      session.subscribeEvent(SESSION_EVENTS.login, onLogin);
      session.subscribeEvent(SESSION_EVENTS.signup, onSignup);
      session.saveSession(managerUser);
      expect(onLogin).toHaveBeenCalledExactlyOnceWith(managerUser);
      expect(onSignup).not.toHaveBeenCalled();
      session.saveSession(householdUser, SESSION_EVENTS.signup);
      expect(onSignup).toHaveBeenCalledExactlyOnceWith(householdUser);
      expect(onLogin).toHaveBeenCalledTimes(1);
    });

    it(`raises the logged-in flag ${LOGGED_IN_FLAG_DELAY_MS} ms after the event`, async () => {
      const session = await startSession();
      const flagListener = vi.fn();
      session.subscribeLoggedInFlag(flagListener);
      session.saveSession(managerUser);
      expect(session.isLoggedIn()).toBe(true);
      vi.advanceTimersByTime(LOGGED_IN_FLAG_DELAY_MS - 1);
      expect(session.getLoggedInFlag()).toBe(false);
      vi.advanceTimersByTime(1);
      expect(session.getLoggedInFlag()).toBe(true);
      expect(flagListener).toHaveBeenCalledTimes(1);
    });
  });

  describe('updateCurrentUser', () => {
    it('merges, stores and broadcasts fields without publishing an event', async () => {
      const session = await startSession(JSON.stringify(managerUser));
      const listener = vi.fn();
      const onLogin = vi.fn();
      session.subscribe(listener);
      session.subscribeEvent(SESSION_EVENTS.login, onLogin);
      session.updateCurrentUser({ name: 'Gestora Demo', email_verified: true });
      const expected = { ...managerUser, name: 'Gestora Demo', email_verified: true };
      expect(session.getCurrentUser()).toEqual(expected);
      expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY_CURRENT_USER) ?? 'null')).toEqual(expected);
      expect(listener).toHaveBeenCalledExactlyOnceWith(expected);
      expect(onLogin).not.toHaveBeenCalled();
    });

    it('neither stores nor broadcasts what is already the current user', async () => {
      const session = await startSession(JSON.stringify(managerUser));
      const listener = vi.fn();
      session.subscribe(listener);
      const before = session.getCurrentUser();
      const setItem = vi.spyOn(Storage.prototype, 'setItem');
      // As GET v1/me answers on every start: the same fields, in a new object.
      session.updateCurrentUser({ ...managerUser });
      session.updateCurrentUser({ name: managerUser.name });
      expect(listener).not.toHaveBeenCalled();
      expect(setItem).not.toHaveBeenCalled();
      expect(session.getCurrentUser()).toBe(before);
      setItem.mockRestore();
    });

    it('does nothing while logged out', async () => {
      const session = await startSession();
      session.updateCurrentUser({ name: 'Nadie' });
      expect(session.isLoggedIn()).toBe(false);
      expect(window.localStorage.getItem(STORAGE_KEY_CURRENT_USER)).toBeNull();
    });
  });

  describe('logout', () => {
    it('clears storage, sets the empty user, publishes user:logout and goes to /auth/login', async () => {
      const session = await startSession(JSON.stringify(managerUser));
      session.setSessionNavigator(navigate);
      const listener = vi.fn();
      const onLogout = vi.fn();
      session.subscribe(listener);
      session.subscribeEvent(SESSION_EVENTS.logout, onLogout);

      await session.logout();

      expect(window.localStorage.getItem(STORAGE_KEY_CURRENT_USER)).toBeNull();
      expect(session.getCurrentUser()).toEqual({ id: 0, tc_id: 0, id_empresa: null, token: null });
      expect(listener).toHaveBeenCalledExactlyOnceWith(session.EMPTY_USER);
      expect(onLogout).toHaveBeenCalledTimes(1);
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/auth/login');
    });

    it(`lowers the logged-in flag ${LOGGED_IN_FLAG_DELAY_MS} ms later`, async () => {
      const session = await startSession(JSON.stringify(managerUser));
      session.setSessionNavigator(navigate);
      void session.logout();
      expect(session.getLoggedInFlag()).toBe(true);
      vi.advanceTimersByTime(LOGGED_IN_FLAG_DELAY_MS);
      expect(session.getLoggedInFlag()).toBe(false);
    });

    it('runs the social sign-out hooks and only logs their failures', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const session = await startSession(JSON.stringify(managerUser));
      session.setSessionNavigator(navigate);
      const google = vi.fn().mockRejectedValue(new Error('popup blocked'));
      const social = vi.fn(() => {
        throw new Error('sdk missing');
      });
      const apple = vi.fn().mockResolvedValue(undefined);
      session.registerSignOutHook(google);
      session.registerSignOutHook(social);
      session.registerSignOutHook(apple);

      await expect(session.logout()).resolves.toBeUndefined();

      expect(google).toHaveBeenCalledTimes(1);
      expect(social).toHaveBeenCalledTimes(1);
      expect(apple).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/auth/login');
    });

    it('stops calling a hook once unregistered', async () => {
      const session = await startSession(JSON.stringify(managerUser));
      session.setSessionNavigator(navigate);
      const hook = vi.fn();
      session.registerSignOutHook(hook)();
      await session.logout();
      expect(hook).not.toHaveBeenCalled();
    });
  });

  it('follows another tab logging out', async () => {
    const session = await startSession(JSON.stringify(managerUser));
    window.localStorage.removeItem(STORAGE_KEY_CURRENT_USER);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY_CURRENT_USER, newValue: null }));
    expect(session.isLoggedIn()).toBe(false);
    expect(session.getLoggedInFlag()).toBe(false);
  });
});
