import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { NearestPoint } from '../components/nearest-point';

describe('Tu punto más cercano', () => {
  it('announces one short status, not the whole section as a live region', () => {
    renderWithProviders(<NearestPoint />, { url: '/index' });
    const section = screen.getByRole('region', { name: 'Tu punto más cercano' });
    expect(section.closest('[aria-live]')).toBeNull();
    const status = screen.getByRole('status');
    expect(section.contains(status)).toBe(true);
    expect(status.querySelector('button, a')).toBeNull();
  });
});
