import { ERRORS, MESSAGES_ES, SESSION_EVENTS, STORAGE_KEY_CURRENT_USER } from '@puntoverde/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initSessionFromStorage, subscribeEvent } from '../../../lib/session';
import { SignupClientForm } from '../components/signup-client-form';
import { SignupCompanyForm } from '../components/signup-company-form';
import { fieldError, fill, renderWithProviders, stubFetch } from '../../../test/render';

const POLICY = /He leído y acepto la/;

function fillHousehold() {
  fill('Nombres', 'Valentina');
  fill('Apellidos', 'Ríos Gómez');
  fill('Número de documento', '1.036.123.456');
  fill('Correo electrónico', 'valentina@example.com');
  fill('Teléfono', '300 123 4567');
  fill('Ciudad o municipio', 'Medellín');
  fill('Contraseña', 'Reciclo-los-martes-2026');
}

function fillCompany(nit: string) {
  fill('Razón social', 'Reciclajes del Valle S.A.S.');
  fill('NIT', nit);
  fill('Persona de contacto', 'Andrés Zapata');
  fill('Correo electrónico', 'contacto@reciclajes.example.com');
  fill('Teléfono', '6044445566');
  fill('Ciudad o municipio', 'Envigado');
  fill('Dirección', 'Calle 10 # 43-20');
  fill('Contraseña', 'Reciclo-los-martes-2026');
}

describe('household sign-up form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    initSessionFromStorage();
  });

  it('starts with the data-policy consent unticked and linked to the policy page', () => {
    renderWithProviders(<SignupClientForm onSignedUp={() => {}} />);
    expect(screen.getByLabelText(POLICY)).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'política de tratamiento de datos personales' })).toHaveAttribute('href', '/data-policy');
  });

  it('shows inline Spanish messages for every missing field and sends nothing', async () => {
    const { calls } = stubFetch();
    renderWithProviders(<SignupClientForm onSignedUp={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    await waitFor(() => expect(fieldError('Nombres')).toBe(MESSAGES_ES.required));
    expect(fieldError('Apellidos')).toBe(MESSAGES_ES.required);
    expect(fieldError('Número de documento')).toBe(MESSAGES_ES.documentNumber);
    expect(fieldError('Correo electrónico')).toBe(ERRORS['invalid-email'].message);
    expect(fieldError('Teléfono')).toBe(MESSAGES_ES.phone);
    expect(fieldError('Ciudad o municipio')).toBe(MESSAGES_ES.required);
    expect(fieldError('Contraseña')).toBe(ERRORS['weak-password'].message);
    expect(fieldError(POLICY)).toBe(MESSAGES_ES.dataPolicy);
    expect(fieldError(/^Dirección/)).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('flags a password under 6 characters and hints its strength while typing', async () => {
    renderWithProviders(<SignupClientForm onSignedUp={() => {}} />);
    fill('Contraseña', 'abc');
    expect(screen.getByText('Muy corta: usa al menos 6 caracteres.')).toBeInTheDocument();
    fill('Contraseña', 'Reciclo-los-martes-2026');
    expect(screen.getByText('Muy segura.')).toBeInTheDocument();
  });

  it('puts the server field error (e-mail in use) under the e-mail field', async () => {
    const { calls } = stubFetch({
      status: 409,
      body: {
        code: 'email-already-in-use',
        message: ERRORS['email-already-in-use'].message,
        fields: { 'data_user.email': ERRORS['email-already-in-use'].message },
      },
    });
    renderWithProviders(<SignupClientForm onSignedUp={() => {}} />);
    fillHousehold();
    fireEvent.click(screen.getByLabelText(POLICY));
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    await waitFor(() => expect(fieldError('Correo electrónico')).toBe(ERRORS['email-already-in-use'].message));
    expect(calls[0]?.body).toMatchObject({
      data_user: {
        tc_id: 2,
        document_type: 'CC',
        document_number: '1036123456',
        phone: '3001234567',
        accept_data_policy: true,
      },
    });
  });
});

describe('company sign-up form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    initSessionFromStorage();
  });

  it('formats the NIT as the user types', () => {
    renderWithProviders(<SignupCompanyForm onSignedUp={() => {}} />);
    fill('NIT', '9001234567');
    expect(screen.getByLabelText('NIT')).toHaveValue('900.123.456-7');
  });

  it('shows the NIT error inline and sends nothing when the check digit is wrong', async () => {
    const { calls } = stubFetch();
    renderWithProviders(<SignupCompanyForm onSignedUp={() => {}} />);
    fillCompany('9001234567');
    fireEvent.click(screen.getByLabelText(POLICY));
    fireEvent.click(screen.getByRole('button', { name: 'Crear la cuenta de la empresa' }));
    await waitFor(() => expect(fieldError('NIT')).toBe(MESSAGES_ES.nit));
    expect(calls).toHaveLength(0);
  });

  it('signs up with the normalised NIT, stores the user and publishes user:signup', async () => {
    const created = { id: 12, tc_id: 3, id_empresa: null, email: 'contacto@reciclajes.example.com', name: 'Reciclajes del Valle S.A.S.', token: 'jwt', refresh_token: 'r', expires_at: '2030-01-01T00:00:00.000Z' };
    const { calls } = stubFetch({ status: 201, body: { data: created } });
    const onSignedUp = vi.fn();
    const published = vi.fn();
    const unsubscribe = subscribeEvent(SESSION_EVENTS.signup, published);
    renderWithProviders(<SignupCompanyForm onSignedUp={onSignedUp} />);
    fillCompany('9001234568');
    fireEvent.click(screen.getByLabelText(POLICY));
    fireEvent.click(screen.getByRole('button', { name: 'Crear la cuenta de la empresa' }));
    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith(created));
    expect(calls[0]).toMatchObject({ url: '/back/api/clientes/registro', body: { data_user: { tc_id: 3, nit: '900123456-8', phone: '6044445566' } } });
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY_CURRENT_USER) ?? 'null')).toEqual(created);
    expect(published).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
