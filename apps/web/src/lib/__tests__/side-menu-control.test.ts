import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  onSideMenuRequested,
  registerSideMenu,
  requestSideMenu,
  resetSideMenuControl,
  toggleSideMenu,
} from '../side-menu-control';

afterEach(() => resetSideMenuControl());

describe('side menu control', () => {
  it('a toggle before the menu is mounted asks for it, waits for it, then toggles it', async () => {
    const requested = vi.fn();
    onSideMenuRequested(requested);
    const toggle = vi.fn(() => Promise.resolve(true));

    const done = toggleSideMenu();
    expect(requested).toHaveBeenCalledTimes(1);
    expect(toggle).not.toHaveBeenCalled();

    registerSideMenu({ toggle, componentOnReady: () => Promise.resolve() });
    await done;
    expect(toggle).toHaveBeenCalledTimes(1);
  });

  it('toggles a mounted menu at once', async () => {
    const toggle = vi.fn(() => Promise.resolve(true));
    registerSideMenu({ toggle });
    await toggleSideMenu();
    await toggleSideMenu();
    expect(toggle).toHaveBeenCalledTimes(2);
  });

  it('a listener that subscribes after the request is told at once', () => {
    requestSideMenu();
    const late = vi.fn();
    onSideMenuRequested(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('after the menu unmounts, a toggle waits for the next one', async () => {
    const first = vi.fn(() => Promise.resolve(true));
    registerSideMenu({ toggle: first });
    registerSideMenu(null);
    const second = vi.fn(() => Promise.resolve(true));
    const done = toggleSideMenu();
    registerSideMenu({ toggle: second });
    await done;
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
