import type { OrganizationPickup, PickupRecycler } from '@puntoverde/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, routeFetch } from '../../../test/render';
import { PickupRecyclerCard } from '../components/pickup-recycler-card';
import { RouteAssignmentsPanel } from '../components/route-assignments-panel';

afterEach(() => vi.unstubAllGlobals());

const MEMBERS = [
  { id: 3, name: 'Ana María Restrepo', status: 'activo' },
  { id: 4, name: 'Jairo Gómez', status: 'activo' },
];

function pickup(overrides: Partial<OrganizationPickup> = {}): OrganizationPickup {
  return {
    request_id: 41,
    status: 'programada',
    eca_point_id: 9,
    address: 'Calle 10 # 43-20',
    lat: 6.25,
    lng: -75.59,
    pickup_date: '2026-12-03',
    scheduled_at: null,
    time_window: 'manana',
    notes: null,
    requester_first_name: 'Lucía',
    items: [],
    estimated_kg: 5,
    outcome: 'no-estaba',
    outcome_reason: 'nadie-en-casa',
    outcome_note: null,
    outcome_at: '2026-12-03T14:00:00.000Z',
    eca_name: 'ECA Laureles',
    member: { id: 3, name: 'Ana María Restrepo' },
    assigned_via: 'coordinador',
    missed_attempts: [],
    ...overrides,
  };
}

function routes(retry: { status: number; body: unknown }) {
  return routeFetch([
    { match: /\/organizations\/7\/pickups\?date=/, status: 200, body: { data: [pickup()] } },
    { match: /\/organizations\/7\/members/, status: 200, body: { data: MEMBERS } },
    { method: 'POST', match: /\/organizations\/7\/pickups\/41\/retry$/, ...retry },
  ]);
}

describe('sending a missed pickup out again', () => {
  it('sends it to the member picked and says so', async () => {
    const calls = routes({
      status: 200,
      body: {
        data: pickup({
          outcome: null,
          outcome_reason: null,
          outcome_at: null,
          member: { id: 4, name: 'Jairo Gómez' },
          missed_attempts: [
            {
              attempt: 1,
              member: { id: 3, name: 'Ana María Restrepo' },
              assigned_at: '2026-12-03T12:00:00.000Z',
              outcome_reason: 'nadie-en-casa',
              outcome_note: null,
              outcome_at: '2026-12-03T14:00:00.000Z',
              retried_at: '2026-12-03T15:00:00.000Z',
            },
          ],
        }),
      },
    });
    renderWithProviders(<RouteAssignmentsPanel orgId={7} />);
    const form = await screen.findByRole('form', { name: 'Reintentar la visita de la solicitud #41' });
    await waitFor(() => expect(within(form).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(within(form).getByLabelText('Reciclador(a)'), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Reintentar visita' }));
    expect(await within(form).findByText('Nueva visita de la solicitud #41 para Jairo Gómez.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ member_id: 4 });
  });

  it('shows the 409 when someone else sent it out first', async () => {
    routes({
      status: 409,
      body: {
        code: 'recycler-stop-already-retried',
        message: 'Esta recolección ya tiene una visita pendiente: alguien más la envió de nuevo. Actualiza la lista.',
      },
    });
    renderWithProviders(<RouteAssignmentsPanel orgId={7} />);
    const form = await screen.findByRole('form', { name: 'Reintentar la visita de la solicitud #41' });
    await waitFor(() => expect(within(form).getAllByRole('option')).toHaveLength(2));
    fireEvent.click(within(form).getByRole('button', { name: 'Reintentar visita' }));
    expect(
      await within(form).findByText('Esta recolección ya tiene una visita pendiente: alguien más la envió de nuevo. Actualiza la lista.'),
    ).toBeInTheDocument();
  });

  it('lists the missed visits and offers no retry for a pickup still to visit', async () => {
    routeFetch([
      {
        match: /\/organizations\/7\/pickups\?date=/,
        status: 200,
        body: {
          data: [
            pickup({
              outcome: null,
              outcome_reason: null,
              outcome_at: null,
              missed_attempts: [
                {
                  attempt: 1,
                  member: { id: 4, name: 'Jairo Gómez' },
                  assigned_at: '2026-12-03T12:00:00.000Z',
                  outcome_reason: 'otro',
                  outcome_note: 'La portería no abrió',
                  outcome_at: '2026-12-03T14:00:00.000Z',
                  retried_at: '2026-12-03T15:00:00.000Z',
                },
              ],
            }),
          ],
        },
      },
      { match: /\/organizations\/7\/members/, status: 200, body: { data: MEMBERS } },
    ]);
    renderWithProviders(<RouteAssignmentsPanel orgId={7} />);
    expect(await screen.findByText(/^Intento 1: Jairo Gómez, .*: Otro motivo \(La portería no abrió\)$/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Reintentar la visita de la solicitud #41' })).toBeNull();
  });
});

describe('the household’s request page', () => {
  it('tells when nobody was found and that a new visit is scheduled', async () => {
    const who: PickupRecycler = {
      first_name: 'Jairo',
      photo_url: null,
      organization: 'Asociación de Recicladores Demo',
      card_url: '/verificar-reciclador/ABC123',
      assigned_at: '2026-12-03T15:00:00.000Z',
      outcome: null,
      outcome_reason: null,
      outcome_at: null,
      missed_visits: [{ outcome_reason: 'nadie-en-casa', outcome_at: '2026-12-03T14:00:00.000Z' }],
    };
    routeFetch([{ match: /\/recyclers\/pickups\/41\/recycler$/, status: 200, body: { data: who } }]);
    renderWithProviders(<PickupRecyclerCard requestId={41} />);
    expect(
      await screen.findByText('No te encontramos el 3 de diciembre de 2026: no había nadie. Nueva visita programada.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Jairo recogerá tu reciclaje' })).toBeInTheDocument();
  });
});
