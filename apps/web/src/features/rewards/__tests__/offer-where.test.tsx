import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { OfferWhere } from '../components/rewards-screen';

describe('an offer card’s "Dónde canjearla"', () => {
  it('lists the ally’s points of sale and links to the allies map showing them', async () => {
    renderWithProviders(
      <OfferWhere
        offer={{
          ally_id: 7,
          ally_name: 'Supermercados La Canasta',
          where: [
            { name: 'La Canasta Laureles', address: 'Carrera 70 # 44-10', city: 'Medellín', lat: 6.24, lng: -75.59 },
            { name: 'La Canasta Belén', address: 'Calle 30A # 76-45', city: null, lat: 6.23, lng: -75.6 },
          ],
        }}
      />,
    );
    const section = await screen.findByRole('group', { name: 'Dónde canjearla' });
    const items = within(section).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['La Canasta Laureles · Carrera 70 # 44-10, Medellín', 'La Canasta Belén · Calle 30A # 76-45']);
    expect(within(section).getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute('href', '/allies?aliado=7&mapa=1');
  });

  it('shows the ally’s address without a map link when it has no position, and nothing when it has no place', async () => {
    const { unmount } = renderWithProviders(
      <OfferWhere
        offer={{ ally_id: 3, ally_name: 'Café', where: [{ name: 'Café', address: 'Calle 10 # 37-30', city: 'Medellín', lat: null, lng: null }] }}
      />,
    );
    const section = await screen.findByRole('group', { name: 'Dónde canjearla' });
    expect(section).toHaveTextContent('Calle 10 # 37-30, Medellín');
    expect(within(section).queryByRole('link')).toBeNull();
    unmount();
    renderWithProviders(<OfferWhere offer={{ ally_id: 3, ally_name: 'Café', where: [] }} />);
    expect(screen.queryByRole('group', { name: 'Dónde canjearla' })).toBeNull();
  });
});
