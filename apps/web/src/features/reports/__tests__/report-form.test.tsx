import type { Report, ReportCategoryView, ReportDuplicate } from '@puntoverde/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FollowUpScreen } from '../components/follow-up-screen';
import { ReportForm, type LocationFieldComponent } from '../components/report-form';

/** The report screens link and read the location: they render under a router. */
const renderUi = (ui: ReactElement) => renderWithProviders(ui, { url: '/' });

/** The map (Leaflet) does not run in jsdom: a button drops the pin in the park instead. */
const PinButton: LocationFieldComponent = ({ onChange, error }) => (
  <div>
    <button type="button" onClick={() => onChange({ lat: 6.2446, lng: -75.5916 })}>
      Marcar en el parque
    </button>
    {error ? <p role="alert">{error}</p> : null}
  </div>
);

const duplicate: ReportDuplicate = {
  number: 'REP-2026-000007',
  category: 'contenedor_lleno',
  category_label: 'Contenedor lleno',
  status: 'abierto',
  description: 'El contenedor de PET del parque está lleno desde el lunes.',
  distance_m: 23,
  followers: 2,
  created_at: '2026-11-25T15:00:00.000Z',
  photo: null,
};

function json(data: unknown, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
}

/** The categories staff set (a renamed one among them). */
const CATEGORIES: ReportCategoryView[] = [
  { code: 'contenedor_lleno', label: 'Contenedor lleno', description: '', asks_container: true, position: 10, active: true },
  { code: 'punto_critico', label: 'Arrojo ilegal de escombros', description: '', asks_container: false, position: 20, active: true },
  { code: 'otro', label: 'Otro', description: '', asks_container: false, position: 30, active: true },
];

/** A fetch stub: the categories list, then `handler` for everything else. */
function api(handler: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  return vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const u = url instanceof Request ? url.url : url.toString();
    if (u.includes('/reports/categories')) return json({ data: CATEGORIES });
    return handler(u, init);
  });
}

/** Chooses a category once the list has arrived. */
async function chooseCategory(label: string) {
  await screen.findByRole('option', { name: label }, { timeout: 5000 });
  fireEvent.change(screen.getByLabelText('¿Qué pasa?'), { target: { value: CATEGORIES.find((c) => c.label === label)!.code } });
}

afterEach(() => vi.unstubAllGlobals());

describe('report form', () => {
  it('offers a nearby open report of the same category and joins it with one tap', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      api((u, init) => {
        calls.push(`${init?.method ?? 'GET'} ${u}`);
        if (u.includes('/duplicates')) return json({ data: [duplicate] });
        if (u.endsWith('/follow')) return json({ data: { number: duplicate.number } as Report });
        return json({ code: 'not-found', message: 'No' }, 404);
      }),
    );
    const onJoined = vi.fn();
    renderUi(<ReportForm tileUrl="" LocationField={PinButton} pointId={null} containerId={null} onCreated={vi.fn()} onJoined={onJoined} />);
    await chooseCategory('Contenedor lleno');
    fireEvent.click(screen.getByRole('button', { name: 'Marcar en el parque' }));
    expect(await screen.findByRole('heading', { name: '¿Es este? Súmate al reporte' })).toBeInTheDocument();
    expect(screen.getByText(/a 23 m/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Súmate al reporte REP-2026-000007' }));
    await waitFor(() => expect(onJoined).toHaveBeenCalledWith('REP-2026-000007'));
    expect(calls).toContain('POST /back/api/v1/reports/REP-2026-000007/follow');
  });

  it('asks for the place before sending', async () => {
    vi.stubGlobal('fetch', api(() => json({ data: [] })));
    renderUi(<ReportForm tileUrl="" LocationField={PinButton} pointId={null} containerId={null} onCreated={vi.fn()} onJoined={vi.fn()} />);
    await chooseCategory('Arrojo ilegal de escombros');
    fireEvent.change(screen.getByLabelText('Descripción'), { target: { value: 'Escombros en la esquina del parque.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByText(/Indica dónde está el problema/)).toBeInTheDocument();
  });

  it("puts the server's field message on the location", async () => {
    vi.stubGlobal(
      'fetch',
      api((u) =>
        u.includes('/duplicates')
          ? json({ data: [] })
          : json({ code: 'validation-failed', message: 'Revisa el campo: lat.', fields: { lat: 'La ubicación debe estar en Colombia. Revisa el punto en el mapa.' } }, 400),
      ),
    );
    const onCreated = vi.fn();
    renderUi(<ReportForm tileUrl="" LocationField={PinButton} pointId={null} containerId={null} onCreated={onCreated} onJoined={vi.fn()} />);
    await chooseCategory('Otro');
    fireEvent.change(screen.getByLabelText('Descripción'), { target: { value: 'Algo raro pasa en la esquina.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Marcar en el parque' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByText('La ubicación debe estar en Colombia. Revisa el punto en el mapa.')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });
});

describe('¿Se resolvió? from the e-mail', () => {
  it('answers «Sí» with the link token and thanks the reporter', async () => {
    const fetchStub = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json({ data: { number: 'REP-2026-000007', status: 'resuelto' } }));
    vi.stubGlobal('fetch', fetchStub);
    const token = `REP-2026-000007.5.${'a'.repeat(43)}`;
    renderUi(<FollowUpScreen token={token} suggested="si" />);
    fireEvent.click(screen.getByRole('button', { name: 'Sí, se resolvió' }));
    expect(await screen.findByText('¡Gracias por confirmarlo!')).toBeInTheDocument();
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url instanceof Request ? url.url : url.toString()).toBe('/back/api/v1/reports/REP-2026-000007/follow-up');
    expect(JSON.parse(init!.body as string)).toMatchObject({ token, resolved: true });
  });

  it('says so when the link is broken', () => {
    renderUi(<FollowUpScreen token="nada" suggested={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Este enlace no es válido');
  });
});
