import type { SocialTicketInfo } from '@puntoverde/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompleteClientForm } from '../components/complete-client-form';
import { renderWithProviders, stubFetch } from './render';
import { testKit } from './test-kit';

const TICKET = 'k'.repeat(43);
const info: SocialTicketInfo = {
  provider: 'apple',
  provider_label: 'Apple',
  email: 'laura@example.com',
  given_name: 'Laura',
  family_name: 'Gómez',
  kind: 'client',
  expires_at: '2026-11-21T23:59:00.000Z',
};

describe('complete-client form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pre-fills the names the provider gave and offers the three document types', () => {
    renderWithProviders(<CompleteClientForm ticket={TICKET} info={info} kit={testKit} onCompleted={() => {}} />);
    expect(screen.getByLabelText('Nombres')).toHaveValue('Laura');
    expect(screen.getByLabelText('Apellidos')).toHaveValue('Gómez');
    const documentType = screen.getByLabelText('Tipo de documento');
    expect(documentType).toHaveValue('CC');
    expect([...(documentType as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Cédula de ciudadanía',
      'Cédula de extranjería',
      'Pasaporte',
    ]);
    expect(screen.getByLabelText('Acepto la política de datos')).not.toBeChecked();
  });

  it('sends the household fields with the ticket (the address is optional)', async () => {
    const user = { id: 3, tc_id: 2, id_empresa: null, token: 'jwt', refresh_token: 'r', expires_at: '2026-11-22T00:00:00.000Z' };
    const { calls, fetchStub } = stubFetch({ status: 201, body: { data: user } });
    vi.stubGlobal('fetch', fetchStub);
    const onCompleted = vi.fn();
    renderWithProviders(<CompleteClientForm ticket={TICKET} info={info} kit={testKit} onCompleted={onCompleted} />);
    fireEvent.change(screen.getByLabelText('Número de documento'), { target: { value: '1.020.304.050' } });
    fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: '300 123 4567' } });
    fireEvent.change(screen.getByLabelText('Ciudad'), { target: { value: 'Envigado' } });
    fireEvent.click(screen.getByLabelText('Acepto la política de datos'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    await waitFor(() => expect(onCompleted).toHaveBeenCalledWith(user));
    expect(calls[0]?.body).toEqual({
      ticket: TICKET,
      data_user: {
        tc_id: 2,
        first_name: 'Laura',
        last_name: 'Gómez',
        document_type: 'CC',
        document_number: '1020304050',
        phone: '3001234567',
        city: 'Envigado',
        accept_data_policy: true,
      },
    });
  });
});
