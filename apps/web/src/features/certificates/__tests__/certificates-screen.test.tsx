import type { CertificateSummary, CertificateVerification } from '@puntoverde/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, jsonResponse } from '../../../test/render';
import { logout, saveSession, setSessionNavigator } from '../../../lib/session';
import { CertificatesScreen } from '../components/certificates-screen';
import { VerifyCertificateScreen } from '../components/verify-certificate-screen';
import { lastQuarter } from '../period';

const cert: CertificateSummary = {
  number: 'CERT-2026-000007',
  status: 'valido',
  holder_name: 'Ana Hogar',
  branch_name: null,
  period_from: '2026-07-01',
  period_to: '2026-09-30',
  total_kg: 42.5,
  co2e_kg: 80,
  issued_at: '2026-11-26T15:00:00.000Z',
  annulled_at: null,
  annul_reason: null,
  pdf_size: 20000,
};

beforeEach(() => {
  act(() => saveSession({ id: 5, tc_id: 2, id_empresa: null, token: 'tok', name: 'Ana Hogar' }));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  setSessionNavigator(() => undefined);
  await act(async () => {
    await logout().catch(() => undefined);
  });
});

describe('Certificados', () => {
  it('asks for the last quarter and offers the PDF of the new certificate', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null });
        if (init?.method === 'POST') return jsonResponse(201, { data: cert });
        return jsonResponse(200, { data: [] });
      }),
    );
    renderWithProviders(<CertificatesScreen />);
    expect(await screen.findByText('Aún no tienes certificados.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pedir certificado' }));
    expect(await screen.findByText('Listo: certificado CERT-2026-000007 por 42,5 kg.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar el certificado CERT-2026-000007 (PDF)' })).toBeInTheDocument();
    expect(calls.find((c) => c.body)?.body).toEqual(lastQuarter());
  });

  it('shows the server’s message when the period has nothing collected', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          return jsonResponse(422, { code: 'certificate-nothing-collected', message: 'No tienes kilos recogidos en ese periodo: elige otro periodo para pedir el certificado.' });
        }
        return jsonResponse(200, { data: [{ ...cert, status: 'anulado', annulled_at: '2026-11-26T16:00:00.000Z', annul_reason: 'Error' }] });
      }),
    );
    renderWithProviders(<CertificatesScreen />);
    expect(await screen.findByText('Anulado')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pedir certificado' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No tienes kilos recogidos en ese periodo');
  });

  it('tells a branch that its company asks for certificates', async () => {
    act(() => saveSession({ id: 9, tc_id: 3, id_empresa: 4, token: 'tok' }));
    renderWithProviders(<CertificatesScreen />);
    expect(screen.getByText(/los pide la cuenta principal/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pedir certificado' })).not.toBeInTheDocument();
  });
});

describe('public verification page', () => {
  const verification: CertificateVerification = {
    number: 'CERT-2026-000007',
    status: 'anulado',
    holder_name: 'Reciclemos S.A.S.',
    branch_name: null,
    period_from: '2026-07-01',
    period_to: '2026-09-30',
    total_kg: 37,
    co2e_kg: 129.62,
    per_material: [{ material: 'Cartón', kg: 30 }],
    issued_at: '2026-11-26T15:00:00.000Z',
    annulled_at: '2026-11-26T16:00:00.000Z',
    annul_reason: 'Kilos mal registrados.',
  };

  it('says an annulled certificate is annulled, and why', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { data: verification })));
    renderWithProviders(<VerifyCertificateScreen code="A_pb8PmuExsW2JhvsTfNWw" />);
    expect(await screen.findByRole('heading', { name: 'Certificado anulado' })).toBeInTheDocument();
    expect(screen.getByText('Motivo de la anulación: Kilos mal registrados.')).toBeInTheDocument();
    expect(screen.getByText('37 kg')).toBeInTheDocument();
  });

  it('says it was not found for an unknown code', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(404, { code: 'certificate-not-found', message: 'No encontramos ese certificado.' })));
    renderWithProviders(<VerifyCertificateScreen code="nope" />);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'No encontramos ese certificado' })).toBeInTheDocument());
  });
});
