/**
 * The route announcer (WCAG 2.4.2, 2.4.3): every page names itself in `document.title` and, after
 * a navigation inside the app, takes focus on its <h1>, so a screen reader reads the new page's
 * name instead of nothing (focus would otherwise fall to <body>). The first page of a load keeps
 * the browser's own start (focus at the top of the document, the title read by the browser).
 * components/page-layout.tsx, which every route renders, is the one caller.
 */

let lastPathname: string | null = null;

/** `document.title` for a page: "Mis solicitudes · PuntoVerde". */
export function documentTitle(pageTitle: string, appName: string): string {
  return pageTitle && pageTitle !== appName ? `${pageTitle} · ${appName}` : appName;
}

/** The overlay side menu while it is open or closing (`show-menu` goes when it has closed). */
function openOverlayMenu(): HTMLElement | null {
  return document.querySelector<HTMLElement>('ion-menu.show-menu:not(.menu-pane-visible)');
}

/** How long after a navigation focus that falls back to <body> (the page still assembling) returns to the heading. */
const SETTLE_MS = 3000;

/** The heading to focus: the one given, or the page's heading that replaced it (the page re-mounted). */
function currentHeading(heading: HTMLElement): HTMLElement | null {
  return heading.isConnected ? heading : document.querySelector<HTMLElement>('h1.page-title');
}

/**
 * Focuses a page's heading. While the overlay menu is still closing (a menu item was chosen),
 * Ionic keeps focus inside the menu, so the heading takes focus once the menu has closed. While
 * the page assembles, focus that drops to <body> (a part re-rendering around it) goes back to
 * the heading; anything the person focuses meanwhile keeps it.
 */
export function focusHeading(heading: HTMLElement): void {
  const guard = () => {
    const until = Date.now() + SETTLE_MS;
    const check = () => {
      const target = currentHeading(heading);
      const active = document.activeElement;
      if (!target || Date.now() > until) return;
      if (active === null || active === document.body) target.focus({ preventScroll: true });
      else if (active !== target && active.tagName !== 'H1') return;
      requestAnimationFrame(check);
    };
    check();
  };
  const menu = openOverlayMenu();
  if (menu) menu.addEventListener('ionDidClose', guard, { once: true });
  else guard();
}

/**
 * Called by each page once it has rendered at `pathname`: after a change of path (not of the
 * query or hash: a filter or a tab), focus moves to the heading.
 */
export function announceRoute(pathname: string, heading: HTMLElement | null): void {
  const previous = lastPathname;
  lastPathname = pathname;
  if (previous === null || previous === pathname || !heading) return;
  focusHeading(heading);
}

/** Test hook: the next page is the first of a load again. */
export function resetRouteFocus(): void {
  lastPathname = null;
}
