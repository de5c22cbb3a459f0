import type { ManagedPoint } from '@puntoverde/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ManagedPointsView } from '../components/managed-points-view';

const container = (id: number, material: string, fill_level: number) => ({
  id,
  point_id: 3,
  material,
  capacity_l: 1100,
  fill_level,
  status: 'en-servicio' as const,
  last_emptied_at: null,
  updated_at: '2026-11-25T15:00:00.000Z',
});

const POINT: ManagedPoint = {
  id: 3,
  name: 'ECA Laureles La 70 (demo)',
  kind: 'eca',
  address: 'Carrera 70 # 44-20',
  city: 'Medellín',
  containers: [container(1, 'pet', 64), container(2, 'vidrio', 95), container(3, 'carton', 20)],
};

const MATERIALS = [
  { code: 'pet', name_es: 'PET (1)', name_en: 'PET (1)', bin: 'blanco' },
  { code: 'vidrio', name_es: 'Vidrio', name_en: 'Glass', bin: 'blanco' },
  { code: 'carton', name_es: 'Cartón', name_en: 'Cardboard', bin: 'blanco' },
];

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.includes('v1/points/mine')
        ? { data: [POINT] }
        : url.includes('v1/materials')
          ? { data: MATERIALS }
          : { data: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("a manager's containers", () => {
  it('shows on the fill slider the same value as the text (64 %, not 65)', async () => {
    stubApi();
    renderWithProviders(<ManagedPointsView enabled />);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar PET (1)' }, { timeout: 5000 }));
    const slider = screen.getByRole('slider', { name: 'Nivel de llenado de PET (1)' });
    const form = slider.closest('form')!;
    expect(slider).toHaveValue(String(64));
    // A value off the slider's step is drawn at the nearest step (64 as 65): it must not be off.
    expect((slider as HTMLInputElement).validity.stepMismatch).toBe(false);
    expect(within(form).getByText('64 %')).toBeInTheDocument();
  });

  it('starts with a compact overview: one row per container, fullest first, full ones flagged on top', async () => {
    stubApi();
    renderWithProviders(<ManagedPointsView enabled />);
    const list = await screen.findByRole('list', {
      name: 'Contenedores de ECA Laureles La 70 (demo), del más lleno al menos lleno',
    });
    const rows = within(list).getAllByRole('listitem');
    await within(rows[0]!).findByText('Vidrio', {}, { timeout: 5000 });
    expect(rows.map((row) => within(row).getByRole('meter').getAttribute('aria-valuenow'))).toEqual(['95', '64', '20']);
    // No edit form until a row asks for it.
    expect(screen.queryByRole('slider')).toBeNull();
    const alert = screen.getByRole('status');
    expect(alert).toHaveTextContent('1 contenedor lleno: programa su vaciado');
    expect(alert).toHaveTextContent('Vidrio en ECA Laureles La 70 (demo): 95 %');
    // The alert comes before the list.
    expect(alert.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('opens one container’s edit form from its row, and closes it again', async () => {
    stubApi();
    renderWithProviders(<ManagedPointsView enabled />);
    const edit = await screen.findByRole('button', { name: 'Editar Vidrio' }, { timeout: 5000 });
    expect(edit).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(edit);
    expect(screen.getByRole('slider', { name: 'Nivel de llenado de Vidrio' })).toHaveValue('95');
    expect(screen.getAllByRole('slider')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar la edición de Vidrio' }));
    expect(screen.queryByRole('slider')).toBeNull();
  });
});
