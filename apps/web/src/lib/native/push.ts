/**
 * Push registration. In the app: the Push Notifications plugin asks for the OS permission,
 * registers with FCM (Android) or APNs (iOS) and hands back the device token, which goes to the
 * server through the same `register-notifications` call the web uses (kind `fcm` / `apns`
 * instead of `webpush`). On the web: the browser's Push API through the service worker (the web
 * push module passes its own `webSubscribe`).
 */
import { isNativePlatform, platform } from './platform';

export type PushRegistration = { kind: 'fcm' | 'apns' | 'webpush'; token: string };
export type PushOutcome =
  { status: 'registered'; registration: PushRegistration } | { status: 'denied' } | { status: 'unsupported' };

type Listener = { remove(): Promise<void> };
type NativePush = {
  requestPermissions(): Promise<{ receive: string }>;
  register(): Promise<void>;
  addListener(event: 'registration', cb: (token: { value: string }) => void): Promise<Listener>;
  addListener(event: 'registrationError', cb: (error: { error: string }) => void): Promise<Listener>;
};

const loadNative = async (): Promise<NativePush> => (await import('@capacitor/push-notifications')).PushNotifications;

export async function registerForPush(deps: {
  /** Sends the registration to the server (`register-notifications`). */
  send: (registration: PushRegistration) => Promise<void>;
  /** The web path: subscribe with the Push API; null when the browser cannot. */
  webSubscribe?: () => Promise<string | null>;
  native?: () => Promise<NativePush>;
  isNative?: boolean;
  os?: string;
}): Promise<PushOutcome> {
  if (!(deps.isNative ?? isNativePlatform())) {
    if (!deps.webSubscribe || typeof Notification === 'undefined') return { status: 'unsupported' };
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return { status: 'denied' };
    const subscription = await deps.webSubscribe();
    if (!subscription) return { status: 'unsupported' };
    const registration: PushRegistration = { kind: 'webpush', token: subscription };
    await deps.send(registration);
    return { status: 'registered', registration };
  }
  const push = await (deps.native ?? loadNative)();
  const permission = await push.requestPermissions();
  if (permission.receive !== 'granted') return { status: 'denied' };
  const listeners: Promise<Listener>[] = [];
  const token = await new Promise<string>((resolve, reject) => {
    listeners.push(
      push.addListener('registration', (t) => resolve(t.value)),
      push.addListener('registrationError', (e) => reject(new Error(e.error))),
    );
    void push.register().catch(reject);
  }).finally(() => void Promise.all(listeners).then((ls) => ls.forEach((l) => void l.remove())));
  const registration: PushRegistration = { kind: (deps.os ?? platform()) === 'ios' ? 'apns' : 'fcm', token };
  await deps.send(registration);
  return { status: 'registered', registration };
}
