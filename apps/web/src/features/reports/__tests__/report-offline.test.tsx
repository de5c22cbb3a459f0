import type { Report, ReportCategoryView } from '@puntoverde/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutboxList } from '../../../components/offline/outbox-list';
import { flushOutbox } from '../../../lib/offline/flush';
import type { OutboxEntry } from '../../../lib/offline/outbox';
import { outbox } from '../../../lib/offline/outbox-store';
import { translations } from '../../../test/translate';
import { REPORT_OUTBOX_KIND, ReportForm, type LocationFieldComponent } from '../components/report-form';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'es',
  resources: { es: { translation: translations.es } },
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

const CATEGORIES: ReportCategoryView[] = [
  { code: 'punto_critico', label: 'Punto crítico / arrojo ilegal', description: '', asks_container: false, position: 10, active: true },
];
const PinButton: LocationFieldComponent = ({ onChange }) => (
  <button type="button" onClick={() => onChange({ lat: 6.2446, lng: -75.5916 })}>
    Marcar en el parque
  </button>
);

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const e of await outbox.list()) await outbox.remove(e.id);
});

describe('filing a report with no connection', () => {
  it('keeps it in the outbox and, back online, sends it once with its Idempotency-Key', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const posts: { key: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = input instanceof Request ? input.url : input.toString();
        const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
        if (url.includes('/reports/categories')) return json({ data: CATEGORIES });
        if (url.includes('/duplicates')) return json({ data: [] });
        if ((init?.method ?? 'GET') === 'POST' && /v1\/reports$/.test(url)) {
          posts.push({ key: new Headers(init?.headers).get('idempotency-key') });
          return json({ data: { number: 'REP-2026-000042' } as Report }, 201);
        }
        return json({ code: 'not-found', message: 'No' }, 404);
      }),
    );
    const onQueued = vi.fn<(entry: OutboxEntry) => void>();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <I18nextProvider i18n={i18n}>
            <OutboxList kinds={[REPORT_OUTBOX_KIND]} reference={(e) => (e.result as { number?: string } | undefined)?.number} onSendNow={() => void flushOutbox()} />
            <ReportForm tileUrl="" LocationField={PinButton} pointId={null} containerId={null} onCreated={vi.fn()} onJoined={vi.fn()} onQueued={onQueued} />
          </I18nextProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await screen.findByRole('option', { name: 'Punto crítico / arrojo ilegal' }, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('¿Qué pasa?'), { target: { value: 'punto_critico' } });
    fireEvent.change(screen.getByLabelText('Descripción'), { target: { value: 'Escombros en la esquina del parque.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Marcar en el parque' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar reporte' }));

    await waitFor(() => expect(onQueued).toHaveBeenCalledTimes(1));
    expect(onQueued.mock.calls[0]![0]).toMatchObject({ kind: 'incident-report', path: '/back/api/v1/reports', state: 'pending' });
    expect(await screen.findByText('Pendiente de envío')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    onLine.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar ahora' }));
    expect(await screen.findByText('Enviado: REP-2026-000042')).toBeInTheDocument();
    await flushOutbox();
    expect(posts).toEqual([{ key: onQueued.mock.calls[0]![0].idempotencyKey }]);
  });

  it('keeps a photo taken offline with the report and, back online, uploads it once and files the report with its id', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:foto', revokeObjectURL: () => undefined }));
    const uploads: { key: string | null; size: number }[] = [];
    const posts: { key: string | null; photos: unknown }[] = [];
    const files = new Map<string, string>();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = input instanceof Request ? input.url : input.toString();
        const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
        if (url.includes('/reports/categories')) return json({ data: CATEGORIES });
        if (url.includes('/duplicates')) return json({ data: [] });
        const key = new Headers(init?.headers).get('idempotency-key');
        if (init?.method === 'POST' && url.includes('v1/files')) {
          uploads.push({ key, size: ((init.body as FormData).get('file') as File).size });
          if (!files.has(key!)) files.set(key!, `foto${files.size + 1}abcdefghijklmnopq`);
          return json({ data: { id: files.get(key!), url: `/back/api/v1/files/${files.get(key!)}` } }, 201);
        }
        if (init?.method === 'POST' && /v1\/reports$/.test(url)) {
          posts.push({ key, photos: (JSON.parse(init.body as string) as { photos: unknown }).photos });
          return json({ data: { number: 'REP-2026-000043' } as Report }, 201);
        }
        return json({ code: 'not-found', message: 'No' }, 404);
      }),
    );
    const onQueued = vi.fn<(entry: OutboxEntry) => void>();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <I18nextProvider i18n={i18n}>
            <OutboxList kinds={[REPORT_OUTBOX_KIND]} reference={(e) => (e.result as { number?: string } | undefined)?.number} onSendNow={() => void flushOutbox()} />
            <ReportForm tileUrl="" LocationField={PinButton} pointId={null} containerId={null} onCreated={vi.fn()} onJoined={vi.fn()} onQueued={onQueued} />
          </I18nextProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await screen.findByRole('option', { name: 'Punto crítico / arrojo ilegal' }, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('¿Qué pasa?'), { target: { value: 'punto_critico' } });
    fireEvent.change(screen.getByLabelText('Descripción'), { target: { value: 'Escombros en la esquina del parque.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Marcar en el parque' }));

    // Too large for the server: refused on the device with its Spanish message, nothing kept.
    const huge = new File([new Uint8Array(1536 * 1024 + 1)], 'enorme.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('image-upload-input'), { target: { files: [huge] } });
    expect(await screen.findByText(/La imagen pesa demasiado/)).toBeInTheDocument();

    const photo = new File([new Uint8Array(4096).fill(9)], 'contenedor.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('image-upload-input'), { target: { files: [photo] } });
    expect(await screen.findByText('Guardada en este dispositivo: se sube cuando vuelva la conexión')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto 1 del problema' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar reporte' }));

    await waitFor(() => expect(onQueued).toHaveBeenCalledTimes(1));
    const queued = onQueued.mock.calls[0]![0];
    expect(queued.photos).toHaveLength(1);
    expect(queued.photos![0]!.bytes!.byteLength).toBe(4096);
    expect(await screen.findByText('Con 1 foto')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);

    onLine.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar ahora' }));
    expect(await screen.findByText('Enviado: REP-2026-000043')).toBeInTheDocument();
    await flushOutbox();
    expect(uploads).toEqual([{ key: queued.photos![0]!.key, size: 4096 }]);
    expect(posts).toEqual([{ key: queued.idempotencyKey, photos: ['foto1abcdefghijklmnopq'] }]);
  });
});
