/** Renders identity components with a fresh query client and the real Spanish strings. */
import { fireEvent, screen } from '@testing-library/react';

export { renderWithProviders, stubFetch, type RecordedCall } from '../../../test/render';

export function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The error text tied to a field through aria-describedby. */
export function fieldError(label: string | RegExp): string | null {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  for (const id of ids) {
    const node = document.getElementById(id);
    if (node?.classList.contains('pv-field-error')) return node.textContent;
  }
  return null;
}
