/**
 * Notifications arriving while the app is open, from the live-updates stream or from a push
 * the service worker hands to a focused page. One tiny bus so the requests feature (which owns
 * the stream) and the notifications feature (which shows the in-app alert) never import each
 * other. The alert shows each notification id once, whichever way it came first.
 */
export type IncomingNotification = {
  id: number;
  title: string;
  body: string;
  link: string | null;
  /** How it arrived: the live stream, or a push relayed by the service worker. */
  via: 'live' | 'push';
};

type Listener = (n: IncomingNotification) => void;
const listeners = new Set<Listener>();

export function announceNotification(n: IncomingNotification): void {
  for (const listener of listeners) listener(n);
}

export function onNotificationAnnounced(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
