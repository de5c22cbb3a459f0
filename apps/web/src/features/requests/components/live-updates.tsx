/**
 * Keeps the logged-in user's screens live: one EventSource (live-events.ts) while a session
 * exists; each event refreshes the queries it touches and, when someone else made the change,
 * says so in a toast. Mounted once by the app shell.
 */
import type { RealtimeEvent } from '@puntoverde/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { announceNotification } from '../../../lib/notification-alerts';
import { isLoggedIn } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import { fetchEventsTicket } from '../api/events-ticket';
import { useNotify } from '../../../components/use-notify';
import { connectLiveEvents, type LiveStatus } from '../../../lib/live-events';

export function LiveUpdates() {
  const user = useSession();
  const qc = useQueryClient();
  const { t } = useTranslation();
  const notify = useNotify();
  const loggedIn = isLoggedIn(user) && !!user.token;
  const userId = user.id;
  const handlers = useRef({ t, notify, userId });
  useEffect(() => {
    handlers.current = { t, notify, userId };
  }, [t, notify, userId]);

  useEffect(() => {
    if (!loggedIn) return;
    const onEvent = (event: RealtimeEvent) => {
      const { t: tr, notify: toast, userId: me } = handlers.current;
      switch (event.type) {
        case 'request.created':
        case 'request.updated':
          void qc.invalidateQueries({ queryKey: ['requests', 'list'] });
          void qc.invalidateQueries({ queryKey: ['requests', 'detail', event.request_id] });
          void qc.invalidateQueries({ queryKey: ['branches'] });
          // A recipient who also gets a notification for this change sees its in-app alert
          // instead: one change, one toast.
          if (event.actor_id !== me && !event.notified) {
            toast(
              event.type === 'request.created'
                ? tr('requests.live.created', { id: event.request_id })
                : tr('requests.live.updated', { id: event.request_id, status: tr(`requests.status.${event.status}`) }),
              'primary',
            );
          }
          break;
        case 'notification.created':
          void qc.invalidateQueries({ queryKey: ['notifications'] });
          // The in-app alert (features/notifications) shows it while the page is open.
          announceNotification({ id: event.notification_id, title: event.title, body: event.body, link: event.link, via: 'live' });
          break;
        case 'branch.updated':
          void qc.invalidateQueries({ queryKey: ['branches'] });
          break;
      }
    };
    const setStatus = (status: LiveStatus) => {
      document.documentElement.dataset.liveUpdates = status;
    };
    const handle = connectLiveEvents({
      getTicket: (signal) => fetchEventsTicket(signal),
      onEvent,
      onStatus: setStatus,
      // Events may have been missed while disconnected: refetch what is on screen.
      onResync: () => void qc.invalidateQueries({ queryKey: ['requests'] }),
    });
    return () => handle.close();
  }, [loggedIn, userId, qc]);

  return null;
}

export default LiveUpdates;
