import { MESSAGES_ES } from '@puntoverde/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm } from '../components/change-password-form';
import { ResetPasswordForm } from '../components/reset-password-form';
import { fieldError, fill, renderWithProviders, stubFetch } from '../../../test/render';

describe('reset password form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the same password twice', async () => {
    const { calls } = stubFetch();
    renderWithProviders(<ResetPasswordForm token={'x'.repeat(43)} onReset={() => {}} />);
    fill('Nueva contraseña', 'Reciclo-los-martes-2026');
    fill('Repite la nueva contraseña', 'Reciclo-los-martes-2025');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar la nueva contraseña' }));
    await waitFor(() => expect(fieldError('Repite la nueva contraseña')).toBe(MESSAGES_ES.passwordsDiffer));
    expect(calls).toHaveLength(0);
  });

  it('offers a new link when the server says the link is used or expired', async () => {
    const { calls } = stubFetch({
      status: 400,
      body: { code: 'invalid-token', message: 'El enlace no es válido o ya venció. Pide uno nuevo.', fields: { token: 'El enlace no es válido o ya venció. Pide uno nuevo.' } },
    });
    renderWithProviders(<ResetPasswordForm token={'x'.repeat(43)} onReset={() => {}} />);
    fill('Nueva contraseña', 'Reciclo-los-martes-2026');
    fill('Repite la nueva contraseña', 'Reciclo-los-martes-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar la nueva contraseña' }));
    expect(await screen.findByRole('link', { name: 'Pedir un enlace nuevo' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(calls[0]).toMatchObject({ url: '/back/api/v1/auth/reset-password', body: { token: 'x'.repeat(43), password: 'Reciclo-los-martes-2026' } });
  });
});

describe('change password form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rejects a new password equal to the current one', async () => {
    const { calls } = stubFetch();
    renderWithProviders(<ChangePasswordForm personal={[]} onChanged={() => {}} />);
    fill('Contraseña actual', 'PuntoVerde2026!');
    fill('Nueva contraseña', 'PuntoVerde2026!');
    fill('Repite la nueva contraseña', 'PuntoVerde2026!');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(fieldError('Nueva contraseña')).toBe(MESSAGES_ES.samePassword));
    expect(calls).toHaveLength(0);
  });

  it('shows a wrong current password under that field', async () => {
    stubFetch({
      status: 400,
      body: { code: 'wrong-current-password', message: 'La contraseña actual no es correcta.', fields: { current_password: 'La contraseña actual no es correcta.' } },
    });
    renderWithProviders(<ChangePasswordForm personal={[]} onChanged={() => {}} />);
    fill('Contraseña actual', 'otra-cosa');
    fill('Nueva contraseña', 'Reciclo-los-martes-2026');
    fill('Repite la nueva contraseña', 'Reciclo-los-martes-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(fieldError('Contraseña actual')).toBe('La contraseña actual no es correcta.'));
  });
});
