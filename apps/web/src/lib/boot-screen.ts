/**
 * The boot screen (index.html's #boot, with the page's title and, in demo mode, the demo note
 * rendered by the server) covers the app from the first paint until the first page has rendered
 * under it: the person never sees the empty shell between React's first commit and the page's
 * code arriving. Whichever comes first takes it away: the first page's layout, or a safety delay.
 */
export const BOOT_SCREEN_ID = 'boot';

/** If no page has rendered by then (a failed chunk, an error), the boot screen goes anyway. */
export const BOOT_SCREEN_MAX_MS = 10_000;

let dismissed = false;

/** Removes the boot screen once the frame the caller just committed has been painted. */
export function dismissBootScreen(): void {
  if (dismissed) return;
  dismissed = true;
  const remove = () => document.getElementById(BOOT_SCREEN_ID)?.remove();
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(remove);
  else remove();
}

/** Called once at start: the boot screen cannot outstay `maxMs`. */
export function limitBootScreen(maxMs = BOOT_SCREEN_MAX_MS): void {
  setTimeout(dismissBootScreen, maxMs);
}

/** Test hook. */
export function resetBootScreen(): void {
  dismissed = false;
}
