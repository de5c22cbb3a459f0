/**
 * Turning push on for this browser, always after a user action that explains why (never on
 * load): permission → the service worker → a Web Push subscription with the server's VAPID key
 * → register-notifications → the `player_id` kept for the next login (lib/push-device.ts).
 */
import { setPlayerId } from '../../lib/push-device';
import { fetchPushKey, registerDevice } from './api/register-device';

/** The app's service worker (src/sw/sw.ts, built into /sw.js), which handles pushes too. */
export const PUSH_WORKER_URL = '/sw.js';

export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The worker handling pushes: the app's service worker, registered now if the app has not yet. */
export async function pushRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

export async function enablePush(): Promise<'enabled' | 'denied' | 'unsupported'> {
  if (pushSupport() === 'unsupported') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await pushRegistration();
  const key = await fetchPushKey();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  const json = subscription.toJSON();
  const device = await registerDevice({
    kind: 'webpush',
    subscription: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
  });
  setPlayerId(device.player_id);
  return 'enabled';
}
