/** Helpers for menu navigation (spec §2: "Navigation adds a refresh timestamp parameter"). */
import { REFRESH_PARAM } from '@puntoverde/contract';

export function withRefreshParam(url: string, now: number = Date.now()): string {
  const [path = '', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.set(REFRESH_PARAM, String(now));
  return `${path}?${params.toString()}`;
}

/** `href` without the refresh parameter, or null when it has none. */
export function withoutRefreshParam(href: string): string | null {
  const url = new URL(href, 'http://localhost');
  if (!url.searchParams.has(REFRESH_PARAM)) return null;
  url.searchParams.delete(REFRESH_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Once a navigation has used its refresh parameter (the new history entry made the page load
 * anew), takes it out of the address bar, so shared and bookmarked links stay clean. The entry's
 * state is kept, so back and forward work as before.
 */
export function clearRefreshParamFromAddressBar(
  location: Location = window.location,
  history: History = window.history,
): void {
  const clean = withoutRefreshParam(location.href);
  if (clean !== null) history.replaceState(history.state, '', clean);
}

/** Whether `pathname` is the entry's page or one of its sub-pages (e.g. /home/12 for /home). */
export function isCurrentPath(pathname: string, url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** Clicks the browser should handle itself: new tab/window, download, non-primary button. */
export function isModifiedClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}
