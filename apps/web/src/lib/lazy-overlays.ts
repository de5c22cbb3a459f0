/**
 * `useIonToast` and `useIonAlert` with the same signatures as @ionic/react's, but the toast and
 * alert custom elements load on first use instead of with the first paint of every page.
 * The build (build/ionic-per-component.ts) serves these for imports of the two hooks from
 * '@ionic/react'; type-checking and unit tests keep using Ionic's own. The controllers load with
 * the element (lazy-overlay-controllers.ts): Ionic's overlay code is ~4 KiB gzip that a page
 * showing no toast never needs.
 */
import type { AlertOptions, ToastOptions } from '@ionic/core/components';
import { useMemo } from 'react';

type OverlayHooks = {
  onWillPresent?: (event: CustomEvent) => void;
  onDidPresent?: (event: CustomEvent) => void;
  onWillDismiss?: (event: CustomEvent) => void;
  onDidDismiss?: (event: CustomEvent) => void;
};

type OverlayElement = HTMLElement & { present: () => Promise<void> };

function wire(element: OverlayElement, hooks: OverlayHooks) {
  const pairs: [keyof OverlayHooks, string][] = [
    ['onWillPresent', 'ionToastWillPresent'],
    ['onDidPresent', 'ionToastDidPresent'],
    ['onWillDismiss', 'ionToastWillDismiss'],
    ['onDidDismiss', 'ionToastDidDismiss'],
  ];
  const tag = element.tagName.toLowerCase() === 'ion-alert' ? 'Alert' : 'Toast';
  for (const [hook, event] of pairs) {
    const handler = hooks[hook];
    if (handler) element.addEventListener(event.replace('Toast', tag), handler as EventListener);
  }
}

function splitHooks<T extends OverlayHooks>(options: T): [Omit<T, keyof OverlayHooks>, OverlayHooks] {
  const { onWillPresent, onDidPresent, onWillDismiss, onDidDismiss, ...rest } = options;
  return [rest, { onWillPresent, onDidPresent, onWillDismiss, onDidDismiss }];
}

let toastDefined: Promise<void> | undefined;
let alertDefined: Promise<void> | undefined;
const controllers = () => import('./lazy-overlay-controllers');

export function useIonToast() {
  return useMemo(
    () =>
      [
        async (messageOrOptions: string | (ToastOptions & OverlayHooks), duration?: number): Promise<void> => {
          toastDefined ??= import('@ionic/core/components/ion-toast.js').then((m) => m.defineCustomElement());
          await toastDefined;
          const [options, hooks] = splitHooks(
            typeof messageOrOptions === 'string' ? { message: messageOrOptions, duration } : messageOrOptions,
          );
          const { toastController } = await controllers();
          const element = (await toastController.create(options)) as unknown as OverlayElement;
          wire(element, hooks);
          await element.present();
        },
        async (data?: unknown, role?: string) => (await controllers()).toastController.dismiss(data, role),
      ] as const,
    [],
  );
}

export function useIonAlert() {
  return useMemo(
    () =>
      [
        async (
          messageOrOptions: string | (AlertOptions & OverlayHooks),
          buttons?: AlertOptions['buttons'],
        ): Promise<void> => {
          alertDefined ??= import('@ionic/core/components/ion-alert.js').then((m) => m.defineCustomElement());
          await alertDefined;
          const [options, hooks] = splitHooks(
            typeof messageOrOptions === 'string'
              ? { message: messageOrOptions, buttons: buttons ?? [{ text: 'Ok' }] }
              : messageOrOptions,
          );
          const { alertController } = await controllers();
          const element = (await alertController.create(options)) as unknown as OverlayElement;
          wire(element, hooks);
          await element.present();
        },
        async (data?: unknown, role?: string) => (await controllers()).alertController.dismiss(data, role),
      ] as const,
    [],
  );
}
