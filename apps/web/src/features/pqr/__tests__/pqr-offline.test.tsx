import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '../../../lib/offline/outbox-store';
import { PqrEntry } from '../components/pqr-entry';
import { filedPqr } from './fixtures';
import { fill, renderPqr, routeFetch } from './render';

function fillValid(description = filedPqr.description) {
  fireEvent.change(screen.getByLabelText('Tipo de solicitud'), { target: { value: 'queja' } });
  fill('Asunto', filedPqr.subject);
  fill('Describe tu solicitud', description);
  fill('Nombre completo o razón social', 'Ana María Pérez');
  fill('Número de documento', '1020304050');
  fill('Correo electrónico', 'ana@example.com');
  fireEvent.click(screen.getByLabelText(/Autorizo el tratamiento/));
}

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const e of await outbox.list()) await outbox.remove(e.id);
});

describe('filing a PQR with no connection', () => {
  it('keeps it as "Pendiente de envío" and, back online, sends it once and shows its radicado', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = routeFetch([{ method: 'POST', match: /v1\/pqr$/, status: 201, body: { data: filedPqr } }]);
    renderPqr(<PqrEntry />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Radicar PQR' }));
    expect(await screen.findByText(/guardamos tu envío en este dispositivo/)).toBeInTheDocument();
    expect(await screen.findByText('Pendiente de envío')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    onLine.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar ahora' }));
    expect(await screen.findByText(`Enviado: ${filedPqr.radicado}`)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows the Spanish refusal of a queued PQR and lets the person correct and resend it', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPqr(<PqrEntry />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Radicar PQR' }));
    await screen.findByText('Pendiente de envío');
    const [entry] = await outbox.list();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    routeFetch([
      {
        method: 'POST',
        match: /v1\/pqr$/,
        status: 400,
        body: {
          code: 'validation-failed',
          message: 'Revisa el campo: subject.',
          fields: { subject: 'Ese asunto ya no se acepta.' },
        },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar ahora' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ese asunto ya no se acepta.');
    expect(screen.getByText('No se pudo enviar')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Corregir y reenviar' }));
    await waitFor(() => expect(screen.getByLabelText('Asunto')).toHaveValue(filedPqr.subject));
    const calls = routeFetch([{ method: 'POST', match: /v1\/pqr$/, status: 201, body: { data: filedPqr } }]);
    fill('Asunto', 'Contenedor lleno en Laureles');
    fireEvent.click(screen.getByRole('button', { name: 'Radicar PQR' }));
    expect(await screen.findByText(`Enviado: ${filedPqr.radicado}`)).toBeInTheDocument();
    const [edited] = await outbox.list();
    expect(edited!.idempotencyKey).not.toBe(entry!.idempotencyKey);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ subject: 'Contenedor lleno en Laureles' });
  });
});
