import { SESSION_EVENTS } from '@puntoverde/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout, saveSession, setSessionNavigator } from '../../../lib/session';
import { SocialLoginReturn } from '../components/social-login-return';
import { SocialSignInButtons } from '../components/social-sign-in-buttons';
import {
  activeSocialProvider,
  currentCompletionTicket,
  registerSocialSignOut,
  socialNavigation,
  socialStartUrl,
  forgetSocialFragment,
  readSocialFragment,
} from '../social-session';
import { renderWithProviders, stubFetch } from './render';

const google = { id: 'google', label: 'Google', start_url: '/back/api/v1/auth/social/google/start' };
const sessionUser = { id: 5, tc_id: 3, id_empresa: null, token: 'jwt', refresh_token: 'r', expires_at: '2026-11-22T00:00:00.000Z' };

describe('social session in the browser', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/auth/login');
    setSessionNavigator(() => {});
    registerSocialSignOut();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts at the server with the account kind, and asks the provider again only after a logout', async () => {
    expect(socialStartUrl(google, 'company')).toBe('/back/api/v1/auth/social/google/start?kind=company');
    saveSession({ ...sessionUser }, SESSION_EVENTS.login);
    await logout();
    expect(socialStartUrl(google)).toBe('/back/api/v1/auth/social/google/start?reauth=1');
  });

  it('reads the one-time values from the fragment and wipes them from the address bar', () => {
    window.history.replaceState(null, '', '/complete-company?x=1#ticket=abc123');
    expect(readSocialFragment()).toEqual({ code: null, ticket: 'abc123', error: null });
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?x=1');
    // A render thrown away (Suspense) and redone reads the same values...
    expect(readSocialFragment().ticket).toBe('abc123');
    // ...until the screen that showed them lets go.
    forgetSocialFragment();
    expect(readSocialFragment().ticket).toBeNull();
    // The ticket stays for this tab (switching client/company, reloading).
    expect(currentCompletionTicket()).toBe('abc123');
  });

  it('shows a "Continuar con Google" button that leaves for the provider', async () => {
    vi.stubGlobal('fetch', stubFetch({ status: 200, body: { data: [google] } }).fetchStub);
    const assign = vi.spyOn(socialNavigation, 'assign').mockImplementation(() => {});
    renderWithProviders(<SocialSignInButtons kind="company" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar con Google' }));
    expect(assign).toHaveBeenCalledWith('/back/api/v1/auth/social/google/start?kind=company');
    expect(screen.getByRole('button', { name: 'Abriendo Google…' })).toBeDisabled();
  });

  it('shows no button when no provider is configured', async () => {
    const { calls, fetchStub } = stubFetch({ status: 200, body: { data: [] } });
    vi.stubGlobal('fetch', fetchStub);
    const { container } = renderWithProviders(<SocialSignInButtons />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it('exchanges the login code once, stores the session and remembers the provider until logout', async () => {
    const { calls, fetchStub } = stubFetch({ status: 200, body: { data: sessionUser } });
    vi.stubGlobal('fetch', fetchStub);
    vi.spyOn(socialNavigation, 'assign').mockImplementation(() => {});
    window.sessionStorage.setItem('pv-social-pending', 'google');
    window.history.replaceState(null, '', '/auth/login#social_code=code-123');
    const onLoggedIn = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <SocialLoginReturn onLoggedIn={onLoggedIn} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(sessionUser));
    expect(calls).toEqual([{ url: '/back/api/v1/auth/social/session', body: { code: 'code-123' } }]);
    expect(window.location.hash).toBe('');
    expect(activeSocialProvider()).toBe('google');
    await logout();
    expect(activeSocialProvider()).toBeNull();
  });

  it('explains a failed social sign-in sent back by the server', () => {
    window.history.replaceState(null, '', '/auth/login#social_error=social-account-unverified');
    renderWithProviders(
      <MemoryRouter>
        <SocialLoginReturn onLoggedIn={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Ya existe una cuenta con ese correo, pero aún no está confirmada');
  });
});
