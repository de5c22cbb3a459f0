import type { AdminUser } from '@puntoverde/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { UserDetail } from '../components/admin/admin-users';

const USER: AdminUser = {
  id: 21,
  email: 'ana@example.co',
  name: 'Ana Pérez',
  tc_id: 2,
  id_empresa: null,
  is_admin: false,
  active: true,
  email_verified_at: '2026-11-01T10:00:00.000Z',
  document_type: 'CC',
  document_number: '1017123456',
  phone: null,
  city: 'Medellín',
  created_at: '2026-11-01T10:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('deactivating a user', () => {
  it('asks for confirmation first, and only then deactivates', async () => {
    const { calls } = stubFetch({ status: 200, body: { data: { ...USER, active: false } } });
    const onDone = vi.fn();
    renderWithProviders(<UserDetail user={USER} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Desactivar cuenta' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('¿Desactivar la cuenta de Ana Pérez?');
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Desactivar cuenta' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sí, desactivar' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.method).toBe('PATCH');
    expect(calls[0]!.url).toContain('/v1/admin/users/21');
    expect(calls[0]!.body).toEqual({ active: false });
  });
});
