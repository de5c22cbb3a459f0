import type { NotificationList } from '@puntoverde/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { saveSession } from '../../../lib/session';
import { NotificationBell } from '../components/notification-bell';
import { NotificationCentre } from '../components/notification-centre';

const list = (unread: number): NotificationList => ({
  items: [
    { id: 2, kind: 'request', title: 'Solicitud #12 aceptada', body: 'El punto aceptó tu solicitud.', link: '/app/tabs/request/12', read_at: unread ? null : '2026-11-26T10:00:00.000Z', created_at: '2026-11-26T09:00:00.000Z' },
    { id: 1, kind: 'broadcast', title: 'Jornada de reciclaje', body: 'Este sábado.', link: null, read_at: '2026-11-25T10:00:00.000Z', created_at: '2026-11-25T09:00:00.000Z' },
  ],
  total: 2,
  page: 1,
  page_size: 30,
  unread_count: unread,
});

let calls: { url: string; method: string; body: unknown }[] = [];
let unread = 1;

beforeEach(() => {
  calls = [];
  unread = 1;
  saveSession({ id: 5, tc_id: 2, id_empresa: null, token: 'token-de-prueba', name: 'Ana', email: 'ana@example.com' }, 'user:login');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
      if (url.endsWith('/read-all')) {
        unread = 0;
        return new Response(JSON.stringify({ data: { updated: 1 } }), { status: 200 });
      }
      if (url.endsWith('/2/read')) {
        unread = 0;
        return new Response(JSON.stringify({ data: list(0).items[0] }), { status: 200 });
      }
      return new Response(JSON.stringify({ data: list(unread) }), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('notification centre', () => {
  it('asks the spec’s get-notifications-by-user with its data wrapper and lists newest first', async () => {
    renderWithProviders(<NotificationCentre />);
    expect(await screen.findByRole('heading', { name: 'Tienes 1 notificación sin leer' })).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Mis notificaciones' }));
    expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('Solicitud #12 aceptada'), expect.stringContaining('Jornada de reciclaje')]);
    expect(calls[0]).toMatchObject({ url: '/back/api/get-notifications-by-user', method: 'POST', body: { data: { page: 1, page_size: 30 } } });
    expect(screen.getByRole('link', { name: /Solicitud #12 aceptada/ }).getAttribute('href')).toBe('/app/tabs/request/12');
  });

  it('marks one read', async () => {
    renderWithProviders(<NotificationCentre />);
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como leída: Solicitud #12 aceptada' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/notifications/2/read') && c.method === 'POST')).toBe(true));
    expect(await screen.findByRole('heading', { name: 'Estás al día' })).toBeTruthy();
  });

  it('offers mark-all-read while something is unread', async () => {
    renderWithProviders(<NotificationCentre />);
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar todas como leídas' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/notifications/read-all'))).toBe(true));
    expect(await screen.findByRole('heading', { name: 'Estás al día' })).toBeTruthy();
  });

  it('shows the unread count on the bell, and no badge once read', async () => {
    const { unmount } = renderWithProviders(<NotificationBell />);
    expect(await screen.findByRole('link', { name: 'Notificaciones: 1 sin leer' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('1');
    unmount();
    unread = 0;
    renderWithProviders(<NotificationBell />);
    expect(await screen.findByRole('link', { name: 'Notificaciones' })).toBeTruthy();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });
});

function within(list: HTMLElement): HTMLElement[] {
  return Array.from(list.querySelectorAll(':scope > li'));
}
