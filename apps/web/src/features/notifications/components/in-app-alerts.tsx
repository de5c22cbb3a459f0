/**
 * The in-app alert (spec §1: with the app in focus, a push shows as an in-app alert): a toast
 * with the notification and a "Ver" action that opens its object, 3000 ms or 5000 ms for long
 * texts (spec §9). Fed by the live stream and by pushes the service worker hands to this page;
 * each notification shows once. Mounted once by the app shell while someone is logged in.
 */
import { useIonRouter, useIonToast } from '@ionic/react';
import { TOAST_DURATION_MS, TOAST_LONG_DURATION_MS } from '@puntoverde/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { announceNotification, onNotificationAnnounced, type IncomingNotification } from '../../../lib/notification-alerts';
import { PUSH_MESSAGE_TYPE, parsePushPayload } from '../../../sw/push';
import { markRead } from '../api/mark-read';

/** Texts longer than this stay 5000 ms (spec §9: "5000 ms for long"). */
export const LONG_ALERT_CHARS = 80;

export function alertDuration(text: string): number {
  return text.length > LONG_ALERT_CHARS ? TOAST_LONG_DURATION_MS : TOAST_DURATION_MS;
}

export function InAppAlerts() {
  const { t } = useTranslation();
  const [present] = useIonToast();
  const router = useIonRouter();
  const qc = useQueryClient();
  const shown = useRef(new Set<number>());
  const deps = useRef({ t, present, router, qc });
  useEffect(() => {
    deps.current = { t, present, router, qc };
  }, [t, present, router, qc]);

  useEffect(() => {
    const show = (n: IncomingNotification) => {
      const { t: tr, present: toast, router: nav, qc: client } = deps.current;
      void client.invalidateQueries({ queryKey: ['notifications'] });
      if (shown.current.has(n.id)) return;
      shown.current.add(n.id);
      const message = `${n.title}. ${n.body}`;
      void toast({
        message,
        color: 'primary',
        position: 'top',
        duration: alertDuration(message),
        cssClass: 'in-app-alert',
        buttons: n.link
          ? [
              {
                text: tr('notifications.open'),
                handler: () => {
                  void markRead(n.id).finally(() => void client.invalidateQueries({ queryKey: ['notifications'] }));
                  if (n.link) nav.push(n.link);
                },
              },
            ]
          : [{ text: tr('notifications.dismiss'), role: 'cancel' }],
      });
    };
    const off = onNotificationAnnounced(show);
    // Pushes the service worker passes to this (focused) page instead of a system notification.
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; payload?: unknown } | null;
      if (!data || data.type !== PUSH_MESSAGE_TYPE) return;
      const payload = parsePushPayload(JSON.stringify(data.payload));
      if (payload) announceNotification({ id: payload.id, title: payload.title, body: payload.body, link: payload.link, via: 'push' });
    };
    const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    container?.addEventListener('message', onMessage);
    return () => {
      off();
      container?.removeEventListener('message', onMessage);
    };
  }, []);

  return null;
}

export default InAppAlerts;
