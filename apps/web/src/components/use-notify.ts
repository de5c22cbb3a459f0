/**
 * Toasts with the spec's durations (§9): 3000 ms, 5000 ms for long texts. Every toast of the
 * app appears at the bottom, where Ionic puts them by default and where they cover no page title.
 *
 * WCAG 2.2.1 and 4.1.3: the message also stays on the page in its status line (page-status.tsx),
 * a polite live region that keeps it after the toast has gone; and the toast's time stops while
 * the pointer is over it or focus is in it, starting again in full when it leaves.
 */
import { useIonToast } from '@ionic/react';
import { TOAST_DURATION_MS, TOAST_LONG_DURATION_MS } from '@puntoverde/contract';
import { useCallback } from 'react';
import { setPageStatus } from './page-status';

const LONG_TEXT = 80;

export type NotifyColor = 'success' | 'danger' | 'warning' | 'medium' | 'primary';

type ToastElement = HTMLElement & { dismiss: () => Promise<boolean> };

/** Dismisses `toast` after `ms`, counting only while it is neither hovered nor focused. */
export function dismissWhenUnattended(toast: ToastElement, ms: number): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void toast.dismiss().catch(() => false), ms);
  };
  const pause = () => clearTimeout(timer);
  toast.addEventListener('pointerenter', pause);
  toast.addEventListener('focusin', pause);
  toast.addEventListener('pointerleave', start);
  toast.addEventListener('focusout', start);
  toast.addEventListener('ionToastWillDismiss', pause, { once: true });
  start();
}

export function useNotify() {
  const [present] = useIonToast();
  return useCallback(
    (message: string, color: NotifyColor = 'success') => {
      setPageStatus(message, color);
      void present({
        message,
        color,
        position: 'bottom',
        // The page's status line announces the message; the toast (no controls in it) would say it twice.
        htmlAttributes: { 'aria-hidden': 'true' },
        onDidPresent: (event: CustomEvent) =>
          dismissWhenUnattended(
            event.target as ToastElement,
            message.length > LONG_TEXT ? TOAST_LONG_DURATION_MS : TOAST_DURATION_MS,
          ),
      });
    },
    [present],
  );
}
