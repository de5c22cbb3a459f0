import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translations } from '../../../test/translate';
import { noteApiResponse, resetOfflineData } from '../../../lib/offline/offline-data';
import { OFFLINE_FETCHED_AT_HEADER, OFFLINE_HEADER } from '../../../lib/offline/offline-read-routes';
import { __setApplyForTest } from '../../../lib/offline/service-worker';
import { formatDataTime, OfflineNote } from '../offline-note';
import { UpdatePrompt } from '../update-prompt';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'es',
  resources: { es: { translation: translations.es } },
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});
let queryClient = new QueryClient();
const renderUi = (ui: ReactElement) =>
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </QueryClientProvider>,
  );

afterEach(() => {
  queryClient.clear();
  queryClient = new QueryClient();
  onlineManager.setOnline(true);
  resetOfflineData();
  vi.useRealTimers();
});

describe('the offline note', () => {
  it('says "Sin conexión — datos de <hora>" while answers come from the offline copies, and goes when live again', () => {
    // The same Bogotá day as the copy (only the clock is fixed: React's timers stay real), or the
    // note names the day, as it should (from 19:00 in Bogotá the UTC date is already the next one).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T17:00:00.000Z'));
    renderUi(<OfflineNote />);
    expect(screen.queryByRole('status')).toBeNull();
    const fetchedAt = new Date('2026-11-26T15:32:00.000Z'); // 10:32 a. m. in Bogotá
    act(() =>
      noteApiResponse(
        new Response('{}', {
          headers: { [OFFLINE_HEADER]: '1', [OFFLINE_FETCHED_AT_HEADER]: fetchedAt.toISOString() },
        }),
      ),
    );
    expect(screen.getByRole('status').textContent).toBe(
      `Sin conexión — datos de ${formatDataTime(fetchedAt.toISOString(), 'es', fetchedAt)}`,
    );
    expect(screen.getByRole('status').textContent).toMatch(/^Sin conexión — datos de 10:32/);
    act(() => noteApiResponse(new Response('{}')));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offline, says a screen without a copy loads when the connection returns, instead of loading forever', async () => {
    queryClient = new QueryClient({ defaultOptions: { queries: { networkMode: 'offlineFirst' } } });
    renderUi(<OfflineNote />);
    act(() => onlineManager.setOnline(false));
    // A list asked for while offline: the request fails, and its retries wait for the network.
    void queryClient
      .fetchQuery({ queryKey: ['reports'], queryFn: () => Promise.reject(new TypeError('Failed to fetch')), retry: 3, retryDelay: 0 })
      .catch(() => undefined);
    expect(
      await screen.findByText('Sin conexión: lo que no está guardado en este dispositivo se carga cuando vuelva la conexión.'),
    ).toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names the day when the copy is from another day', () => {
    expect(formatDataTime('2026-11-24T15:32:00.000Z', 'es', new Date('2026-11-26T12:00:00.000Z'))).toMatch(
      /^24 de noviembre, 10:32/,
    );
  });
});

describe('the update prompt', () => {
  it('appears while a new version waits and applies it on "Actualizar"', () => {
    renderUi(<UpdatePrompt />);
    expect(screen.queryByRole('button', { name: 'Actualizar' })).toBeNull();
    let applied = false;
    // What the registration's `waiting` event does (lib/offline/service-worker.ts).
    act(() => __setApplyForTest(() => (applied = true)));
    expect(screen.getByRole('status')).toHaveTextContent('Hay una nueva versión — ActualizarAhora no');
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(applied).toBe(true);
  });

  it('keeps room for itself at the end of the page while it shows, and "Ahora no" puts it away', () => {
    act(() => __setApplyForTest(null));
    renderUi(<UpdatePrompt />);
    expect(document.documentElement).not.toHaveClass('pv-update-prompt-shown');
    let applied = false;
    act(() => __setApplyForTest(() => (applied = true)));
    expect(document.documentElement).toHaveClass('pv-update-prompt-shown');
    fireEvent.click(screen.getByRole('button', { name: 'Ahora no' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.documentElement).not.toHaveClass('pv-update-prompt-shown');
    expect(applied).toBe(false);
  });
});
