/**
 * Mounts the side menu after the first paint: below the split-pane width the menu is hidden
 * until the menu button opens it, so its code (ion-menu, the menu's icons and links) is not
 * part of the JavaScript /index needs to paint. It mounts
 * - at once when the split pane shows (>= 2400px: the menu is part of the page there),
 * - when the menu button asks for it (lib/side-menu-control), or
 * - when the browser is first idle after the page has painted, so that opening it is instant.
 */
import { SPLIT_PANE_MEDIA_QUERY } from '@puntoverde/contract';
import { Suspense, lazy, useEffect, useState } from 'react';
import { onSideMenuRequested } from '../lib/side-menu-control';

const SideMenu = lazy(() => import('./side-menu').then((m) => ({ default: m.SideMenu })));

/** How long to wait for an idle moment before mounting the menu anyway. */
const IDLE_TIMEOUT_MS = 3000;

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}

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
    // After the page's first paint (effects run after it), on the first idle moment.
    const cancelIdle = whenIdle(mount);
    return () => {
      stopListening();
      query?.removeEventListener('change', onWidthChange);
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
