import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { MaterialGuideResults } from '../components/material-guide';

afterEach(() => vi.unstubAllGlobals());

describe('the "¿Dónde reciclo...?" guide', () => {
  it('asks the dictionary and shows where each thing goes, with a map link for what points take', async () => {
    const { calls } = stubFetch({
      status: 200,
      body: {
        data: {
          hits: [
            {
              term: 'chuspa',
              material: 'pebd',
              material_name_es: 'PEBD (4)',
              material_name_en: 'LDPE (4)',
              bin_color: 'blanco',
              kind: 'aprovechable',
              advice: 'Aprovechable: va en la caneca o bolsa blanca (PEBD (4)), limpio y seco.',
              note: null,
            },
          ],
          suggestions: [],
        },
      },
    });
    renderWithProviders(<MaterialGuideResults text="chuspa" onSuggestion={() => undefined} />);
    expect(await screen.findByRole('heading', { name: /Chuspa/ })).toBeInTheDocument();
    expect(screen.getByText('Va en la bolsa blanca (aprovechables limpios y secos).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '¿Dónde reciclo PEBD (4)? Ver puntos en el mapa' })).toHaveAttribute(
      'href',
      '/home?materials=pebd',
    );
    expect(calls[0]!.url).toBe('/back/api/v1/materials/search?q=chuspa');
  });

  it('with no match, says so plainly, offers the nearest words and the PQR — never "quita un filtro"', async () => {
    stubFetch(
      { status: 200, body: { data: { hits: [], suggestions: ['botella', 'botellas plásticas'] } } },
      { status: 200, body: { data: { hits: [], suggestions: [] } } },
    );
    const onSuggestion = vi.fn();
    renderWithProviders(<MaterialGuideResults text=" botelon " onSuggestion={onSuggestion} />);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('No encontramos «botelon» en el diccionario.');
    expect(status).toHaveTextContent('¿Falta una palabra? Cuéntanos con una PQR y la agregamos.');
    expect(status).not.toHaveTextContent(/filtro/i);
    fireEvent.click(screen.getByRole('button', { name: 'botella' }));
    expect(onSuggestion).toHaveBeenCalledWith('botella');
  });
});
