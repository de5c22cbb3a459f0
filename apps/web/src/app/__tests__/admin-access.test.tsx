import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { logout, saveSession, setSessionNavigator } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { AdminAccess } from '../admin-access';

afterEach(async () => {
  setSessionNavigator(() => undefined);
  await act(async () => {
    await logout().catch(() => undefined);
  });
});

describe('the back office guard', () => {
  it('offers visitors the login, which returns to the back office page they opened', () => {
    renderWithProviders(<AdminAccess>Panel</AdminAccess>, { url: '/admin/points?q=sur' });
    expect(screen.getByText('Inicia sesión para ver esta página.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      `/auth/login?next=${encodeURIComponent('/admin/points?q=sur')}`,
    );
    expect(screen.queryByText('Panel')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells a signed-in user without permission that the section is for staff, and shows admins the page', () => {
    act(() => saveSession({ id: 5, tc_id: 2, id_empresa: null, token: 'tok', name: 'Ana Hogar' }));
    const { unmount } = renderWithProviders(<AdminAccess>Panel</AdminAccess>, { url: '/admin' });
    expect(screen.getByRole('alert')).toHaveTextContent('Esta sección es solo para el personal administrador.');
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).toBeNull();
    unmount();
    act(() => saveSession({ id: 1, tc_id: 2, id_empresa: null, token: 'tok', name: 'Jefa', is_admin: true }));
    renderWithProviders(<AdminAccess>Panel</AdminAccess>, { url: '/admin' });
    expect(screen.getByText('Panel')).toBeInTheDocument();
  });
});
