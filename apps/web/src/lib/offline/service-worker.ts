/**
 * Registers the service worker (dist/sw.js) after the first paint and tells the app when a new
 * version is waiting. Applying it: the waiting worker takes over (SKIP_WAITING) and every open tab
 * reloads at once, so no page ever runs old chunks next to new ones. workbox-window loads on
 * demand: it is not part of the first screen's code.
 */
import { OUTBOX_SYNC_TAG, FLUSH_MESSAGE } from './outbox-sync-names';

type UpdateListener = (apply: (() => void) | null) => void;
const updateListeners = new Set<UpdateListener>();
let applyUpdate: (() => void) | null = null;

export function subscribeUpdate(listener: UpdateListener): () => void {
  updateListeners.add(listener);
  listener(applyUpdate);
  return () => updateListeners.delete(listener);
}

function setApply(next: (() => void) | null) {
  applyUpdate = next;
  updateListeners.forEach((l) => l(next));
}

/** Whether this runtime can have a service worker (not the native app, not the Vite dev server). */
export function serviceWorkerSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    import.meta.env.PROD &&
    !(globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor?.isNativePlatform?.()
  );
}

/**
 * A controlled tab reloads when a new worker takes over (from any tab). The very first install
 * takes control without a reload (same build as the page); from then on the tab is controlled,
 * and a new version taking over reloads it like any other — a tab opened on the first visit, then
 * kept open across a deploy, stayed on "Actualizar" with nothing happening.
 */
export function reloadOnTakeover(
  container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>,
  reload: () => void = () => window.location.reload(),
): void {
  let controlled = Boolean(container.controller);
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    reload();
  });
}

export async function registerServiceWorker(onFlushRequest: () => void): Promise<void> {
  if (!serviceWorkerSupported()) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  reloadOnTakeover(navigator.serviceWorker);
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type === FLUSH_MESSAGE) onFlushRequest();
  });
  wb.addEventListener('waiting', () => setApply(() => wb.messageSkipWaiting()));
  await wb.register();
  // Look for a new version when the app comes back to the foreground, at most hourly.
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < 60 * 60 * 1000) return;
    lastCheck = Date.now();
    void wb.update();
  });
}

/** Asks the browser to wake the worker when the connection returns (Background Sync, Chromium). */
export async function requestOutboxSync(): Promise<void> {
  if (!serviceWorkerSupported()) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await registration.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync: the `online` event and the next start send the outbox.
  }
}

/** Test hook: what the worker's `waiting` event does. */
export const __setApplyForTest = setApply;
