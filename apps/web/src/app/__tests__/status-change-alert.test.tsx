import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { LiveUpdates } from '../../features/requests/components/live-updates';
import { InAppAlerts } from '../../features/notifications/components/in-app-alerts';

/** A stand-in EventSource the test drives by hand (the server's side is tested on its own). */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) } as MessageEvent);
  }
  close() {}
}

const toasts = () => Array.from(document.querySelectorAll('ion-toast')) as (HTMLElement & { message?: string })[];

beforeEach(() => {
  FakeEventSource.all = [];
  saveSession(
    { id: 7, tc_id: 2, id_empresa: null, token: 'token-de-prueba', name: 'Hogar', email: 'hogar@example.com' },
    'user:login',
  );
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).includes('events/ticket')
        ? new Response(
            JSON.stringify({ data: { ticket: 't1', expires_at: '', url: '/back/api/v1/events?ticket=t1' } }),
            { status: 200, headers: { 'content-type': 'application/json' } },
          )
        : new Response(JSON.stringify({ data: { items: [], total: 0, page: 1, page_size: 30, unread_count: 0 } }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
    ),
  );
});
afterEach(async () => {
  // Dismissed before removal: a removed toast's duration timer still fired later and ran Ionic's
  // dismissal in another file's test (an unhandled "requestAnimationFrame is not defined" in CI).
  for (const t of toasts()) {
    const toast = t as unknown as { dismiss?: () => Promise<boolean> };
    if (toast.dismiss) await toast.dismiss().catch(() => false);
  }
  for (const t of toasts()) t.remove();
  vi.unstubAllGlobals();
});

describe('a manager changes the status of my pickup', () => {
  it('shows one alert, not a status toast and an in-app alert', async () => {
    renderWithProviders(
      <>
        <LiveUpdates />
        <InAppAlerts />
      </>,
    );
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    const stream = FakeEventSource.all[0]!;
    act(() => {
      stream.emit('ready', { user_id: 7 });
      stream.emit('request.updated', {
        type: 'request.updated',
        request_id: 12,
        status: 'aceptada',
        point_id: 3,
        actor_id: 99,
        notified: true,
      });
      stream.emit('notification.created', {
        type: 'notification.created',
        notification_id: 40,
        title: 'Solicitud #12 aceptada',
        body: 'El punto aceptó tu solicitud.',
        link: '/app/tabs/request/12',
      });
    });
    await waitFor(() => expect(toasts().length).toBeGreaterThan(0));
    // Give a second toast every chance to appear before counting.
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts().map((t) => t.message)).toEqual(['Solicitud #12 aceptada. El punto aceptó tu solicitud.']);
  });

  it('still says so in a toast to someone who follows the request without a notification (the company)', async () => {
    renderWithProviders(<LiveUpdates />);
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    act(() => {
      FakeEventSource.all[0]!.emit('request.updated', {
        type: 'request.updated',
        request_id: 12,
        status: 'aceptada',
        point_id: 3,
        actor_id: 99,
        notified: false,
      });
    });
    await waitFor(() => expect(toasts().map((t) => t.message)).toEqual(['Solicitud #12: Aceptada']));
  });
});
