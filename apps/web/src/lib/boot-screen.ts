/**
 * The boot screen (index.html's #boot, with the page's title and, in demo mode, the demo note
 * rendered by the server) covers the app from the first paint until the first page has rendered
 * under it: the person never sees the empty shell between React's first commit and the page's
 * code arriving. Whichever comes first takes it away: the first page's layout, or a safety delay.
 *
 * On the public pages the server also writes the page's content into it (a `.boot-content`
 * frame: apps/server/src/page-frames.ts). Those stay until the app's page shows the same content:
 * its body has rendered and nothing in it is still loading (`aria-busy="true"`, which the lists,
 * the point and the about page set while they fetch) — so the content never flashes back to a
 * skeleton.
 */
export const BOOT_SCREEN_ID = 'boot';

/** If no page has rendered by then (a failed chunk, an error), the boot screen goes anyway. */
export const BOOT_SCREEN_MAX_MS = 10_000;

/**
 * How long a content frame may wait for the app's page to show the same content once the page
 * has rendered: the frame covers the app and takes no clicks, so a section that keeps loading
 * (a location that never comes) must not hold the page.
 */
export const BOOT_CONTENT_WAIT_MS = 1_500;

let dismissed = false;
let removed = false;
let observer: MutationObserver | undefined;

function remove(): void {
  if (removed) return;
  removed = true;
  observer?.disconnect();
  observer = undefined;
  document.getElementById(BOOT_SCREEN_ID)?.remove();
}

function afterPaint(fn: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(fn);
  else fn();
}

/** Whether the app's page shows its content: a body beyond the demo note, banners and lead, nothing loading. */
export function pageContentReady(root: ParentNode): boolean {
  const body = root.querySelector('main .page-body');
  if (!body) return false;
  // The demo note, banners and the page's lead paragraph come with the page's frame: content is what follows them.
  const frame = ['pv-demo-note', 'page-banner', 'page-lead'];
  const content = [...body.children].some((child) => !frame.some((name) => child.classList.contains(name)));
  return content && !body.querySelector('[aria-busy="true"]');
}

/**
 * Removes the boot screen once the frame the caller just committed has been painted (with a
 * content frame: once the page's content has, or BOOT_CONTENT_WAIT_MS later).
 */
export function dismissBootScreen(): void {
  if (dismissed) return;
  dismissed = true;
  const boot = document.getElementById(BOOT_SCREEN_ID);
  const root = document.getElementById('root');
  if (!boot?.querySelector('.boot-content') || !root || typeof MutationObserver !== 'function') {
    afterPaint(remove);
    return;
  }
  const check = () => {
    if (pageContentReady(root)) afterPaint(remove);
  };
  observer = new MutationObserver(check);
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  setTimeout(() => afterPaint(remove), BOOT_CONTENT_WAIT_MS);
  check();
}

/** Called once at start: the boot screen cannot outstay `maxMs`. */
export function limitBootScreen(maxMs = BOOT_SCREEN_MAX_MS): void {
  setTimeout(() => {
    dismissed = true;
    afterPaint(remove);
  }, maxMs);
}

/** Test hook. */
export function resetBootScreen(): void {
  dismissed = false;
  removed = false;
  observer?.disconnect();
  observer = undefined;
}
