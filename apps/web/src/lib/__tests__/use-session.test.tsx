import { LOGGED_IN_FLAG_DELAY_MS } from '@puntoverde/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { managerUser } from '../../test/fixtures';
import { initSessionFromStorage, logout, saveSession, setSessionNavigator } from '../session';
import { useIsLoggedIn, useSession } from '../use-session';

describe('session hooks', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    initSessionFromStorage();
    setSessionNavigator(() => {});
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('useSession re-renders with the new user at once', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.tc_id).toBe(0);
    act(() => {
      saveSession(managerUser);
    });
    expect(result.current).toEqual(managerUser);
  });

  it(`useIsLoggedIn follows login and logout after ${LOGGED_IN_FLAG_DELAY_MS} ms`, async () => {
    const { result } = renderHook(() => useIsLoggedIn());
    expect(result.current).toBe(false);
    act(() => {
      saveSession(managerUser);
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(LOGGED_IN_FLAG_DELAY_MS);
    });
    expect(result.current).toBe(true);
    await act(async () => {
      await logout();
    });
    act(() => {
      vi.advanceTimersByTime(LOGGED_IN_FLAG_DELAY_MS);
    });
    expect(result.current).toBe(false);
  });
});
