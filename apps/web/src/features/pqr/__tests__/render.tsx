/** PQR tests use the shared kit; their screens sit under a router, at /help unless said. */
import type { ReactElement } from 'react';
import { renderWithProviders } from '../../../test/render';

export { fill, routeFetch } from '../../../test/render';

export function renderPqr(ui: ReactElement, url = '/help') {
  return renderWithProviders(ui, { url });
}
