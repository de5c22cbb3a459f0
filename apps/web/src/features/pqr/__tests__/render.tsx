/** Renders PQR components with a fresh query client, a router and the real Spanish strings. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { translations } from '../../../test/translate';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'es',
  fallbackLng: 'es',
  resources: { es: { translation: translations.es }, en: { translation: translations.en } },
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

export function renderPqr(ui: ReactElement, url = '/help') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

export type Call = { url: string; method: string; body: unknown };
type Route = { method?: string; match: RegExp; status: number; body: unknown };

/** Stubs fetch by URL (concurrent queries make call order meaningless); records every call. */
export function routeFetch(routes: Route[]) {
  const calls: Call[] = [];
  const stub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const route = routes.find((r) => r.match.test(url) && (!r.method || r.method === method));
    const res = route ?? { status: 404, body: { code: 'not-found', message: 'No encontrado' } };
    return new Response(JSON.stringify(res.body), {
      status: res.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', stub);
  return calls;
}

export function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
