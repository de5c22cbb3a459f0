/** Toasts with the spec's durations (§9): 3000 ms, 5000 ms for long texts. */
import { useIonToast } from '@ionic/react';
import { TOAST_DURATION_MS, TOAST_LONG_DURATION_MS } from '@puntoverde/contract';
import { useCallback } from 'react';

const LONG_TEXT = 80;

export function useNotify() {
  const [present] = useIonToast();
  return useCallback(
    (message: string, color: 'success' | 'danger' | 'medium' | 'primary' = 'success') => {
      void present({
        message,
        color,
        position: 'top',
        duration: message.length > LONG_TEXT ? TOAST_LONG_DURATION_MS : TOAST_DURATION_MS,
      });
    },
    [present],
  );
}
