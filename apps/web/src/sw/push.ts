/**
 * Push handling for the app's service worker, as a module any worker can import (the PWA's
 * Workbox worker, or sw/push-worker.ts):
 *
 *   import { installPushHandlers } from './push';
 *   installPushHandlers(self as unknown as ServiceWorkerGlobalScope);
 *
 * - `push`: when a page of the app has focus, the notification goes to that page as a message
 *   (the page shows the in-app alert, spec §1); otherwise a system notification.
 * - `notificationclick`: reports the click (signed token in the payload, no session needed),
 *   then focuses an open page on the notification's link, or opens one.
 *
 * No imports: the worker bundle stays standalone.
 */

/** What the server pushes (contract ZPushPayload). */
export type PushPayload = {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  click: string;
  /** The scheme's logo, when staff set one. */
  icon?: string;
};

/** The message a focused page receives from the worker. */
export const PUSH_MESSAGE_TYPE = 'puntoverde:push';
// The worker bundle imports nothing, so it repeats the contract's PUSH_CLICK_PATH (a test keeps them equal).
// eslint-disable-next-line no-restricted-syntax
export const PUSH_CLICK_PATH = '/back/api/v1/notifications/push-click';
// Raster: Android's notifications show no SVG. The badge is the leaf alone (white on transparent),
// the only part of it Android's status bar keeps (scripts/make-icons.mjs).
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

export function parsePushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PushPayload>;
    if (typeof value.id !== 'number' || typeof value.title !== 'string' || typeof value.body !== 'string') return null;
    return {
      id: value.id,
      kind: typeof value.kind === 'string' ? value.kind : 'general',
      title: value.title,
      body: value.body,
      link: typeof value.link === 'string' && value.link.startsWith('/') ? value.link : null,
      click: typeof value.click === 'string' ? value.click : '',
      // The scheme's logo, same-origin only.
      ...(typeof value.icon === 'string' && value.icon.startsWith('/') ? { icon: value.icon } : {}),
    };
  } catch {
    return null;
  }
}

type Scope = {
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  location: { origin: string };
  addEventListener(type: 'push' | 'notificationclick', listener: (event: never) => void): void;
};
type WindowClientLike = { focused: boolean; url: string; postMessage(message: unknown): void; focus(): Promise<unknown>; navigate?(url: string): Promise<unknown> };
type PushEventLike = { data: { text(): string } | null; waitUntil(p: Promise<unknown>): void };
type ClickEventLike = { notification: { data: unknown; close(): void }; waitUntil(p: Promise<unknown>): void };

/** Shows the push: to a focused page of the app as a message, else as a system notification. */
export async function handlePush(scope: Scope, payload: PushPayload): Promise<'in-app' | 'system'> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const focused = windows.find((w) => w.focused);
  if (focused) {
    focused.postMessage({ type: PUSH_MESSAGE_TYPE, payload });
    return 'in-app';
  }
  await scope.registration.showNotification(payload.title, {
    body: payload.body,
    icon: payload.icon ?? ICON,
    badge: BADGE,
    tag: `notification-${payload.id}`,
    lang: 'es-CO',
    data: payload,
  });
  return 'system';
}

export async function handleClick(scope: Scope, payload: PushPayload | null): Promise<void> {
  const target = new URL(payload?.link ?? '/index', scope.location.origin).href;
  if (payload?.click) {
    await fetch(PUSH_CLICK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: payload.click }),
    }).catch(() => undefined);
  }
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => w.url.startsWith(scope.location.origin));
  if (open) {
    await open.focus();
    if (open.navigate) await open.navigate(target).catch(() => scope.clients.openWindow(target));
    return;
  }
  await scope.clients.openWindow(target);
}

export function installPushHandlers(scope: Scope): void {
  scope.addEventListener('push', ((event: PushEventLike) => {
    const payload = parsePushPayload(event.data?.text());
    if (payload) event.waitUntil(handlePush(scope, payload));
  }));
  scope.addEventListener('notificationclick', ((event: ClickEventLike) => {
    event.notification.close();
    event.waitUntil(handleClick(scope, event.notification.data as PushPayload | null));
  }));
}
