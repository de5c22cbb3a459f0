/**
 * Toasts with the spec's durations (§9): 3000 ms, 5000 ms for long texts. Every toast of the
 * app appears at the bottom, where Ionic puts them by default and where they cover no page title.
 */
import { useIonToast } from '@ionic/react';
import { TOAST_DURATION_MS, TOAST_LONG_DURATION_MS } from '@puntoverde/contract';
import { useCallback } from 'react';

const LONG_TEXT = 80;

export type NotifyColor = 'success' | 'danger' | 'warning' | 'medium' | 'primary';

export function useNotify() {
  const [present] = useIonToast();
  return useCallback(
    (message: string, color: NotifyColor = 'success') => {
      void present({
        message,
        color,
        position: 'bottom',
        duration: message.length > LONG_TEXT ? TOAST_LONG_DURATION_MS : TOAST_DURATION_MS,
      });
    },
    [present],
  );
}
