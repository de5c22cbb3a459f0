import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { PUSH_CLICK_PATH as CONTRACT_PUSH_CLICK_PATH } from '@puntoverde/contract';
import { PUSH_CLICK_PATH, PUSH_MESSAGE_TYPE, handleClick, handlePush, parsePushPayload, type PushPayload } from '../../../sw/push';
import { alertDuration } from '../components/in-app-alerts';

const payload: PushPayload = { id: 7, kind: 'request', title: 'Solicitud #7 aceptada', body: 'El punto aceptó tu solicitud.', link: '/app/tabs/request/7', click: '12.abc' };

function scope(windows: { focused: boolean; url: string }[]) {
  const clients = windows.map((w) => ({ ...w, postMessage: vi.fn(), focus: vi.fn(async () => undefined), navigate: vi.fn(async () => undefined) }));
  return {
    clients,
    scope: {
      registration: { showNotification: vi.fn(async () => undefined) },
      clients: { matchAll: vi.fn(async () => clients), openWindow: vi.fn(async () => undefined) },
      location: { origin: 'https://app.puntoverde.co' },
      addEventListener: vi.fn(),
    },
  };
}

describe('the service worker’s push handling', () => {
  it('reports clicks to the path the contract names (the worker bundle imports nothing)', () => {
    expect(PUSH_CLICK_PATH).toBe(CONTRACT_PUSH_CLICK_PATH);
  });

  it('hands the push to a focused page (the in-app alert) instead of a system notification', async () => {
    const { scope: s, clients } = scope([{ focused: true, url: 'https://app.puntoverde.co/index' }]);
    expect(await handlePush(s, payload)).toBe('in-app');
    expect(clients[0]!.postMessage).toHaveBeenCalledWith({ type: PUSH_MESSAGE_TYPE, payload });
    expect(s.registration.showNotification).not.toHaveBeenCalled();
  });

  it('shows a system notification when no page has focus', async () => {
    const { scope: s } = scope([{ focused: false, url: 'https://app.puntoverde.co/index' }]);
    expect(await handlePush(s, payload)).toBe('system');
    expect(s.registration.showNotification).toHaveBeenCalledWith('Solicitud #7 aceptada', expect.objectContaining({ body: payload.body, tag: 'notification-7', data: payload }));
  });

  it('names raster pictures that exist: Android shows no SVG in a notification', async () => {
    const { scope: s } = scope([]);
    await handlePush(s, payload);
    const options = (vi.mocked(s.registration.showNotification).mock.calls[0] as unknown[] | undefined)?.[1] as NotificationOptions;
    for (const url of [options.icon, options.badge]) {
      expect(url).toMatch(/^\/icons\/[\w-]+\.png$/);
      expect(existsSync(path.join(import.meta.dirname, '../../../../public', url ?? ''))).toBe(true);
    }
  });

  it('on a click reports it and opens the notification’s link in an open page', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const { scope: s, clients } = scope([{ focused: false, url: 'https://app.puntoverde.co/home' }]);
    await handleClick(s, payload);
    expect(fetchMock).toHaveBeenCalledWith('/back/api/v1/notifications/push-click', expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: '12.abc' }) }));
    expect(clients[0]!.navigate).toHaveBeenCalledWith('https://app.puntoverde.co/app/tabs/request/7');
    vi.unstubAllGlobals();
  });

  it('ignores payloads that are not ours and links that leave the app', () => {
    expect(parsePushPayload('not json')).toBeNull();
    expect(parsePushPayload(JSON.stringify({ title: 'x' }))).toBeNull();
    expect(parsePushPayload(JSON.stringify({ ...payload, link: 'https://evil.example/' }))?.link).toBeNull();
  });

  it('keeps long alerts on screen 5000 ms, short ones 3000 ms (spec §9)', () => {
    expect(alertDuration('Solicitud #7 aceptada. El punto aceptó tu solicitud.')).toBe(3000);
    expect(alertDuration('x'.repeat(81))).toBe(5000);
  });
});
