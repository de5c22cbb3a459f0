/**
 * A list and the item chosen from it (docs/design-system.md, "Desktop layout"). On a desktop
 * (DESKTOP_MEDIA_QUERY) an item's route shows the list beside its detail, in two columns; on a
 * phone, and on the list's own route, it shows one of them, as before.
 *
 * The address stays the item's (deep links and the back button work as on a phone); the page's
 * heading still takes focus after each navigation (lib/route-focus.ts). A page renders this on its
 * list route and on its item route at the same place, so the list keeps its state (filters, page)
 * while items are opened beside it.
 */
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import './list-detail.css';

/** Desktop screens: list and detail side by side, forms in two columns (design-system.md). */
export const DESKTOP_MEDIA_QUERY = '(min-width: 1024px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DESKTOP_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isDesktop(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP_MEDIA_QUERY).matches;
}

/** Whether the screen is a desktop's (DESKTOP_MEDIA_QUERY), following its changes. */
export function useDesktop(): boolean {
  return useSyncExternalStore(subscribe, isDesktop, () => false);
}

export interface ListDetailProps {
  /** The list, as its own route shows it. */
  list: ReactNode;
  /** The chosen item's screen; null on the list's route. */
  detail: ReactNode | null;
  /** Names the list's column (a region) when it stands beside a detail. */
  listLabel: string;
}

export function ListDetail({ list, detail, listLabel }: ListDetailProps) {
  const desktop = useDesktop();
  const { pathname } = useLocation();
  const listRef = useRef<HTMLDivElement>(null);
  const open = detail !== null;
  // An item chosen in the list opens beside it: the link keeps focus (the page did not change),
  // so focus moves to the page's heading, which names the item, as after any navigation.
  useEffect(() => {
    const column = listRef.current;
    if (!desktop || !open || !column?.contains(document.activeElement)) return;
    column.closest('.ion-page')?.querySelector<HTMLElement>('h1.page-title')?.focus({ preventScroll: true });
  }, [pathname, desktop, open]);
  if (!desktop) return <>{detail ?? list}</>;
  // The same elements with and without an item, so the list is not rebuilt when one opens.
  return (
    <div className={detail === null ? 'pv-list-detail-single' : 'pv-list-detail'}>
      <div
        ref={listRef}
        className="pv-list-detail-list"
        role={detail === null ? undefined : 'region'}
        aria-label={detail === null ? undefined : listLabel}
      >
        {list}
      </div>
      {detail === null ? null : <div className="pv-list-detail-item">{detail}</div>}
    </div>
  );
}
