import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SearchInput } from '../search-input';

/** A search whose value can also be set from outside, as a suggestion sets the material guide's. */
function Harness({ onValue, debounce = 300 }: { onValue: (value: string) => void; debounce?: number }) {
  const [q, setQ] = useState('');
  return (
    <>
      <SearchInput
        label="Busca un material"
        placeholder="Pilas, botellas…"
        value={q}
        debounce={debounce}
        onValue={(v) => {
          setQ(v);
          onValue(v);
        }}
      />
      <button type="button" onClick={() => setQ('vidrio')}>
        Sugerencia
      </button>
    </>
  );
}

describe('SearchInput', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a searchbox named by its label, with no clear button while empty', () => {
    renderWithProviders(<Harness onValue={() => {}} />);
    const box = screen.getByRole('searchbox', { name: 'Busca un material' });
    expect(box).toHaveAttribute('type', 'search');
    expect(screen.queryByRole('button', { name: 'Borrar la búsqueda' })).toBeNull();
  });

  it('hands what was typed over after the debounce, once', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'pi' } });
    fireEvent.change(box, { target: { value: 'pilas' } });
    expect(box).toHaveValue('pilas');
    expect(onValue).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(300));
    expect(onValue).toHaveBeenCalledTimes(1);
    expect(onValue).toHaveBeenCalledWith('pilas');
  });

  it('Enter hands the text over at once, without waiting for the debounce', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'cartón' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onValue).toHaveBeenCalledWith('cartón');
    act(() => void vi.advanceTimersByTime(300));
    expect(onValue).toHaveBeenCalledTimes(1);
  });

  it('Escape clears the field and the search at once', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'pilas' } });
    act(() => void vi.advanceTimersByTime(300));
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveValue('');
    expect(onValue).toHaveBeenLastCalledWith('');
  });

  it('the clear button empties the field and gives the focus back to it', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'pilas' } });
    act(() => void vi.advanceTimersByTime(300));
    const clear = screen.getByRole('button', { name: 'Borrar la búsqueda' });
    clear.focus();
    fireEvent.click(clear);
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(onValue).toHaveBeenLastCalledWith('');
    expect(screen.queryByRole('button', { name: 'Borrar la búsqueda' })).toBeNull();
  });

  it('shows a value set from outside', () => {
    renderWithProviders(<Harness onValue={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sugerencia' }));
    expect(screen.getByRole('searchbox')).toHaveValue('vidrio');
  });
});
