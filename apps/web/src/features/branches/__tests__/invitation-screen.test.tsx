import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, jsonResponse } from '../../../test/render';
import { InvitationScreen } from '../components/invitation-screen';

afterEach(() => vi.unstubAllGlobals());

describe('branch invitation screen', () => {
  it('says the link is incomplete when it has no token', () => {
    renderWithProviders(<InvitationScreen token={null} dataPolicyPath="/data-policy" onAccepted={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('le falta el código');
  });

  it('explains an expired or used link with the server’s message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(400, { code: 'invalid-token', message: 'El enlace no es válido o ya venció. Pide uno nuevo.' })));
    renderWithProviders(<InvitationScreen token={'t'.repeat(43)} dataPolicyPath="/data-policy" onAccepted={() => undefined} />);
    expect(await screen.findByText('El enlace no es válido o ya venció. Pide uno nuevo.')).toBeInTheDocument();
  });

  it('sets the password once both match and the policy is accepted, then hands over the session', async () => {
    const session = { id: 9, tc_id: 3, id_empresa: 3, name: 'Sede Belén', token: 'jwt', refresh_token: 'r', expires_at: '2026-11-21T16:00:00Z' };
    const fetchStub = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) =>
      (url as string).endsWith('/preview')
        ? jsonResponse(200, { data: { email: 'sede@example.com', branch_name: 'Sede Belén', company_name: 'Reciclemos S.A.S.', expires_at: '2026-11-28T15:00:00Z' } })
        : jsonResponse(200, { data: session }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const onAccepted = vi.fn();
    renderWithProviders(<InvitationScreen token={'t'.repeat(43)} dataPolicyPath="/data-policy" onAccepted={onAccepted} />);
    expect(await screen.findByRole('heading', { name: 'Bienvenida, Sede Belén' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Sede-Belen-Recicla-2026' } });
    fireEvent.change(screen.getByLabelText('Repite la contraseña'), { target: { value: 'otra-cosa-distinta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear contraseña y entrar' }));
    expect(await screen.findByText('Debes aceptar la política de tratamiento de datos personales.')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText(/Acepto la política/));
    fireEvent.click(screen.getByRole('button', { name: 'Crear contraseña y entrar' }));
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    expect(fetchStub.mock.calls.some(([url]) => (url as string).endsWith('/accept'))).toBe(false);
    fireEvent.change(screen.getByLabelText('Repite la contraseña'), { target: { value: 'Sede-Belen-Recicla-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear contraseña y entrar' }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith(session));
    const accept = fetchStub.mock.calls.find(([url]) => (url as string).endsWith('/accept'))!;
    expect(JSON.parse(accept[1]!.body as string)).toEqual({ token: 't'.repeat(43), password: 'Sede-Belen-Recicla-2026', accept_data_policy: true });
  });
});
