/** Sends the outbox with the session of the moment; one flush at a time per tab (and across tabs with Web Locks). */
import { API_BASE_PATH } from '@puntoverde/contract';
import { API_ORIGIN } from '../api-client';
import { getCurrentUser, isLoggedIn } from '../session';
import { tokenRefresher } from '../token-refresh';
import { outbox } from './outbox-store';

let running: Promise<number> | null = null;

async function flushOnce(): Promise<number> {
  if (isLoggedIn(getCurrentUser())) await tokenRefresher.ensureFreshToken().catch(() => undefined);
  const user = getCurrentUser();
  return outbox.flush({
    fetch: (input, init) => globalThis.fetch(input, init),
    apiBase: API_ORIGIN + API_BASE_PATH,
    session: isLoggedIn(user) && user.token ? { userId: user.id, token: user.token } : null,
  });
}

/** @returns how many entries were sent. */
export function flushOutbox(): Promise<number> {
  running ??= (async () => {
    try {
      const locks = (navigator as Navigator & { locks?: LockManager }).locks;
      return locks ? await locks.request('puntoverde:outbox', flushOnce) : await flushOnce();
    } finally {
      running = null;
    }
  })();
  return running;
}
