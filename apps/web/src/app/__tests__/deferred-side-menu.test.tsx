import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestSideMenu, resetSideMenuControl } from '../../lib/side-menu-control';
import { DeferredSideMenu, SIDE_MENU_IDLE_DELAY_MS } from '../deferred-side-menu';

// The real menu needs Ionic's web components; what is tested here is when the shell mounts it.
vi.mock('../side-menu', () => ({ SideMenu: () => <nav aria-label="menu de prueba" /> }));

/** Lets the lazy import resolve and React commit. */
async function settle() {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

describe('DeferredSideMenu', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetSideMenuControl();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays out of start-up: not mounted before the idle delay, mounted on the idle moment after it', async () => {
    render(<DeferredSideMenu contentId="main" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SIDE_MENU_IDLE_DELAY_MS - 100);
    });
    expect(screen.queryByRole('navigation', { name: 'menu de prueba' })).not.toBeInTheDocument();
    await act(async () => {
      // jsdom has no requestIdleCallback: the fallback waits 200 ms.
      await vi.advanceTimersByTimeAsync(400);
    });
    await settle();
    expect(screen.getByRole('navigation', { name: 'menu de prueba' })).toBeInTheDocument();
  });

  it('mounts as soon as someone touches the page', async () => {
    render(<DeferredSideMenu contentId="main" />);
    await settle();
    expect(screen.queryByRole('navigation', { name: 'menu de prueba' })).not.toBeInTheDocument();
    act(() => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    await settle();
    expect(screen.getByRole('navigation', { name: 'menu de prueba' })).toBeInTheDocument();
  });

  it('mounts at once when the menu button asks for it', async () => {
    render(<DeferredSideMenu contentId="main" />);
    act(() => requestSideMenu());
    await settle();
    expect(screen.getByRole('navigation', { name: 'menu de prueba' })).toBeInTheDocument();
  });
});
