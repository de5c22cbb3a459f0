import type { Me } from '@puntoverde/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MyDataSection } from '../components/my-data-section';
import { renderWithProviders } from '../../../test/render';

describe('my data', () => {
  it('states the consent once, with its time and no double period after "p. m."', () => {
    const me = { data_policy_accepted_at: '2026-11-21T20:05:00.000Z', data_policy_version: '2026-11' } as Me;
    renderWithProviders(<MyDataSection me={me} />);
    const text = screen.getByText(/aceptaste la política/i).textContent ?? '';
    expect(text).toContain('3:05');
    expect(text).toContain('versión 2026-11');
    expect(text).not.toMatch(/\.\./);
    expect(text).not.toMatch(/m\.\s*\./);
  });
});
