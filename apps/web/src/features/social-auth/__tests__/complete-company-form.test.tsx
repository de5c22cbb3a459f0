import { MESSAGES_ES, STORAGE_KEY_CURRENT_USER } from '@puntoverde/contract';
import type { SocialTicketInfo } from '@puntoverde/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompleteCompanyForm } from '../components/complete-company-form';
import { renderWithProviders, stubFetch } from './render';
import { testKit } from './test-kit';

const TICKET = 't'.repeat(43);
const info: SocialTicketInfo = {
  provider: 'google',
  provider_label: 'Google',
  email: 'ana.social@example.com',
  given_name: 'Ana',
  family_name: 'Restrepo',
  kind: 'company',
  expires_at: '2026-11-21T23:59:00.000Z',
};
const user = { id: 41, tc_id: 3, id_empresa: null, email: info.email, name: 'Reciclajes S.A.S.', token: 'jwt', refresh_token: 'r', expires_at: '2026-11-22T00:00:00.000Z' };

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValidCompany() {
  fill('Razón social', 'Reciclajes S.A.S.');
  fill('NIT', '900.123.456-8');
  fill('Teléfono', '3001234567');
  fill('Ciudad', 'Medellín');
  fill('Dirección', 'Calle 10 # 43-20');
}

describe('complete-company form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pre-fills the contact with the provider name and leaves the data-policy consent unticked', () => {
    renderWithProviders(<CompleteCompanyForm ticket={TICKET} info={info} kit={testKit} onCompleted={() => {}} />);
    expect(screen.getByLabelText('Persona de contacto')).toHaveValue('Ana Restrepo');
    expect(screen.getByLabelText('Acepto la política de datos')).not.toBeChecked();
    expect(screen.queryByLabelText(/correo/i)).toBeNull();
    expect(screen.queryByLabelText(/contraseña/i)).toBeNull();
  });

  it('shows the NIT error inline and sends nothing when the check digit is wrong', async () => {
    const { calls, fetchStub } = stubFetch();
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<CompleteCompanyForm ticket={TICKET} info={info} kit={testKit} onCompleted={() => {}} />);
    fillValidCompany();
    fill('NIT', '900.123.456-7');
    fireEvent.click(screen.getByLabelText('Acepto la política de datos'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear la cuenta de la empresa' }));
    expect(await screen.findByText(MESSAGES_ES.nit)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('requires the consent before sending', async () => {
    vi.stubGlobal('fetch', stubFetch().fetchStub);
    renderWithProviders(<CompleteCompanyForm ticket={TICKET} info={info} kit={testKit} onCompleted={() => {}} />);
    fillValidCompany();
    fireEvent.click(screen.getByRole('button', { name: 'Crear la cuenta de la empresa' }));
    expect(await screen.findByText(MESSAGES_ES.dataPolicy)).toBeInTheDocument();
  });

  it('sends the ticket and the company fields, stores the session and reports the new user', async () => {
    const { calls, fetchStub } = stubFetch({ status: 201, body: { data: user } });
    vi.stubGlobal('fetch', fetchStub);
    const onCompleted = vi.fn();
    renderWithProviders(<CompleteCompanyForm ticket={TICKET} info={info} kit={testKit} onCompleted={onCompleted} />);
    fillValidCompany();
    fireEvent.click(screen.getByLabelText('Acepto la política de datos'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear la cuenta de la empresa' }));
    await waitFor(() => expect(onCompleted).toHaveBeenCalledWith(user));
    expect(calls[0]?.url).toBe('/back/api/v1/auth/social/complete');
    expect(calls[0]?.body).toEqual({
      ticket: TICKET,
      data_user: {
        tc_id: 3,
        company_name: 'Reciclajes S.A.S.',
        nit: '900123456-8',
        contact_name: 'Ana Restrepo',
        phone: '3001234567',
        city: 'Medellín',
        address: 'Calle 10 # 43-20',
        accept_data_policy: true,
      },
    });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY_CURRENT_USER) ?? '{}')).toMatchObject({ id: 41, tc_id: 3 });
  });

  it('puts a server field error on its field (NIT already registered)', async () => {
    const message = 'Ya existe una empresa registrada con ese NIT.';
    vi.stubGlobal(
      'fetch',
      stubFetch({ status: 409, body: { code: 'nit-already-in-use', message, fields: { 'data_user.nit': message } } }).fetchStub,
    );
    renderWithProviders(<CompleteCompanyForm ticket={TICKET} info={info} kit={testKit} onCompleted={() => {}} />);
    fillValidCompany();
    fireEvent.click(screen.getByLabelText('Acepto la política de datos'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear la cuenta de la empresa' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('explains an expired ticket at the top of the form', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ status: 400, body: { code: 'social-ticket-invalid', message: 'x' } }).fetchStub,
    );
    renderWithProviders(<CompleteCompanyForm ticket={TICKET} info={info} kit={testKit} onCompleted={() => {}} />);
    fillValidCompany();
    fireEvent.click(screen.getByLabelText('Acepto la política de datos'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear la cuenta de la empresa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El enlace para completar tu registro venció o ya se usó');
  });
});
