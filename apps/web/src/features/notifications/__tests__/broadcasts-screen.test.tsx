import type { Broadcast, SentNotificationsReport } from '@puntoverde/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { BroadcastsScreen, bogotaLocalToIso } from '../components/admin/broadcasts-screen';

const sent: Broadcast = {
  id: 4,
  title: 'Jornada de reciclaje',
  body: 'Este sábado en el parque.',
  link: '/campaign',
  audience: { type: 'city', city: 'Envigado' },
  send_at: '2026-11-20T15:00:00.000Z',
  status: 'sent',
  recipients: 1200,
  figures: { queued: 900, delivered: 850, failed: 12, clicked: 40, pending: 38 },
  created_at: '2026-11-20T15:00:00.000Z',
};

const report = (items: Broadcast[]): SentNotificationsReport => ({
  by_kind: [{ kind: 'broadcast', records: 1200, figures: sent.figures }],
  broadcasts: { items, total: items.length, page: 1, page_size: 10 },
});

let calls: { url: string; method: string; body: unknown }[] = [];
let broadcasts: Broadcast[] = [];

beforeEach(() => {
  calls = [];
  broadcasts = [sent];
  saveSession({ id: 1, tc_id: 2, id_empresa: null, token: 'token-staff', name: 'Staff', email: 'staff@example.com', is_admin: true }, 'user:login');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ url, method: init.method ?? 'GET', body });
      const json = (status: number, data: unknown) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      if (url.includes('get-notifications')) return json(200, { data: report(broadcasts) });
      if (url.includes('broadcasts/audience')) return json(200, { data: { users: 3400, push_devices: 1250 } });
      if (url.endsWith('/admin/broadcasts') && init.method === 'POST') {
        const created: Broadcast = { ...sent, id: 5, title: 'Nuevo horario', body: 'El punto abre a las 8.', audience: { type: 'tc_id', tc_id: 2 }, recipients: 3400, figures: { queued: 1250, delivered: 0, failed: 0, clicked: 0, pending: 1250 } };
        broadcasts = [created, sent];
        return json(201, { data: created });
      }
      return json(404, { code: 'not-found', message: 'No encontrado' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('back office: broadcasts', () => {
  it('lists what was sent with its delivery figures, through get-notifications', async () => {
    renderWithProviders(<BroadcastsScreen />);
    const table = await screen.findByRole('table', { name: 'Envíos masivos y sus cifras de entrega' });
    const row = within(table).getByRole('row', { name: /Jornada de reciclaje/ });
    expect(within(row).getByText('Personas de Envigado')).toBeInTheDocument();
    // es-CO numbers: 1.200 people, 850 delivered, 40 opened.
    expect(within(row).getByText('1.200')).toBeInTheDocument();
    expect(within(row).getByText('850')).toBeInTheDocument();
    expect(within(row).getByText('40')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/back/api/get-notifications', method: 'POST', body: { data: { page: 1, page_size: 10 } } });
  });

  it('previews the notice, confirms with its reach, then sends it to one kind of account', async () => {
    renderWithProviders(<BroadcastsScreen />);
    fireEvent.input(screen.getByLabelText('Título'), { target: { value: 'Nuevo horario' } });
    fireEvent.input(screen.getByLabelText('Mensaje'), { target: { value: 'El punto abre a las 8.' } });
    const preview = screen.getByTestId('broadcast-preview');
    await waitFor(() => expect(preview).toHaveTextContent('Nuevo horario'));
    expect(preview).toHaveTextContent('El punto abre a las 8.');
    fireEvent.click(screen.getByRole('radio', { name: 'Un tipo de cuenta' }));
    fireEvent.change(await screen.findByLabelText('Tipo de cuenta'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Revisar envío' }));

    const confirm = await screen.findByRole('region', { name: 'Confirma el envío' });
    expect(confirm).toHaveTextContent('Cuentas de tipo Hogar');
    expect(confirm).toHaveTextContent('3.400 personas (1.250 dispositivos con push)');
    expect(calls.some((c) => c.url === '/back/api/v1/admin/broadcasts/audience?type=tc_id&tc_id=2')).toBe(true);
    // Nothing is sent before the confirmation.
    expect(calls.some((c) => c.url.endsWith('/admin/broadcasts'))).toBe(false);

    fireEvent.click(within(confirm).getByRole('button', { name: 'Enviar ahora' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Enviado a 3.400 personas');
    expect(calls.find((c) => c.url.endsWith('/admin/broadcasts'))?.body).toEqual({
      title: 'Nuevo horario',
      body: 'El punto abre a las 8.',
      link: null,
      audience: { type: 'tc_id', tc_id: 2 },
    });
    await screen.findByRole('row', { name: /Nuevo horario/ });
  });

  it('refuses a scheduled time in the past and a link that is not an app path, before asking anything', async () => {
    renderWithProviders(<BroadcastsScreen />);
    fireEvent.input(screen.getByLabelText('Título'), { target: { value: 'Aviso' } });
    fireEvent.input(screen.getByLabelText('Mensaje'), { target: { value: 'Texto del aviso' } });
    fireEvent.input(screen.getByLabelText(/Enlace dentro de la app/), { target: { value: 'https://example.com' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Programar' }));
    fireEvent.input(await screen.findByLabelText('Fecha y hora del envío'), { target: { value: '2020-01-01T08:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Revisar envío' }));
    expect(await screen.findByText('Usa una ruta de la app que empiece con /, por ejemplo /campaign.')).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText(/Enlace dentro de la app/), { target: { value: '/campaign' } });
    fireEvent.click(screen.getByRole('button', { name: 'Revisar envío' }));
    expect(await screen.findByText('Esa fecha ya pasó: elige una futura.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('audience'))).toBe(false);
  });

  it('reads a scheduled time as Bogotá time', () => {
    expect(bogotaLocalToIso('2026-12-05T09:00')).toBe('2026-12-05T14:00:00.000Z');
  });
});
