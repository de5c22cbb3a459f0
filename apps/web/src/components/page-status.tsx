/**
 * The page's status line (WCAG 4.1.3, 2.2.1): what an action answered ("Solicitud #4:
 * Aceptada") stays on the page in a polite live region until the next page, instead of living
 * only in a toast that goes away. useNotify writes here as it shows its toast; PageLayout shows
 * the line under the page's lead. The region is on the page from the start (empty), so screen
 * readers follow it before anything is written into it.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

export type PageStatusTone = 'success' | 'danger' | 'warning' | 'medium' | 'primary';

export interface PageStatusMessage {
  text: string;
  tone: PageStatusTone;
  /** The page the message belongs to: another page starts with an empty line. */
  pathname: string;
  at: number;
}

/** A message written just before a navigation (saved, then taken to the result) belongs to the page it led to. */
const CARRIED_OVER_MS = 2000;

let current: PageStatusMessage | null = null;
const listeners = new Set<() => void>();

export function setPageStatus(text: string, tone: PageStatusTone = 'success'): void {
  current = { text, tone, pathname: window.location.pathname, at: Date.now() };
  for (const listener of listeners) listener();
}

export function clearPageStatus(): void {
  if (current === null) return;
  current = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function PageStatus() {
  const message = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const { pathname } = useLocation();
  useEffect(() => {
    if (!current || current.pathname === pathname) return;
    if (Date.now() - current.at < CARRIED_OVER_MS) {
      current = { ...current, pathname };
      for (const listener of listeners) listener();
    } else {
      clearPageStatus();
    }
  }, [pathname]);
  const shown = message && message.pathname === pathname ? message : null;
  return (
    <div className={shown ? `page-status page-status--${shown.tone}` : 'page-status'} role="status" aria-live="polite">
      {shown ? <p>{shown.text}</p> : null}
    </div>
  );
}
