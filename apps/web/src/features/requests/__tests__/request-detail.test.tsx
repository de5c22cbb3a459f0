import type { PickupRequestDetail } from '@puntoverde/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RequestDetailView } from '../components/request-detail';

const base: PickupRequestDetail = {
  id: 12,
  status: 'pendiente',
  requester: { id: 5, name: 'Ana Hogar', kind: 'household', phone: '3001234567', phone_verified: true },
  company_id: null,
  point: { id: 2, name: 'ECA Laureles La 70 (demo)', address: 'Carrera 70 # 44-20', city: 'Medellín', lat: 6.2471, lng: -75.5902 },
  items: [{ material: 'pet', material_name_es: 'PET (1)', material_name_en: 'PET (1)', estimated_kg: 10, units: null, actual_kg: null }],
  address: 'Carrera 70 # 44-10',
  lat: 6.2449,
  lng: -75.5911,
  preferred_date: '2026-11-24',
  time_window: 'manana',
  notes: null,
  photos: [],
  scheduled_at: null,
  rejection_reason: null,
  cancellation_reason: null,
  collected_at: null,
  total_estimated_kg: 10,
  total_actual_kg: null,
  allowed_transitions: [],
  created_at: '2026-11-21T15:00:00.000Z',
  updated_at: '2026-11-21T15:00:00.000Z',
  timeline: [
    { id: 1, from_status: null, to_status: 'pendiente', actor: { id: 5, name: 'Ana Hogar' }, note: null, scheduled_at: null, created_at: '2026-11-21T15:00:00.000Z' },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('request detail', () => {
  it('offers the requester only «Cancelar solicitud» while the server allows it', () => {
    renderWithProviders(<RequestDetailView request={{ ...base, allowed_transitions: ['cancelada'] }} viewer="requester" />);
    expect(screen.getByRole('button', { name: 'Cancelar solicitud' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceptar' })).not.toBeInTheDocument();
    expect(screen.getByText('Creada por Ana Hogar')).toBeInTheDocument();
  });

  it('makes «Cancelar solicitud» a secondary action that asks before cancelling', () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<RequestDetailView request={{ ...base, allowed_transitions: ['cancelada'] }} viewer="requester" />);
    const cancel = screen.getByRole('button', { name: 'Cancelar solicitud' });
    expect(cancel).toHaveClass('pv-button-secondary');
    expect(cancel).not.toHaveClass('pv-button-danger');
    fireEvent.click(cancel);
    expect(screen.getByRole('form', { name: /cancelar/i })).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('shows no action once the request is final', () => {
    renderWithProviders(<RequestDetailView request={{ ...base, status: 'cancelada', allowed_transitions: [] }} viewer="requester" />);
    expect(screen.queryByRole('button', { name: 'Cancelar solicitud' })).not.toBeInTheDocument();
  });

  it('gives the manager accept and reject, and needs a reason before rejecting', async () => {
    const fetchStub = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(init?.body as string) as { status: string; reason: string };
      return new Response(
        JSON.stringify({ data: { ...base, status: body.status, rejection_reason: body.reason, allowed_transitions: [] } }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<RequestDetailView request={{ ...base, allowed_transitions: ['aceptada', 'rechazada'] }} viewer="manager" />);
    expect(screen.getByRole('button', { name: 'Aceptar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+57 300 123 4567' })).toHaveAttribute('href', 'tel:+573001234567');
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar solicitud' }));
    expect(await screen.findByText('Escribe el motivo del rechazo: el solicitante lo verá.')).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Motivo del rechazo'), { target: { value: 'Fuera de nuestra zona' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar solicitud' }));
    await waitFor(() => expect(fetchStub).toHaveBeenCalledTimes(1));
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url as string).toBe('/back/api/v1/requests/12/status');
    expect(JSON.parse(init?.body as string)).toEqual({ status: 'rechazada', reason: 'Fuera de nuestra zona' });
  });

  it('tells the manager whether the requester verified the phone by SMS', () => {
    const { unmount } = renderWithProviders(<RequestDetailView request={base} viewer="manager" />);
    expect(screen.getByText('Celular verificado')).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <RequestDetailView
        request={{ ...base, requester: { ...base.requester, phone_verified: false } }}
        viewer="manager"
      />,
    );
    expect(screen.getByText('Celular sin verificar')).toBeInTheDocument();
    expect(screen.queryByText('Celular verificado')).not.toBeInTheDocument();
  });
});
