import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../test/render';
import { AdminDashboard } from '../components/admin-dashboard';

afterEach(() => vi.unstubAllGlobals());

const DASHBOARD = {
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
};

describe('the back-office home', () => {
  it('shows what needs attention, each count a link to its list', async () => {
    const { calls } = stubFetch({ status: 200, body: { data: DASHBOARD } });
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

  it('shows the rest of the home under the loaded dashboard, never under its loading line', async () => {
    // Under the loading line it would be pushed down when the dashboard arrived (a layout shift).
    let answer: (res: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWithProviders(
      <AdminDashboard>
        <h2>Secciones</h2>
      </AdminDashboard>,
    );
    expect(await screen.findByText('Cargando el resumen…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Secciones' })).toBeNull();
    answer(jsonResponse(200, { data: DASHBOARD }));
    expect(await screen.findByRole('heading', { name: 'Secciones' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Lo que necesita atención',
      'Contenedores más llenos',
      'Secciones',
    ]);
  });

  it('still shows the rest of the home when the dashboard fails', async () => {
    stubFetch({ status: 500, body: { code: 'internal', message: 'Error interno' } });
    renderWithProviders(
      <AdminDashboard>
        <h2>Secciones</h2>
      </AdminDashboard>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar el resumen');
    expect(screen.getByRole('heading', { name: 'Secciones' })).toBeInTheDocument();
  });
});
