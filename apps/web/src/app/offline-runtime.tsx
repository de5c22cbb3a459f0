/**
 * Offline support, loaded after the first screen: registers the service worker, shows the update
 * prompt and the "sin conexión" note, sends the outbox at start, when the connection returns,
 * when the worker asks (Background Sync) and after a login, and reads the lists again whenever an
 * entry has been sent.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { OfflineNote } from '../components/offline/offline-note';
import { UpdatePrompt } from '../components/offline/update-prompt';
import { flushOutbox } from '../lib/offline/flush';
import { outbox, subscribeOutbox } from '../lib/offline/outbox-store';
import { registerServiceWorker } from '../lib/offline/service-worker';
import { clearOfflineCopies } from '../lib/offline/offline-copies';
import { registerSignOutHook } from '../lib/session';
import { useSession } from '../lib/use-session';

export default function OfflineRuntime() {
  const queryClient = useQueryClient();
  const user = useSession();

  useEffect(() => {
    const flush = () => void flushOutbox();
    void registerServiceWorker(flush);
    window.addEventListener('online', flush);
    // The offline copies of one account's data are not left for the next person on this device.
    const unhook = registerSignOutHook(() => clearOfflineCopies());
    return () => {
      window.removeEventListener('online', flush);
      unhook();
    };
  }, []);

  // An entry sent by any path (this tab, another one, the worker's Background Sync, "Enviar
  // ahora"): the lists on screen are read again, so what was sent shows in them without a reload.
  useEffect(() => {
    let sent: Set<string> | null = null;
    const check = () => {
      void outbox.list().then((entries) => {
        const now = new Set(entries.filter((e) => e.state === 'sent').map((e) => e.id));
        const fresh = sent !== null && [...now].some((id) => !sent!.has(id));
        sent = now;
        if (fresh) void queryClient.invalidateQueries();
      });
    };
    check();
    return subscribeOutbox(check);
  }, [queryClient]);

  // At start and whenever the session changes (a login sends what waited for it).
  useEffect(() => {
    void flushOutbox();
  }, [user.id, user.token]);

  return (
    <>
      <OfflineNote />
      <UpdatePrompt />
    </>
  );
}
