import type { MyStatistics } from '@puntoverde/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MyFiguresScreen } from '../components/my-figures-screen';

const impact = { co2e_kg: 129.62, km_not_driven: 531, per_material: [], source: 'US EPA, Waste Reduction Model (WARM) v16. Referencia de Estados Unidos.', references: 'US EPA, Waste Reduction Model (WARM) v16', equivalence_source: 'US EPA' };
const company: MyStatistics = {
  kind: 'company',
  period: { from: '2025-12-01', to: '2026-11-26' },
  materials: [
    { code: 'carton', name: 'Cartón' },
    { code: 'pet', name: 'PET (1)' },
  ],
  rows: [
    { month: '2026-03', material: 'carton', kg: 30 },
    { month: '2026-03', material: 'pet', kg: 5.5 },
  ],
  totals: { period_kg: 35.5, month_kg: 0, year_kg: 35.5, all_time_kg: 1234.5 },
  impact,
  branches: [
    { id: 1, name: 'Sede principal', is_head: true, total_kg: 10, rows: [{ month: '2026-03', material: 'carton', kg: 10 }] },
    { id: 2, name: 'Sede Belén', is_head: false, total_kg: 25.5, rows: [{ month: '2026-03', material: 'carton', kg: 20 }, { month: '2026-03', material: 'pet', kg: 5.5 }] },
  ],
};

function stubApi(stats: MyStatistics) {
  const fetchStub = vi.fn(async (u: string) => {
    const pet = { code: 'pet', name_es: 'PET (1)', name_en: 'PET (1)', parent_code: 'plasticos', bin_color: 'blanco', osm_keys: [], sort: 70 };
    const body = u.includes('v1/materials') ? { data: [pet] } : { data: stats };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

afterEach(() => vi.unstubAllGlobals());

describe('Mis cifras', () => {
  it('shows the totals in es-CO and the table beside the chart', async () => {
    stubApi(company);
    renderWithProviders(<MyFiguresScreen />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'mar 2026' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Cartón' })).toBeInTheDocument();
    expect(within(table).getAllByText('35,5 kg').length).toBeGreaterThan(0);
    expect(screen.getByText('1.234,5 kg')).toBeInTheDocument();
    expect(screen.getByText('129,6 kg CO₂e')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar Excel (XLSX)' })).toBeInTheDocument();
    expect(screen.getByText(/WARM\) v16/)).toBeInTheDocument();
  });

  it('shows one branch on its own when chosen', async () => {
    stubApi(company);
    renderWithProviders(<MyFiguresScreen />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Ver'), { target: { value: '2' } });
    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).getAllByText('25,5 kg').length).toBeGreaterThan(0));
    expect(within(table).queryByText('35,5 kg')).not.toBeInTheDocument();
  });

  it('asks the server again for one material', async () => {
    const fetchStub = stubApi({ ...company, kind: 'household', branches: undefined });
    renderWithProviders(<MyFiguresScreen />);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Descargar Excel (XLSX)' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Material'), { target: { value: 'pet' } });
    await waitFor(() => expect(fetchStub.mock.calls.some(([u]) => u.includes('material=pet'))).toBe(true));
  });

  it('says what to do when nothing was collected', async () => {
    stubApi({ ...company, kind: 'household', rows: [], branches: undefined });
    renderWithProviders(<MyFiguresScreen />);
    expect(await screen.findByText(/Aún no hay kilos recogidos/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeDisabled();
  });
});

describe('staff figures', () => {
  it('shows the scheme per city and lets staff change a factor', async () => {
    const { SchemeFiguresScreen } = await import('../components/scheme-figures-screen');
    const patches: { url: string; body: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (u: string, init?: RequestInit) => {
        if (init?.method === 'PATCH') {
          patches.push({ url: u, body: typeof init.body === 'string' ? init.body : '' });
          return new Response(JSON.stringify({ data: { code: 'vidrio', kind: 'material', factor: 0.31, reference_name: 'Glass', source: 'US EPA', source_table: 't', version: 'v16', updated_at: '' } }), { status: 200, headers: { 'content-type': 'application/json' } });
        }
        const body = u.includes('v1/statistics/factors')
          ? { data: [{ code: 'vidrio', kind: 'material', factor: 0.3, reference_name: 'Glass', source: 'US EPA, Waste Reduction Model (WARM)', source_table: 'Recycling', version: 'v16', updated_at: '' }] }
          : { data: { period: { from: '2025-12-01', to: '2026-11-26' }, group: 'material', rows: [{ month: '2026-03', key: 'Envigado', label: 'Envigado', kg: 135 }], total_kg: 135, impact } };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderWithProviders(<SchemeFiguresScreen />);
    expect(await screen.findByRole('columnheader', { name: 'Envigado' })).toBeInTheDocument();
    const input = await screen.findByLabelText('Factor de vidrio');
    expect(input).toHaveValue('0,3');
    fireEvent.change(input, { target: { value: '0,31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado')).toBeInTheDocument();
    expect(patches[0]?.url).toContain('v1/admin/impact-factors/vidrio');
    expect(JSON.parse(patches[0]!.body)).toEqual({ factor: 0.31 });
  });
});
