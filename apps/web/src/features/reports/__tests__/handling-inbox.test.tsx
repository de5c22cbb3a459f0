import type { HandlerReportListItem } from '@puntoverde/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { HandlingInbox } from '../components/admin/handling-inbox';

function item(number: string, days: number): HandlerReportListItem {
  return {
    number,
    category: 'contenedor_lleno',
    category_label: 'Contenedor lleno',
    status: 'abierto',
    description: `Problema ${number}`,
    lat: 6.25,
    lng: -75.59,
    point: { id: 3, name: 'ECA Laureles' },
    created_at: '2026-11-01T12:00:00.000Z',
    updated_at: '2026-11-01T12:00:00.000Z',
    followers: 0,
    assigned_to: null,
    age_days: days,
  } as HandlerReportListItem;
}

const ITEMS = [item('REP-2026-000001', 25), item('REP-2026-000002', 12), item('REP-2026-000003', 3)];

function json(data: unknown, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
}

function renderInbox(answer: (body: { numbers: string[] }) => Response) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(init!.body as string) as { numbers: string[] };
      calls.push({ url: url instanceof Request ? url.url : url.toString(), body });
      return answer(body);
    }),
  );
  renderWithProviders(<HandlingInbox items={ITEMS} empty="Nada" />, { url: '/' });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('bulk status changes in the handling inbox', () => {
  it('shows the bar only with a selection and moves the chosen reports after a confirmation', async () => {
    const calls = renderInbox((body) => json({ data: { updated: body.numbers, failed: [] } }));
    expect(screen.queryByRole('button', { name: /Aplicar a/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar REP-2026-000001' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar REP-2026-000003' }));
    const apply = screen.getByRole('button', { name: 'Aplicar a 2 reportes' });
    expect(apply).toBeDisabled();
    expect(screen.getByRole('option', { name: /Duplicado/ })).toBeDisabled();
    fireEvent.change(screen.getByRole('combobox', { name: 'Nuevo estado' }), { target: { value: 'en_revision' } });
    fireEvent.click(apply);
    expect(calls).toHaveLength(0);
    expect(screen.getByText('¿Cambiar 2 reportes a «En revisión»?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sí, cambiar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 reportes pasaron a «En revisión».');
    expect(calls).toEqual([
      { url: '/back/api/v1/handling/reports/bulk-status', body: { numbers: ['REP-2026-000001', 'REP-2026-000003'], status: 'en_revision' } },
    ]);
    // The selection is cleared, so the bar goes away.
    expect(screen.getByRole('checkbox', { name: 'Seleccionar REP-2026-000001' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: /Aplicar a/ })).toBeNull();
  });

  it('asks for the reason to discard, selects the whole page and announces the ones that failed', async () => {
    const calls = renderInbox((body) =>
      json({ data: { updated: body.numbers.slice(1), failed: [{ number: body.numbers[0], code: 'report-transition-invalid', message: 'Ese cambio de estado no se permite.' }] } }),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todos los de esta página' }));
    expect(screen.getByRole('checkbox', { name: 'Seleccionar REP-2026-000002' })).toBeChecked();
    fireEvent.change(screen.getByRole('combobox', { name: 'Nuevo estado' }), { target: { value: 'descartado' } });
    const apply = screen.getByRole('button', { name: 'Aplicar a 3 reportes' });
    expect(apply).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Motivo (lo verá quien reportó)' }), { target: { value: 'Fuera de la zona atendida.' } });
    fireEvent.click(apply);
    fireEvent.click(screen.getByRole('button', { name: 'Sí, cambiar' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 reportes pasaron a «Descartado».'));
    expect(screen.getByRole('status')).toHaveTextContent('REP-2026-000001 no cambió: Ese cambio de estado no se permite.');
    expect(calls[0]!.body).toEqual({ numbers: ITEMS.map((r) => r.number), status: 'descartado', reason: 'Fuera de la zona atendida.' });
  });

  it('shows a refused request as an error and keeps the selection', async () => {
    renderInbox(() => json({ error: { code: 'forbidden', message: 'No tienes permiso para esto.' } }, 403));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar REP-2026-000002' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Nuevo estado' }), { target: { value: 'resuelto' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar a 1 reporte' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sí, cambiar' }));
    expect(await screen.findByRole('alert')).not.toBeEmptyDOMElement();
    expect(screen.getByRole('checkbox', { name: 'Seleccionar REP-2026-000002' })).toBeChecked();
  });
});
