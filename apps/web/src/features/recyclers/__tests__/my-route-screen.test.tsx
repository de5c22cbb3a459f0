import type { MyRoute, RouteStop } from '@puntoverde/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushOutbox } from '../../../lib/offline/flush';
import { outbox } from '../../../lib/offline/outbox-store';
import { translations } from '../../../test/translate';
import { MyRouteScreen, geoUri } from '../components/my-route-screen';

vi.mock('../../../lib/map/map-view', () => ({
  MapView: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'es',
  resources: { es: { translation: translations.es } },
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

const stop = (order: number, id: number, address: string, lat: number): RouteStop => ({
  request_id: id,
  status: 'programada',
  eca_point_id: 7,
  address,
  lat,
  lng: -75.59,
  pickup_date: '2026-12-03',
  scheduled_at: null,
  time_window: 'manana',
  notes: null,
  requester_first_name: 'Luz',
  items: [
    { material: 'carton', material_name: 'Cartón', estimated_kg: 12 },
    { material: 'pet', material_name: 'PET', estimated_kg: 3 },
  ],
  estimated_kg: 15,
  outcome: null,
  outcome_reason: null,
  outcome_note: null,
  outcome_at: null,
  order,
  leg_m: 500,
});

const ROUTE: MyRoute = {
  date: '2026-12-03',
  member: { id: 3, name: 'María Elena Gómez Ríos', organization: 'Asociación de Recicladores Demo' },
  legs: [
    {
      eca: { point_id: 7, name: 'ECA Laureles La 70 (demo)', address: 'Carrera 70 # 44-20', lat: 6.2471, lng: -75.5902 },
      stops: [stop(1, 41, 'Calle 44 # 68-22', 6.246), stop(2, 42, 'Circular 1 # 70-15', 6.2489)],
      km: 4.8,
      naive_km: 9.5,
    },
  ],
};

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const e of await outbox.list()) await outbox.remove(e.id);
});

describe('Mi ruta de hoy', () => {
  it('lists the stops in order with materials, kilos and a geo: link; a stop marked offline syncs once', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const posts: { url: string; key: string | null; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = input instanceof Request ? input.url : input.toString();
        const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
        if (url.includes('/recyclers/me/route')) return json({ data: ROUTE });
        if (url.includes('/recyclers/me/open-pickups')) return json({ data: [] });
        if (init?.method === 'POST' && url.includes('/outcome')) {
          posts.push({ url, key: new Headers(init.headers).get('idempotency-key'), body: JSON.parse(init.body as string) });
          return json({ data: { ...ROUTE.legs[0]!.stops[0], outcome: 'recogido' } });
        }
        return json({ code: 'not-found', message: 'No' }, 404);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <I18nextProvider i18n={i18n}>
            <MyRouteScreen tileUrl={null} />
          </I18nextProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const list = await screen.findByRole('list', { name: 'Paradas en orden de visita' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['1. Calle 44 # 68-22', '2. Circular 1 # 70-15']);
    expect(within(items[0]!).getByText('Cartón 12 kg · PET 3 kg — unos 15 kg')).toBeInTheDocument();
    expect(screen.getByText(/2 paradas, 2 por visitar · 4,8 km ida y vuelta \(en el orden en que se asignaron serían 9,5 km\)/)).toBeInTheDocument();
    const navigate = within(items[0]!).getByRole('link', { name: 'Navegar a Calle 44 # 68-22' });
    expect(navigate).toHaveAttribute('href', geoUri(ROUTE.legs[0]!.stops[0]!));
    expect(navigate.getAttribute('href')).toMatch(/^geo:6\.246,-75\.59\?q=6\.246,-75\.59\(Calle%2044%20%23%2068-22\)$/);

    // No signal: the mark stays on the phone, shown as saved.
    onLine.mockReturnValue(false);
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Recogido en Calle 44 # 68-22' }));
    expect(await within(items[0]!).findByText(/guardado en el teléfono/)).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    // "No estaba" asks why before saving.
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'No estaba en Circular 1 # 70-15' }));
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Guardar «no estaba»' }));
    expect(await within(items[1]!).findByText('Elige qué pasó.')).toBeInTheDocument();

    // Back online: sent once, with the key it was kept with, however often the outbox is flushed.
    onLine.mockReturnValue(true);
    const [entry] = await outbox.list('recycler-stop');
    await flushOutbox();
    await flushOutbox();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ url: expect.stringContaining('/recyclers/me/stops/41/outcome') as unknown, key: entry!.idempotencyKey, body: { outcome: 'recogido', reason: null } });
  });
});
