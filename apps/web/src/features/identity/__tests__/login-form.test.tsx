import { ERRORS, MESSAGES_ES, SESSION_EVENTS, STORAGE_KEY_CURRENT_USER } from '@puntoverde/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initSessionFromStorage, saveSession, subscribeEvent } from '../../../lib/session';
import { householdUser } from '../../../test/fixtures';
import { LoginForm } from '../components/login-form';
import { fieldError, fill, renderWithProviders, stubFetch } from '../../../test/render';

const sessionUser = {
  id: 8,
  tc_id: 2,
  id_empresa: null,
  email: 'hogar@demo.puntoverde.co',
  name: 'Hogar Demo',
  token: 'jwt-1',
  refresh_token: 'refresh-1',
  expires_at: '2030-01-01T00:00:00.000Z',
  email_verified: true,
};

describe('login form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    initSessionFromStorage();
  });

  it('shows the Spanish messages for an empty e-mail and password and sends nothing', async () => {
    const { calls } = stubFetch();
    renderWithProviders(<LoginForm onLoggedIn={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(fieldError('Correo electrónico')).toBe(ERRORS['invalid-email'].message));
    expect(fieldError('Contraseña')).toBe(MESSAGES_ES.passwordRequired);
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('shows a wrong password inline, without a bearer token and without ending the stored session', async () => {
    saveSession(householdUser);
    const { calls } = stubFetch({ status: 401, body: { code: 'wrong-password', message: ERRORS['wrong-password'].message } });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderWithProviders(<LoginForm onLoggedIn={() => {}} />);
    fill('Correo electrónico', 'hogar@demo.puntoverde.co');
    fill('Contraseña', 'no-es-esta');
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERRORS['wrong-password'].message);
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEY_CURRENT_USER)).not.toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('stores the whole data object under currentUser and publishes user:login', async () => {
    const { calls } = stubFetch({ status: 200, body: { data: sessionUser } });
    const onLoggedIn = vi.fn();
    const published = vi.fn();
    const unsubscribe = subscribeEvent(SESSION_EVENTS.login, published);
    renderWithProviders(<LoginForm onLoggedIn={onLoggedIn} />);
    fill('Correo electrónico', '  Hogar@Demo.PuntoVerde.co ');
    fill('Contraseña', 'PuntoVerde2026!');
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(sessionUser));
    expect(calls[0]).toMatchObject({
      url: '/back/api/clientes/login',
      method: 'POST',
      body: { username: 'hogar@demo.puntoverde.co', password: 'PuntoVerde2026!' },
    });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY_CURRENT_USER) ?? 'null')).toEqual(sessionUser);
    expect(published).toHaveBeenCalledWith(sessionUser);
    unsubscribe();
  });

  it('says the server cannot be reached when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithProviders(<LoginForm onLoggedIn={() => {}} />);
    fill('Correo electrónico', 'hogar@demo.puntoverde.co');
    fill('Contraseña', 'PuntoVerde2026!');
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERRORS['network-request-failed'].message);
  });
});
