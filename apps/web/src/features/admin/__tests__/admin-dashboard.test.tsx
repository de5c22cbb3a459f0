import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { AdminDashboard } from '../components/admin-dashboard';

afterEach(() => vi.unstubAllGlobals());

describe('the back-office home', () => {
  it('shows what needs attention, each count a link to its list', async () => {
    const { calls } = stubFetch({
      status: 200,
      body: {
        data: {
          pqr: { overdue: 2, due_soon: 5 },
          requests_pending: 1234,
          reports_open: 3,
          containers_full: 1,
          fullest: [
            {
              point_id: 4,
              point_name: 'ECA Estadio',
              container_id: 9,
              material: 'vidrio',
              material_name: 'Vidrio',
              fill_level: 96,
            },
          ],
        },
      },
    });
    renderWithProviders(<AdminDashboard />);
    const tiles = await screen.findByRole('list', { name: 'Resumen del back office' });
    const link = (name: RegExp) => within(tiles).getByRole('link', { name });
    expect(link(/^2 PQR vencidas$/)).toHaveAttribute('href', '/admin/pqr?light=overdue');
    expect(link(/^5 PQR por vencer$/)).toHaveAttribute('href', '/admin/pqr?light=due_soon');
    expect(link(/^1\.234 Solicitudes pendientes$/)).toHaveAttribute('href', '/app/tabs/prequest?status=pendiente');
    expect(link(/^1 Contenedores llenos$/)).toHaveAttribute('href', '#pv-fullest');
    expect(screen.getByRole('link', { name: 'Vidrio en ECA Estadio: 96 %' })).toHaveAttribute('href', '/map/4');
    expect(calls[0]!.url).toBe('/back/api/v1/admin/dashboard');
  });
});
