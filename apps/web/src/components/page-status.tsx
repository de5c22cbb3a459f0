/**
 * The page's status line (WCAG 4.1.3, 2.2.1): what an action answered ("Solicitud #4:
 * Aceptada") stays on the page in a polite live region until the next page, instead of living
 * only in a toast that goes away. useNotify writes here as it shows its toast; PageLayout shows
 * the line under the page's lead. The region is on the page from the start (empty), so screen
 * readers follow it before anything is written into it.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

export type PageStatusTone = 'success' | 'danger' | 'warning' | 'medium' | 'primary';

export interface PageStatusMessage {
  text: string;
  tone: PageStatusTone;
  /** The page the message belongs to: another page starts with an empty line. */
  pathname: string;
  at: number;
  /** Written on the page before, brought along by a navigation (the new page's heading takes focus). */
  carried?: boolean;
}

/** A message written just before a navigation (saved, then taken to the result) belongs to the page it led to. */
const CARRIED_OVER_MS = 2000;

/** How long after an answer focus that falls to the page (its control gone or disabled) goes to the answer. */
const SETTLE_MS = 3000;

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
      current = { ...current, pathname, carried: true };
      for (const listener of listeners) listener();
    } else {
      clearPageStatus();
    }
  }, [pathname]);
  const shown = message && message.pathname === pathname ? message : null;
  const line = useRef<HTMLParagraphElement>(null);
  // WCAG 2.4.3: the control that answered may go or be disabled once it has (Aceptar gives way to
  // Programar), dropping focus to the page; focus then goes to the answer, not to nothing.
  const watch = shown && !shown.carried ? shown : null;
  useEffect(() => {
    if (!watch) return;
    const until = Date.now() + SETTLE_MS;
    let frame = 0;
    const check = () => {
      if (Date.now() > until || window.location.pathname !== watch.pathname) return;
      const active = document.activeElement;
      if ((active === null || active === document.body) && line.current?.isConnected) {
        line.current.focus();
        return;
      }
      frame = requestAnimationFrame(check);
    };
    check();
    return () => cancelAnimationFrame(frame);
  }, [watch]);
  return (
    <div className={shown ? `page-status page-status--${shown.tone}` : 'page-status'} role="status" aria-live="polite">
      {shown ? (
        <p ref={line} tabIndex={-1}>
          {shown.text}
        </p>
      ) : null}
    </div>
  );
}
