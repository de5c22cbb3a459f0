import type { Campaign } from '@puntoverde/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, routeFetch } from '../../../test/render';
import { CampaignEditor } from '../components/admin/admin-campaigns';

afterEach(() => vi.unstubAllGlobals());

const CAMPAIGN: Campaign = {
  id: 12,
  title: 'Jornada de reciclaje en el parque',
  summary: 'Trae tus residuos aprovechables separados al parque del barrio.',
  body: '',
  image_id: null,
  image_url: null,
  starts_at: '2030-03-07T14:00:00.000Z',
  ends_at: '2030-03-07T20:00:00.000Z',
  status: 'upcoming',
  point_id: null,
  place_name: null,
  address: null,
  city: 'Medellín',
  lat: null,
  lng: null,
  materials: [],
  organiser: { id: 4, name: 'Supermercados La Canasta' },
  participants_count: 0,
  joined: false,
  reward_bonus_points: 30,
  attended: false,
  published: true,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
};

describe('the back office’s campaign form: the attendance bonus', () => {
  it('shows the campaign’s bonus points with their explanation and saves the new figure', async () => {
    const calls = routeFetch([
      { match: /\/materials/, status: 200, body: { data: [] } },
      {
        match: /\/admin\/allies/,
        status: 200,
        body: { data: { items: [{ id: 4, name: 'Supermercados La Canasta' }], total: 1, page: 1, page_size: 100 } },
      },
      { method: 'PUT', match: /\/admin\/campaigns\/12$/, status: 200, body: { data: { ...CAMPAIGN, reward_bonus_points: 45 } } },
    ]);
    const done = vi.fn();
    renderWithProviders(<CampaignEditor campaign={CAMPAIGN} onDone={done} />);
    const bonus = await screen.findByLabelText('Bono por asistencia (puntos)');
    expect(bonus).toHaveValue('30');
    expect(screen.getByText(/Cada persona cuya asistencia confirme quien organiza gana estos puntos una vez/)).toBeInTheDocument();
    fireEvent.change(bonus, { target: { value: '45' } });
    fireEvent.blur(bonus);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/back/api/v1/admin/campaigns/12');
    expect(put?.body).toMatchObject({ reward_bonus_points: 45, organiser_ally_id: 4 });
  });
});
