/** Helpers for menu navigation (spec §2: "Navigation adds a refresh timestamp parameter"). */
import { REFRESH_PARAM } from '@puntoverde/contract';

export function withRefreshParam(url: string, now: number = Date.now()): string {
  const [path = '', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.set(REFRESH_PARAM, String(now));
  return `${path}?${params.toString()}`;
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
