import type { Organization, RecyclerDashboard, SuiCodeTable, SuiPreflight } from '@puntoverde/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout, saveSession, setSessionNavigator } from '../../../lib/session';
import { renderWithProviders, routeFetch } from '../../../test/render';
import { DashboardPanel } from '../components/dashboard-panel';
import { SuiPanel } from '../components/sui-panel';

afterEach(() => vi.unstubAllGlobals());

const ORG = { id: 7, name: 'Asociación de Recicladores Demo' } as Organization;
const ROWS = { 'balance-masas': 12, 'toneladas-aprovechadas': 3, 'relacion-miembros': 12, 'registro-eca': 2, 'registro-macrorutas': 2 };

function preflight(overrides: Partial<SuiPreflight> = {}): SuiPreflight {
  return {
    organization_id: 7,
    month: '2026-11',
    filed: false,
    code_version: 1,
    rows: ROWS,
    issues: [
      {
        kind: 'sale-cufe',
        form: 'toneladas-aprovechadas',
        label: 'FE-3',
        message: 'FE-3: la venta no tiene CUFE.',
        fix_path: '/app/tabs/recyclers/7?tab=sales',
      },
      {
        kind: 'ticket-macro-route',
        form: 'balance-masas',
        label: 'TQ-2026-000004',
        message: 'TQ-2026-000004: el tiquete no tiene macroruta (NUMACRO).',
        fix_path: '/app/tabs/recyclers/7?tab=tickets',
      },
    ],
    ...overrides,
  };
}

const CODES: SuiCodeTable = {
  version: 1,
  valid_from: '2017-01',
  note: 'Anexo',
  versions: [{ version: 1, valid_from: '2017-01', note: 'Anexo' }],
  codes: [{ code: 202, name: 'Cartón', family: 'papel-carton' }],
  mapping: [
    { material: 'carton', name_es: 'Cartón', sui_code: 202 },
    { material: 'organicos', name_es: 'Orgánicos', sui_code: null },
  ],
};

function routes(p: SuiPreflight) {
  return routeFetch([
    { match: /\/sui\/preflight\?organization_id=7&month=/, status: 200, body: { data: p } },
    { match: /\/sui\/filings\?organization_id=7$/, status: 200, body: { data: [] } },
    { method: 'POST', match: /\/sui\/filings\?/, status: 409, body: { code: 'sui-preflight-failed', message: 'La revisión previa encontró datos que el validador del SUI rechazaría: corrígelos antes de cerrar el mes.' } },
    { match: /\/sui\/settings\?/, status: 200, body: { data: { reject_destination: 1, reject_site_number: '5001000077', waste_origin: 1, area: 2 } } },
    { match: /\/sui\/material-codes\?month=/, status: 200, body: { data: CODES } },
    { method: 'PUT', match: /\/sui\/material-codes\/map\//, status: 200, body: { data: CODES } },
  ]);
}

describe('the SUI filing panel', () => {
  it('lists what the validator would refuse, each with a link to fix it, and the month’s files', async () => {
    routes(preflight());
    renderWithProviders(<SuiPanel org={ORG} />, { url: '/app/tabs/recyclers/7?tab=sui' });
    expect(await screen.findByText('2 datos por corregir antes de reportar:')).toBeInTheDocument();
    const list = screen.getByText(/Factura FE-3: la venta no tiene CUFE/).closest('ul')!;
    const links = within(list).getAllByRole('link', { name: 'Corregir' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/app/tabs/recyclers/7?tab=sales', '/app/tabs/recyclers/7?tab=tickets']);
    expect(screen.getByRole('button', { name: 'Descargar Balance de masas (12 filas)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar Registro de ECA (2 filas)' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Sin código: el validador lo rechazaría' })).toBeInTheDocument();
  });

  it('shows the server’s refusal when the month is locked with problems left', async () => {
    routes(preflight());
    renderWithProviders(<SuiPanel org={ORG} />, { url: '/app/tabs/recyclers/7?tab=sui' });
    fireEvent.click(await screen.findByRole('button', { name: /^Cerrar \d{4}-\d{2} como reportado$/ }));
    expect(await screen.findByText(/corrígelos antes de cerrar el mes/)).toBeInTheDocument();
  });

  it('says a filed month is locked and offers no lock again', async () => {
    routes(preflight({ filed: true, issues: [] }));
    renderWithProviders(<SuiPanel org={ORG} />, { url: '/app/tabs/recyclers/7?tab=sui' });
    expect(await screen.findByText(/ya se reportó y está cerrado/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /como reportado/ })).toBeNull();
  });
});

const BOARD: RecyclerDashboard = {
  month: '2026-11',
  months: [{ month: '2026-11', weighed_kg: 1234.5, rejected_kg: 300, sold_kg: 800 }],
  by_material: [{ material: 'carton', name_es: 'Cartón', weighed_kg: 1000, rejected_kg: 250, sold_kg: 800 }],
  by_member: [{ member_id: 1, name: 'Rosa Elena Gómez', weighed_kg: 1234.5, rejected_kg: 300, payouts_cop: 350000 }],
  by_micro_route: [{ micro_route_id: 3, name: 'Lunes y jueves', macro_name: 'Laureles', weighed_kg: 1234.5, rejected_kg: 300 }],
  by_macro_route: [
    { macro_route_id: 2, numacro: '101', name: 'Laureles', weighed_kg: 1234.5, rejected_kg: 300, rejection_rate: 0.243, over_limit: true },
  ],
  payouts_recorded: true,
  scales_expiring: [{ id: 5, serial: 'BAS-LAU-01', eca_name: 'ECA Laureles', certificate_expires_on: '2026-12-20', days_left: 17 }],
};

describe('the material codes for staff', () => {
  afterEach(async () => {
    setSessionNavigator(() => undefined);
    await act(async () => {
      await logout().catch(() => undefined);
    });
  });

  it('lets staff give a material its SUI code', async () => {
    act(() => saveSession({ id: 1, tc_id: 2, id_empresa: null, token: 'tok', name: 'Equipo', is_admin: true }));
    const recorded = routes(preflight());
    renderWithProviders(<SuiPanel org={ORG} />, { url: '/app/tabs/recyclers/7?tab=sui' });
    const select = await screen.findByRole('combobox', { name: 'Código SUI de Orgánicos' });
    fireEvent.change(select, { target: { value: '202' } });
    await waitFor(() => expect(recorded.some((c) => c.method === 'PUT' && c.url.endsWith('/sui/material-codes/map/organicos'))).toBe(true));
    expect(recorded.find((c) => c.method === 'PUT')!.body).toEqual({ sui_code: 202 });
  });
});

describe('the coordinator’s dashboard', () => {
  it('shows tonnes per material and recycler with payouts, flags a macro-route over 20 % and an expiring scale', async () => {
    routeFetch([{ match: /\/recyclers\/organizations\/7\/dashboard\?month=/, status: 200, body: { data: BOARD } }]);
    renderWithProviders(<DashboardPanel org={ORG} />, { url: '/app/tabs/recyclers/7?tab=dashboard' });
    const byMember = await screen.findByRole('table', { name: 'Toneladas por reciclador en 2026-11' });
    const row = within(byMember).getByRole('row', { name: /Rosa Elena Gómez/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1,235', '0,3', '$ 350.000']);
    const macro = screen.getByRole('table', { name: /Rechazo por macroruta/ });
    expect(within(macro).getByText('supera el 20 %')).toBeInTheDocument();
    expect(within(macro).getByRole('cell', { name: /24,3 %/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /BAS-LAU-01 · ECA Laureles/ })).toHaveTextContent('17 días');
  });
});

describe('the month shown first', () => {
  it('is Bogotá’s month (still the previous one in the evening of the last day in UTC) and the one before it', async () => {
    const { bogotaMonth } = await import('../components/bogota-month');
    expect(bogotaMonth(new Date('2026-12-01T03:00:00Z'))).toBe('2026-11');
    expect(bogotaMonth(new Date('2026-12-03T16:00:00Z'))).toBe('2026-12');
    expect(bogotaMonth(new Date('2026-01-10T16:00:00Z'), 1)).toBe('2025-12');
  });
});
