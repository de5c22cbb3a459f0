import type { Member, Organization, PayoutListItem, RecyclerDashboard, SuiCodeTable } from '@puntoverde/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldError, fill, renderWithProviders, routeFetch } from '../../../test/render';
import { SuiCodeVersions } from '../components/admin/sui-code-versions';
import { bogotaMonth } from '../components/bogota-month';
import { DashboardPanel } from '../components/dashboard-panel';

afterEach(() => vi.unstubAllGlobals());

const ORG = { id: 7, name: 'Asociación de Recicladores Demo' } as Organization;
const month = bogotaMonth();

const member = (id: number, name: string, status: Member['status']) =>
  ({ id, organization_id: 7, name, status }) as Member;
const MEMBERS = [
  member(1, 'Rosa Elena Gómez', 'activo'),
  member(2, 'Luis Retirado', 'retirado'),
  member(3, 'Ana Suspendida', 'suspendido'),
];

const BOARD: RecyclerDashboard = {
  month,
  months: [{ month, weighed_kg: 1000, rejected_kg: 100, sold_kg: 500 }],
  by_material: [],
  by_member: [{ member_id: 1, name: 'Rosa Elena Gómez', weighed_kg: 1000, rejected_kg: 100, payouts_cop: 150000 }],
  by_micro_route: [],
  by_macro_route: [],
  payouts_recorded: true,
  scales_expiring: [],
};

const PAYOUTS: PayoutListItem[] = [
  {
    id: 4,
    member_id: 1,
    member_name: 'Rosa Elena Gómez',
    month,
    amount_cop: 150000,
    note: 'Primera quincena',
    created_at: `${month}-15T12:00:00Z`,
  },
];

function dashboardRoutes(post: { status: number; body: unknown } = { status: 201, body: { data: { id: 5 } } }) {
  return routeFetch([
    { match: /\/recyclers\/organizations\/7\/dashboard\?month=/, status: 200, body: { data: BOARD } },
    { match: /\/recyclers\/organizations\/7\/members$/, status: 200, body: { data: MEMBERS } },
    { method: 'GET', match: /\/recyclers\/organizations\/7\/payouts\?month=/, status: 200, body: { data: PAYOUTS } },
    { method: 'POST', match: /\/recyclers\/organizations\/7\/payouts$/, ...post },
  ]);
}

/** Chooses `option` once it arrived (the select is drawn again when its options load). */
async function choose(label: string, option: string) {
  const found = await screen.findByRole<HTMLOptionElement>('option', { name: option });
  fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value: found.value } });
}

describe('payouts to members on the dashboard', () => {
  it('lists the month’s payouts and records one of an active member, reading the amount the Colombian way', async () => {
    const calls = dashboardRoutes();
    renderWithProviders(<DashboardPanel org={ORG} />, { url: '/app/tabs/recyclers/7?tab=dashboard' });
    const list = await screen.findByRole('table', { name: `Pagos registrados en ${month}` });
    expect(within(list).getByRole('row', { name: /Rosa Elena Gómez/ })).toHaveTextContent('$ 150.000');
    expect(within(list).getByText('Primera quincena')).toBeInTheDocument();

    await choose('Miembro', 'Rosa Elena Gómez');
    const select = screen.getByRole('combobox', { name: 'Miembro' });
    // Only active members can be paid.
    expect(within(select).queryByRole('option', { name: 'Luis Retirado' })).toBeNull();
    expect(within(select).queryByRole('option', { name: 'Ana Suspendida' })).toBeNull();
    expect(screen.getByLabelText('Mes del pago')).toHaveValue(month);
    fill('Valor pagado (pesos)', '1.250.000');
    fill(/^Nota/, 'Segunda quincena');
    const boards = calls.filter((c) => c.url.includes('/dashboard')).length;
    fireEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));

    expect(await screen.findByText('Pago registrado.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ member_id: 1, month, amount_cop: 1250000, note: 'Segunda quincena' });
    // The dashboard's figures and the month's payouts load again.
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/dashboard')).length).toBeGreaterThan(boards));
    expect(calls.filter((c) => c.method === 'GET' && c.url.includes('/payouts?')).length).toBeGreaterThan(1);
  });

  it('reads pesos with decimals and refuses an ambiguous or missing amount before sending', async () => {
    const calls = dashboardRoutes();
    renderWithProviders(<DashboardPanel org={ORG} />, { url: '/app/tabs/recyclers/7?tab=dashboard' });
    await choose('Miembro', 'Rosa Elena Gómez');

    fill('Valor pagado (pesos)', '1.250');
    fireEvent.blur(screen.getByLabelText('Valor pagado (pesos)'));
    fireEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(fieldError('Valor pagado (pesos)')).toBeTruthy());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fill('Valor pagado (pesos)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() =>
      expect(fieldError('Valor pagado (pesos)')).toBe('Escribe el valor pagado en pesos: más de 0, hasta 2 decimales.'),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fill('Valor pagado (pesos)', '1.250.000,50');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ amount_cop: 1250000.5, note: null });
  });

  it('shows the server’s refusal in Spanish on the member field', async () => {
    const message = 'Elige un miembro de esta organización.';
    dashboardRoutes({
      status: 404,
      body: { code: 'recycler-member-not-found', message, fields: { member_id: message } },
    });
    renderWithProviders(<DashboardPanel org={ORG} />, { url: '/app/tabs/recyclers/7?tab=dashboard' });
    await choose('Miembro', 'Rosa Elena Gómez');
    fill('Valor pagado (pesos)', '200000');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(fieldError('Miembro')).toBe(message));
    expect(screen.queryByText('Pago registrado.')).toBeNull();
  });
});

const V1: SuiCodeTable = {
  version: 1,
  valid_from: '2017-01',
  note: 'Anexo inicial',
  versions: [{ version: 1, valid_from: '2017-01', note: 'Anexo inicial' }],
  codes: [
    { code: 101, name: 'Aluminio', family: 'metales' },
    { code: 202, name: 'Cartón', family: 'papel-carton' },
  ],
  mapping: [],
};
const V2: SuiCodeTable = {
  ...V1,
  version: 2,
  valid_from: '2026-01',
  note: 'Anexo 2026',
  versions: [...V1.versions, { version: 2, valid_from: '2026-01', note: 'Anexo 2026' }],
  codes: [
    { code: 101, name: 'Aluminio', family: 'metales' },
    { code: 202, name: 'Cartón', family: 'papel-carton' },
    { code: 303, name: 'PET', family: 'plasticos' },
  ],
};

function codeRoutes(post: { status: number; body: unknown } = { status: 201, body: { data: { ...V2, version: 3 } } }) {
  return routeFetch([
    { method: 'GET', match: /\/sui\/material-codes\?month=9999-12$/, status: 200, body: { data: V2 } },
    { method: 'GET', match: /\/sui\/material-codes\?month=2017-01$/, status: 200, body: { data: V1 } },
    { method: 'POST', match: /\/sui\/material-codes$/, ...post },
  ]);
}

describe('the SUI material code table for staff', () => {
  it('shows the version in use and the codes of an earlier one', async () => {
    codeRoutes();
    renderWithProviders(<SuiCodeVersions />);
    const current = await screen.findByRole('table', { name: 'Versión vigente 2, desde 2026-01: Anexo 2026' });
    expect(within(current).getByRole('row', { name: /303 PET plasticos/ })).toBeInTheDocument();
    const earlier = screen.getByRole('table', { name: 'Versiones anteriores' });
    fireEvent.click(within(earlier).getByRole('button', { name: 'Ver códigos de la versión 1' }));
    const old = await screen.findByRole('table', { name: 'Códigos de la versión 1 (desde 2017-01)' });
    expect(within(old).getAllByRole('row')).toHaveLength(3);
  });

  it('publishes a new version edited from the rows of the one in use', async () => {
    const calls = codeRoutes();
    renderWithProviders(<SuiCodeVersions />);
    expect(await screen.findByLabelText('Código, fila 3')).toHaveValue('303');
    expect(screen.getByLabelText('Nombre, fila 2')).toHaveValue('Cartón');
    fill('Vigente desde (mes)', '2030-01');
    fill('Nota', 'Resolución de prueba');
    fill('Nombre, fila 3', 'PET (tereftalato)');
    fireEvent.click(screen.getByRole('button', { name: 'Quitar fila 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Agregar código' }));
    fill('Código, fila 3', '399');
    fill('Nombre, fila 3', 'Otros plásticos');
    fill('Familia, fila 3', 'plasticos');
    fireEvent.click(screen.getByRole('button', { name: 'Publicar nueva versión' }));
    expect(await screen.findByText('Se publicó la versión 3.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      valid_from: '2030-01',
      note: 'Resolución de prueba',
      codes: [
        { code: 202, name: 'Cartón', family: 'papel-carton' },
        { code: 303, name: 'PET (tereftalato)', family: 'plasticos' },
        { code: 399, name: 'Otros plásticos', family: 'plasticos' },
      ],
    });
  });

  it('checks the form with the contract’s schema before sending', async () => {
    const calls = codeRoutes();
    renderWithProviders(<SuiCodeVersions />);
    await screen.findByLabelText('Código, fila 1');
    fill('Nota', 'x');
    fill('Código, fila 2', '101');
    fill('Código, fila 3', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Publicar nueva versión' }));
    await waitFor(() =>
      expect(fieldError('Nota')).toBe('Escribe una nota sobre esta versión (entre 3 y 200 caracteres).'),
    );
    expect(fieldError('Código, fila 3')).toBe('Escribe un código de material del SUI: un número de 3 dígitos.');
    fill('Código, fila 3', '303');
    fill('Nota', 'Nota válida');
    fireEvent.click(screen.getByRole('button', { name: 'Publicar nueva versión' }));
    expect(await screen.findByText('Agrega entre 1 y 300 códigos de material, sin repetir.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows in Spanish the refusal of a version starting in a month already filed', async () => {
    const message =
      'Una organización ya reportó al SUI ese mes o uno posterior: la nueva versión de los códigos debe empezar después del último mes reportado.';
    codeRoutes({
      status: 409,
      body: { code: 'sui-code-version-month-filed', message, fields: { valid_from: message } },
    });
    renderWithProviders(<SuiCodeVersions />);
    await screen.findByLabelText('Código, fila 1');
    fill('Vigente desde (mes)', '2026-02');
    fill('Nota', 'Desde un mes reportado');
    fireEvent.click(screen.getByRole('button', { name: 'Publicar nueva versión' }));
    await waitFor(() => expect(fieldError('Vigente desde (mes)')).toBe(message));
    expect(screen.queryByText(/Se publicó/)).toBeNull();
  });
});
