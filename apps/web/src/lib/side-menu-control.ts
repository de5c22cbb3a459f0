/**
 * The side menu loads after the first paint (it is hidden below the split-pane width), so the
 * menu button, which is on every page, talks to it through this small module:
 * - `requestSideMenu()` asks the shell to mount the menu now (the shell also mounts it when
 *   the browser is idle, or at once when the split pane is showing);
 * - the menu registers its <ion-menu> element with `registerSideMenu()` once mounted;
 * - `toggleSideMenu()` (the button's click) mounts the menu if needed, then opens or closes it;
 * - `restoreMenuOpenerFocus()`, when the menu has closed without a choice (Escape, the backdrop),
 *   gives focus back to the control that opened it (WCAG 2.4.3); after a choice
 *   (`noteMenuChoice()`), focus goes to the heading of the page on screen instead.
 */
type MenuElement = Pick<HTMLIonMenuElement, 'toggle'> & { componentOnReady?: () => Promise<unknown> };

const requestListeners = new Set<() => void>();
let requested = false;
let menuElement: MenuElement | null = null;
let menuWaiters: ((element: MenuElement) => void)[] = [];
let opener: HTMLElement | null = null;
let chose = false;

export function requestSideMenu(): void {
  requested = true;
  for (const listener of requestListeners) listener();
}

/** Calls `listener` when the menu is requested (at once if it already was). */
export function onSideMenuRequested(listener: () => void): () => void {
  if (requested) listener();
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/** The mounted menu's element; `null` when it unmounts. */
export function registerSideMenu(element: MenuElement | null): void {
  menuElement = element;
  if (!element) return;
  const waiters = menuWaiters;
  menuWaiters = [];
  for (const resolve of waiters) resolve(element);
}

function mountedMenu(): Promise<MenuElement> {
  if (menuElement) return Promise.resolve(menuElement);
  requestSideMenu();
  return new Promise((resolve) => menuWaiters.push(resolve));
}

export async function toggleSideMenu(): Promise<void> {
  // Ionic blurs the focused element as the menu opens: remember it first.
  if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
    opener = document.activeElement;
  }
  const element = await mountedMenu();
  await element.componentOnReady?.();
  await element.toggle();
}

/** An entry of the menu was chosen: the menu is closing towards a page. */
export function noteMenuChoice(): void {
  chose = true;
}

/**
 * After the menu closed: when focus was left on nothing or in the hidden menu, it goes back to
 * the control that opened the menu or, when that has gone (the menu was swiped open, or its page
 * was replaced), to the menu button of the page on screen. After a choice it goes to the heading
 * of the page on screen (the new page's, or the same page's when its own entry was chosen), as
 * the route announcer does: the opener, on the page left behind, would pull focus back to it.
 */
export function restoreMenuOpenerFocus(menu: HTMLElement): void {
  const active = document.activeElement;
  const lost = active === null || active === document.body || menu.contains(active);
  const page = '.ion-page:not(.ion-page-hidden)';
  const target = chose
    ? document.querySelector<HTMLElement>(`${page} h1.page-title`)
    : opener?.isConnected
      ? opener
      : document.querySelector<HTMLElement>(`${page} .menu-button`);
  opener = null;
  chose = false;
  if (lost && target) target.focus();
}

/** Test hook: forget every registration. */
export function resetSideMenuControl(): void {
  requestListeners.clear();
  requested = false;
  menuElement = null;
  menuWaiters = [];
  opener = null;
  chose = false;
}
