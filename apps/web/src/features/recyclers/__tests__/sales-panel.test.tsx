import type { Organization, Sale } from '@puntoverde/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, routeFetch } from '../../../test/render';
import { SalesPanel } from '../components/weighing-panels';

afterEach(() => vi.unstubAllGlobals());

const ORG = { id: 7, name: 'Asociación de Recicladores Demo', ecas: [{ point_id: 9, name: 'ECA Laureles' }] } as unknown as Organization;

const SALE: Sale = {
  id: 15,
  organization_id: 7,
  eca_point_id: 9,
  eca_name: 'ECA Laureles',
  buyer_id_type: 'NIT',
  buyer_id_number: '800197268-4',
  buyer_name: 'Comercializadora Antioqueña',
  invoice_number: 'FE-1047',
  invoice_date: '2026-12-01',
  cufe: null,
  lines: [{ material: 'carton', material_name: 'Cartón', kg: 12.5, price_per_kg: 450, vat_rate: 0, value_before_vat: 5625, vat: 0, value_with_vat: 5625 }],
  total_kg: 12.5,
  value_before_vat: 5625,
  vat: 0,
  value_with_vat: 5625,
  created_at: '2026-12-01T15:00:00.000Z',
};

function routes(put: { status: number; body: unknown }) {
  return routeFetch([
    { match: /\/organizations\/7\/stock$/, status: 200, body: { data: [] } },
    { match: /\/organizations\/7\/sales$/, status: 200, body: { data: [SALE] } },
    { method: 'PUT', match: /\/organizations\/7\/sales\/15$/, ...put },
  ]);
}

describe('correcting a sale', () => {
  it('opens the form prefilled from the sale’s row and sends the correction', async () => {
    const calls = routes({ status: 200, body: { data: { ...SALE, buyer_name: 'Don Jairo Chatarrería', total_kg: 10 } } });
    renderWithProviders(<SalesPanel org={ORG} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar la venta FE-1047' }));
    const form = screen.getByRole('form', { name: 'Corregir la venta FE-1047' });
    expect(within(form).getByLabelText('Nombre del comprador')).toHaveValue('Comercializadora Antioqueña');
    expect(within(form).getByLabelText('Kilos')).toHaveValue('12,5');
    expect(within(form).getByLabelText('Número de factura')).toHaveValue('FE-1047');
    fireEvent.change(within(form).getByLabelText('Nombre del comprador'), { target: { value: 'Don Jairo Chatarrería' } });
    fireEvent.change(within(form).getByLabelText('Kilos'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar corrección' }));
    expect(await screen.findByText(/^Venta FE-1047 corregida: 10/)).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'PUT')!;
    expect(sent.body).toMatchObject({
      eca_point_id: 9,
      buyer_name: 'Don Jairo Chatarrería',
      invoice_number: 'FE-1047',
      lines: [{ material: 'carton', kg: '10', price_per_kg: '450', vat_rate: '0' }],
    });
    expect(screen.getByRole('form', { name: 'Nueva venta' })).toBeInTheDocument();
  });

  it('shows the refusal of a sale of a month already filed with the SUI', async () => {
    routes({
      status: 409,
      body: {
        code: 'recycler-sale-month-filed',
        message:
          'Esta venta es de un mes ya reportado al SUI y cerrado: no se puede corregir aquí. Registra la corrección en el archivo del mes siguiente.',
      },
    });
    renderWithProviders(<SalesPanel org={ORG} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar la venta FE-1047' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar corrección' }));
    expect(
      await screen.findByText(
        'Esta venta es de un mes ya reportado al SUI y cerrado: no se puede corregir aquí. Registra la corrección en el archivo del mes siguiente.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar corrección' }));
    expect(screen.getByRole('form', { name: 'Nueva venta' })).toBeInTheDocument();
  });
});
