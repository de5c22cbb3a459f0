import type { ReportCategoryView } from '@puntoverde/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ReportCategoriesAdmin } from '../components/admin/report-categories-admin';

const CATEGORIES: ReportCategoryView[] = [
  { code: 'contenedor_lleno', label: 'Contenedor lleno', description: 'Rebosa.', asks_container: true, position: 10, active: true },
  { code: 'otro', label: 'Otro', description: '', asks_container: false, position: 20, active: true },
];

function json(data: unknown, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
}

function renderAdmin(answer: (method: string, url: string, body: unknown) => Response) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const u = url instanceof Request ? url.url : url.toString();
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      calls.push({ method, url: u, body });
      return method === 'GET' ? json({ data: CATEGORIES }) : answer(method, u, body);
    }),
  );
  renderWithProviders(<ReportCategoriesAdmin />, { url: '/' });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('report categories in the back office', () => {
  it('creates a category from its name', async () => {
    const calls = renderAdmin(() => json({ data: { ...CATEGORIES[1], code: 'poda', label: 'Poda de árboles' } }, 201));
    const form = screen.getByRole('form', { name: 'Nueva categoría' });
    fireEvent.change(within(form).getByLabelText('Nombre'), { target: { value: 'Poda de árboles' } });
    fireEvent.click(within(form).getByLabelText('Pregunta qué contenedor del punto'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear categoría' }));
    expect(await screen.findByText('Categoría «Poda de árboles» creada.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/back/api/v1/admin/report-categories',
      body: { label: 'Poda de árboles', description: '', asks_container: true, active: true },
    });
  });

  it('renames, disables and moves one down', async () => {
    const calls = renderAdmin((_m, _u, body) => json({ data: body }));
    fireEvent.click(await screen.findByRole('button', { name: 'Renombrar Contenedor lleno' }));
    const editor = screen.getByRole('form', { name: 'Editar Contenedor lleno' });
    fireEvent.change(within(editor).getByLabelText('Nombre'), { target: { value: 'Contenedor rebosado' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/back/api/v1/admin/report-categories/contenedor_lleno',
      body: { label: 'Contenedor rebosado', description: 'Rebosa.', asks_container: true, active: true },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Desactivar Otro' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]).toMatchObject({ url: '/back/api/v1/admin/report-categories/otro', body: { active: false } });
    expect(screen.getByRole('button', { name: 'Subir Contenedor lleno' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Bajar Contenedor lleno' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/order'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/order'))?.body).toEqual({ codes: ['otro', 'contenedor_lleno'] });
  });

  it("shows the server's message on the name", async () => {
    renderAdmin(() => json({ code: 'report-category-code-taken', message: 'Ya existe una categoría con ese código.', fields: { label: 'Ya existe una categoría con ese código.' } }, 409));
    const form = screen.getByRole('form', { name: 'Nueva categoría' });
    fireEvent.change(within(form).getByLabelText('Nombre'), { target: { value: 'Otro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear categoría' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Ya existe una categoría con ese código.');
    expect(within(form).getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true');
  });
});
