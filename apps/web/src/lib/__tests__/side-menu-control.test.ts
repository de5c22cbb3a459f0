import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  noteMenuChoice,
  onSideMenuRequested,
  registerSideMenu,
  requestSideMenu,
  resetSideMenuControl,
  restoreMenuOpenerFocus,
  toggleSideMenu,
} from '../side-menu-control';

afterEach(() => {
  resetSideMenuControl();
  document.body.innerHTML = '';
});

/** A page on screen with its menu button and heading, and the menu holding focus. */
function pageWithOpenMenu() {
  document.body.innerHTML = `
    <div class="ion-page"><button class="menu-button">Menú</button><h1 class="page-title" tabindex="-1">Conócenos</h1></div>
    <nav class="menu"><a class="menu-link" href="/campaign">Campañas</a></nav>`;
  const button = document.querySelector<HTMLElement>('.menu-button')!;
  const menu = document.querySelector<HTMLElement>('.menu')!;
  return { button, menu, heading: document.querySelector<HTMLElement>('h1')!, link: menu.querySelector<HTMLElement>('a')! };
}

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

  it('closed without a choice, the menu gives focus back to the button that opened it', async () => {
    const { button, menu, link } = pageWithOpenMenu();
    registerSideMenu({ toggle: () => Promise.resolve(true) });
    button.focus();
    await toggleSideMenu();
    link.focus();
    restoreMenuOpenerFocus(menu);
    expect(document.activeElement).toBe(button);
  });

  it('closed after a choice, the menu puts focus on the heading of the page on screen, not on its opener', async () => {
    const { button, menu, heading, link } = pageWithOpenMenu();
    registerSideMenu({ toggle: () => Promise.resolve(true) });
    button.focus();
    await toggleSideMenu();
    link.focus();
    noteMenuChoice();
    restoreMenuOpenerFocus(menu);
    expect(document.activeElement).toBe(heading);

    // The next close without a choice goes back to the opener again.
    button.focus();
    await toggleSideMenu();
    link.focus();
    restoreMenuOpenerFocus(menu);
    expect(document.activeElement).toBe(button);
  });
});
