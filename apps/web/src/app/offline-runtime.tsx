/**
 * Offline support, loaded after the first screen: registers the service worker, shows the update
 * prompt and the "sin conexión" note, and sends the outbox at start, when the connection returns,
 * when the worker asks (Background Sync) and after a login.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { OfflineNote } from '../components/offline/offline-note';
import { UpdatePrompt } from '../components/offline/update-prompt';
import { flushOutbox } from '../lib/offline/flush';
import { registerServiceWorker } from '../lib/offline/service-worker';
import { clearOfflineCopies } from '../lib/offline/offline-copies';
import { registerSignOutHook } from '../lib/session';
import { useSession } from '../lib/use-session';

export default function OfflineRuntime() {
  const queryClient = useQueryClient();
  const user = useSession();

  useEffect(() => {
    const flush = () => {
      void flushOutbox().then((sent) => {
        if (sent) void queryClient.invalidateQueries();
      });
    };
    void registerServiceWorker(flush);
    window.addEventListener('online', flush);
    // The offline copies of one account's data are not left for the next person on this device.
    const unhook = registerSignOutHook(() => clearOfflineCopies());
    return () => {
      window.removeEventListener('online', flush);
      unhook();
    };
  }, [queryClient]);

  // At start and whenever the session changes (a login sends what waited for it).
  useEffect(() => {
    void flushOutbox().then((sent) => {
      if (sent) void queryClient.invalidateQueries();
    });
  }, [user.id, user.token, queryClient]);

  return (
    <>
      <OfflineNote />
      <UpdatePrompt />
    </>
  );
}
