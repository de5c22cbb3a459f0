/**
 * The web tests' one kit: render with a fresh query client and the real Spanish strings (and,
 * when asked, a router at a URL), fetch stubs (in call order, or by URL when queries run
 * concurrently), and field helpers that act by label.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { translations } from './translate';

export const testI18n = i18next.createInstance();
void testI18n.use(initReactI18next).init({
  lng: 'es',
  fallbackLng: 'es',
  resources: { es: { translation: translations.es }, en: { translation: translations.en } },
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

export interface RenderOptions {
  /** Wrap in a MemoryRouter at this URL (for components that link or read the location). */
  url?: string;
}

export function renderWithProviders(ui: ReactElement, { url }: RenderOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const tree = (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={testI18n}>{ui}</I18nextProvider>
    </QueryClientProvider>
  );
  return render(url === undefined ? tree : <MemoryRouter initialEntries={[url]}>{tree}</MemoryRouter>);
}

/** A JSON response as the API sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

function record(input: RequestInfo | URL, init?: RequestInit): RecordedCall {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return {
    url,
    method: init?.method ?? 'GET',
    headers: new Headers(init?.headers),
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  };
}

/** Stubs the global fetch: each call gets the next response; calls are recorded. */
export function stubFetch(...responses: Array<{ status: number; body: unknown }>) {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(record(input, init));
    const next = responses.shift() ?? { status: 500, body: {} };
    return jsonResponse(next.status, next.body);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetchStub };
}

export interface FetchRoute {
  method?: string;
  match: RegExp;
  status: number;
  body: unknown;
}

/** Stubs fetch by URL (concurrent queries make call order meaningless); records every call. */
export function routeFetch(routes: FetchRoute[]): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = record(input, init);
      calls.push(call);
      const route = routes.find((r) => r.match.test(call.url) && (!r.method || r.method === call.method));
      const res = route ?? { status: 404, body: { code: 'not-found', message: 'No encontrado' } };
      return jsonResponse(res.status, res.body);
    }),
  );
  return calls;
}

/** Types `value` into the control labelled `label`. */
export function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The error text tied to a field through aria-describedby. */
export function fieldError(label: string | RegExp): string | null {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  for (const id of ids) {
    const node = document.getElementById(id);
    if (node?.classList.contains('pv-field-error')) return node.textContent;
  }
  return null;
}
