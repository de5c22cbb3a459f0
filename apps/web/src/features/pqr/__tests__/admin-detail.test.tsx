import type { AdminPqrDetail } from '@puntoverde/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminDetail } from '../components/admin/admin-detail';
import { pqrFields } from './fixtures';
import { fill, renderPqr, routeFetch } from './render';

const detail: AdminPqrDetail = {
  ...pqrFields,
  status: 'en_tramite',
  name: 'Ana María Pérez',
  document_type: 'CC',
  document_number: '1020304050',
  phone: null,
  answer_channel: 'email',
  requester_user_id: null,
  assignee: null,
  light: 'on_time',
  business_days_left: 10,
  original_due_date: '2026-12-15',
  transfer_due_date: '2099-01-05',
  max_extension_date: null,
  allowed_transitions: ['trasladada'],
  events: [
    {
      id: 1,
      kind: 'status',
      from_status: 'radicada',
      to_status: 'en_tramite',
      message: null,
      at: '2026-11-24T15:00:00.000Z',
      internal: false,
      actor: { id: 7, name: 'Laura Gestora' },
      attachments: [],
    },
    {
      id: 2,
      kind: 'note',
      from_status: null,
      to_status: null,
      message: 'Llamé a la ciudadana.',
      at: '2026-11-25T15:00:00.000Z',
      internal: true,
      actor: { id: 7, name: 'Laura Gestora' },
      attachments: [],
    },
  ],
};

const routes = [
  { method: 'GET', match: /admin\/pqr\/PQR-2026-000042$/, status: 200, body: { data: detail } },
  { method: 'GET', match: /admin\/pqr\/staff/, status: 200, body: { data: [] } },
];

describe('PQR back-office detail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the requester, the dates and the history with who did what', async () => {
    routeFetch(routes);
    renderPqr(<AdminDetail radicado={detail.radicado} onDone={() => {}} />, '/admin/pqr');
    const requester = await screen.findByRole('region', { name: 'Peticionario' });
    expect(within(requester).getByText('CC 1.020.304.050')).toBeInTheDocument();
    expect(within(requester).getByText('Sin cuenta')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Historial' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries[0]).toHaveTextContent(/· Laura Gestora — Estado: En trámite$/);
    expect(entries[1]).toHaveClass('pqr-internal');
    expect(entries[1]).toHaveTextContent(/· Laura Gestora — Nota internaInternaLlamé a la ciudadana\.$/);
  });

  it('moves focus into the status message form it opens, and back to its button on Cancelar', async () => {
    const askable: AdminPqrDetail = { ...detail, allowed_transitions: ['pendiente_informacion', 'trasladada'] };
    routeFetch([
      { method: 'GET', match: /admin\/pqr\/PQR-2026-000042$/, status: 200, body: { data: askable } },
      { method: 'GET', match: /admin\/pqr\/staff/, status: 200, body: { data: [] } },
    ]);
    renderPqr(<AdminDetail radicado={detail.radicado} onDone={() => {}} />, '/admin/pqr');
    const ask = await screen.findByRole('button', { name: 'Pedir información al peticionario' });
    fireEvent.click(ask);
    await waitFor(() => expect(document.getElementById('pqr-status-message')).toHaveFocus());
    const form = document.getElementById('pqr-status-message')!.closest('form')!;
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pedir información al peticionario' })).toHaveFocus());
  });

  it('adds an internal note and empties the field', async () => {
    const calls = routeFetch([
      ...routes,
      { method: 'POST', match: /PQR-2026-000042\/notes$/, status: 200, body: { data: detail } },
    ]);
    const onDone = vi.fn();
    renderPqr(<AdminDetail radicado={detail.radicado} onDone={onDone} />, '/admin/pqr');
    await screen.findByLabelText('Nota');
    fill('Nota', 'Pedir fotos al operador.');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar nota' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Nota agregada.'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ body: 'Pedir fotos al operador.' });
    expect(screen.getByLabelText('Nota')).toHaveValue('');
  });

  it('puts a server field error on the transfer form field', async () => {
    routeFetch([
      ...routes,
      {
        method: 'POST',
        match: /PQR-2026-000042\/transfer$/,
        status: 400,
        body: { code: 'validation-failed', message: 'Revisa los datos.', fields: { entity: 'Entidad desconocida.' } },
      },
    ]);
    const onDone = vi.fn();
    renderPqr(<AdminDetail radicado={detail.radicado} onDone={onDone} />, '/admin/pqr');
    await screen.findByLabelText('Entidad competente');
    fill('Entidad competente', 'Ministerio X');
    fill('Motivo del traslado', 'El asunto es de otra entidad.');
    fireEvent.click(screen.getByRole('button', { name: 'Trasladar' }));
    expect(await screen.findByText('Entidad desconocida.')).toBeInTheDocument();
    expect(screen.getByLabelText('Entidad competente')).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();
  });
});
