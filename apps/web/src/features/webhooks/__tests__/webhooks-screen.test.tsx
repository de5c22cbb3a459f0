import type { WebhookDelivery, WebhookEndpoint } from '@puntoverde/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { WebhooksScreen } from '../components/admin/webhooks-screen';

const ENDPOINT: WebhookEndpoint = {
  id: 7,
  url: 'https://alcaldia.example.gov.co/hooks',
  description: 'Alcaldía',
  events: ['report.created', 'pqr.created'],
  active: true,
  created_at: '2026-12-01T15:00:00.000Z',
  updated_at: '2026-12-01T15:00:00.000Z',
  previous_secret_expires_at: null,
  pending: 0,
  failed: 1,
};

const DELIVERY: WebhookDelivery = {
  id: 31,
  event_id: 'msg_0123456789abcdef',
  event_type: 'report.created',
  status: 'failed',
  attempts: 8,
  next_attempt_at: null,
  delivered_at: null,
  created_at: '2026-12-01T15:00:00.000Z',
  attempt_log: [
    {
      attempted_at: '2026-12-02T18:00:00.000Z',
      status_code: 503,
      answer_excerpt: 'Servicio en mantenimiento',
      error: null,
      duration_ms: 120,
    },
  ],
};

function json(data: unknown, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
}

function renderScreen(answer: (method: string, url: string, body: unknown) => Response) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const u = url instanceof Request ? url.url : url.toString();
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      calls.push({ method, url: u, body });
      if (method === 'GET') return json({ data: u.endsWith('/deliveries') ? [DELIVERY] : [ENDPOINT] });
      return answer(method, u, body);
    }),
  );
  renderWithProviders(<WebhooksScreen />, { url: '/' });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('webhooks in the back office', () => {
  it('registers an endpoint for the chosen events and shows its secret once', async () => {
    const calls = renderScreen(() =>
      json(
        {
          data: {
            ...ENDPOINT,
            id: 8,
            url: 'https://recicladores.example.org/eventos',
            secret: 'whsec_c2VjcmV0by1kZS1wcnVlYmE=',
          },
        },
        201,
      ),
    );
    fireEvent.change(screen.getByLabelText('Dirección (URL https) que recibe los avisos'), {
      target: { value: 'https://recicladores.example.org/eventos' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /Certificado emitido/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Registrar webhook' }));
    expect(await screen.findByText('whsec_c2VjcmV0by1kZS1wcnVlYmE=')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/back/api/v1/admin/webhooks');
    expect(post.body).toMatchObject({ url: 'https://recicladores.example.org/eventos', active: true });
    expect((post.body as { events: string[] }).events).not.toContain('certificate.issued');
  });

  it("shows the server's refusal of a private address", async () => {
    renderScreen(() =>
      json(
        {
          code: 'webhook-url-refused',
          message: 'No podemos enviar a esa dirección.',
          fields: { url: 'No podemos enviar a esa dirección.' },
        },
        400,
      ),
    );
    fireEvent.change(screen.getByLabelText('Dirección (URL https) que recibe los avisos'), {
      target: { value: 'https://10.0.0.5/hook' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/No podemos enviar a esa dirección/);
  });

  it('lists the deliveries with the answer and re-sends one', async () => {
    const calls = renderScreen(() => json({ data: { ...DELIVERY, status: 'pending', attempts: 0 } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ver envíos' }));
    expect(await screen.findByText('Servicio en mantenimiento')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.url).toBe('/back/api/v1/admin/webhooks/7/deliveries/31/resend');
  });
});
