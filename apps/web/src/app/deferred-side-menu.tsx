/**
 * Mounts the side menu after the first paint: below the split-pane width the menu is hidden
 * until the menu button opens it, so its code (ion-menu, the menu's icons and links) is not
 * part of the JavaScript /index needs to paint. It mounts
 * - at once when the split pane shows (>= 2400px: the menu is part of the page there),
 * - when the menu button asks for it (lib/side-menu-control), or
 * - as a transition when the person first touches, clicks or types anywhere (so the next swipe
 *   from the edge opens it), or
 * - on the first idle moment some seconds after start-up, so that opening it is instant — not
 *   during start-up itself, where mounting it (ion-menu, its items, their icons) would be one
 *   more long task on a phone while the first page is still loading.
 */
import { SPLIT_PANE_MEDIA_QUERY } from '@puntoverde/contract';
import { Suspense, lazy, startTransition, useEffect, useState } from 'react';
import { afterStartup, STARTUP_QUIET_MS } from '../lib/main-thread';
import { onSideMenuRequested } from '../lib/side-menu-control';

const SideMenu = lazy(() => import('./side-menu').then((m) => ({ default: m.SideMenu })));

/** Without any interaction the menu mounts on the first idle moment this long after start-up. */
export const SIDE_MENU_IDLE_DELAY_MS = STARTUP_QUIET_MS;
/** Signs that someone is about to use the page (capture phase, passive). */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown'] as const;

function splitPaneShowing(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(SPLIT_PANE_MEDIA_QUERY).matches;
}

export function DeferredSideMenu({ contentId }: { contentId: string }) {
  const [mounted, setMounted] = useState(splitPaneShowing);

  useEffect(() => {
    if (mounted) return undefined;
    const mount = () => setMounted(true);
    const stopListening = onSideMenuRequested(mount);
    const query = typeof window.matchMedia === 'function' ? window.matchMedia(SPLIT_PANE_MEDIA_QUERY) : null;
    const onWidthChange = () => {
      if (query?.matches) mount();
    };
    query?.addEventListener('change', onWidthChange);
    const onIntent = () => startTransition(mount);
    for (const type of INTENT_EVENTS)
      document.addEventListener(type, onIntent, { capture: true, passive: true, once: true });
    const cancelIdle = afterStartup(() => startTransition(mount), SIDE_MENU_IDLE_DELAY_MS);
    return () => {
      stopListening();
      query?.removeEventListener('change', onWidthChange);
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, { capture: true });
      cancelIdle();
    };
  }, [mounted]);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SideMenu contentId={contentId} />
    </Suspense>
  );
}
