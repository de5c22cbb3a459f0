import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PqrEntry } from '../components/pqr-entry';
import { PqrForm, prefillFrom } from '../components/pqr-form';
import { filedPqr } from './fixtures';
import { fill, renderPqr, routeFetch } from './render';

const dueDate = {
  match: /pqr\/due-date/,
  status: 200,
  body: { data: { due_date: '2026-12-15', received_on: '2026-11-23', term_days: 15 } },
};

function fillValid() {
  fireEvent.change(screen.getByLabelText('Tipo de solicitud'), { target: { value: 'queja' } });
  fill('Asunto', filedPqr.subject);
  fill('Describe tu solicitud', filedPqr.description);
  fill('Nombre completo o razón social', 'Ana María Pérez');
  fill('Número de documento', '1020304050');
  fill('Correo electrónico', 'Ana@Example.com');
  fireEvent.click(screen.getByLabelText(/Autorizo el tratamiento/));
}

describe('PQR filing form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows what is missing next to each field and sends nothing', async () => {
    const calls = routeFetch([dueDate]);
    renderPqr(<PqrForm onFiled={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Radicar PQR' }));
    expect(await screen.findByText('Elige el tipo de solicitud.')).toBeInTheDocument();
    expect(screen.getByText('El asunto debe tener al menos 5 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('Debes aceptar la política de tratamiento de datos personales.')).toBeInTheDocument();
    expect(screen.getByLabelText('Asunto')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('tells the due date before sending, then files the PQR with a lower-cased e-mail', async () => {
    const calls = routeFetch([dueDate, { method: 'POST', match: /v1\/pqr$/, status: 201, body: { data: filedPqr } }]);
    const onFiled = vi.fn();
    renderPqr(<PqrForm onFiled={onFiled} />);
    fillValid();
    expect(
      await screen.findByText(/te responderemos a más tardar el 15 de diciembre de 2026 \(15 días hábiles\)/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Radicar PQR' }));
    await waitFor(() => expect(onFiled).toHaveBeenCalledWith(filedPqr));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/back/api/v1/pqr');
    expect(post?.body).toMatchObject({
      type: 'queja',
      email: 'ana@example.com',
      document_type: 'CC',
      accept_data_policy: true,
      attachments: [],
    });
  });

  it('accepts a cédula written with dots, as people write it', async () => {
    const calls = routeFetch([dueDate, { method: 'POST', match: /v1\/pqr$/, status: 201, body: { data: filedPqr } }]);
    const onFiled = vi.fn();
    renderPqr(<PqrForm onFiled={onFiled} />);
    fillValid();
    fill('Número de documento', '1.017.234.567');
    fireEvent.click(screen.getByRole('button', { name: 'Radicar PQR' }));
    await waitFor(() => expect(onFiled).toHaveBeenCalledWith(filedPqr));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ document_type: 'CC', document_number: '1.017.234.567' });
  });

  it('puts a server field error on its field', async () => {
    routeFetch([
      dueDate,
      {
        method: 'POST',
        match: /v1\/pqr$/,
        status: 400,
        body: {
          code: 'validation-failed',
          message: 'Revisa el campo: email.',
          fields: { email: 'Ese correo no recibe mensajes.' },
        },
      },
    ]);
    renderPqr(<PqrForm onFiled={() => {}} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Radicar PQR' }));
    expect(await screen.findByText('Ese correo no recibe mensajes.')).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks whether a personal-data request is a consulta or a reclamo', async () => {
    routeFetch([dueDate]);
    renderPqr(<PqrForm onFiled={() => {}} />);
    expect(screen.queryByRole('group', { name: '¿Qué quieres hacer con tus datos?' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Tipo de solicitud'), { target: { value: 'datos_personales' } });
    expect(await screen.findByRole('group', { name: '¿Qué quieres hacer con tus datos?' })).toBeInTheDocument();
  });

  it('prefills name, e-mail, phone and document from the logged-in user', () => {
    expect(
      prefillFrom({
        id: 8,
        tc_id: 2,
        id_empresa: null,
        token: 't',
        name: 'Hernán Ospina',
        email: 'h@example.com',
        phone: '3012345678',
        document_type: 'CC',
        document_number: '71234567',
      }),
    ).toEqual({
      name: 'Hernán Ospina',
      email: 'h@example.com',
      phone: '3012345678',
      document_type: 'CC',
      document_number: '71234567',
    });
    expect(
      prefillFrom({ id: 9, tc_id: 3, id_empresa: null, token: 't', name: 'Empresa S.A.S.', nit: '900123456-8' }),
    ).toMatchObject({
      document_type: 'NIT',
      document_number: '900123456-8',
    });
    expect(prefillFrom({ id: 0, tc_id: 0, id_empresa: null, token: null })).toEqual({});
  });
});

describe('PQR entry on the help page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the radicado after filing and opens the tracking with it', async () => {
    const calls = routeFetch([
      dueDate,
      { method: 'POST', match: /v1\/pqr$/, status: 201, body: { data: filedPqr } },
      { match: /pqr\/track\?/, status: 200, body: { data: filedPqr } },
    ]);
    renderPqr(<PqrEntry />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Radicar PQR' }));
    expect(await screen.findByText('PQR-2026-000042')).toBeInTheDocument();
    expect(screen.getByText(/Te responderemos a más tardar el 15 de diciembre de 2026/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Consultar el estado' }));
    expect(screen.getByRole('tab', { name: 'Consultar estado' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: 'PQR PQR-2026-000042' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('radicado=PQR-2026-000042&email=ana%40example.com'))).toBe(true);
  });

  it('opens the tracking tab with the radicado of an e-mail link', () => {
    routeFetch([dueDate]);
    renderPqr(<PqrEntry />, '/help?radicado=PQR-2026-000007');
    expect(screen.getByRole('tab', { name: 'Consultar estado' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Número de radicado')).toHaveValue('PQR-2026-000007');
  });

  it('shows the server message when the radicado and e-mail do not match', async () => {
    routeFetch([
      dueDate,
      {
        match: /pqr\/track\?/,
        status: 404,
        body: { code: 'pqr-not-found', message: 'No encontramos una PQR con ese radicado y ese correo.' },
      },
    ]);
    renderPqr(<PqrEntry />, '/help?radicado=PQR-2026-000007');
    fill('Correo electrónico', 'otro@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No encontramos una PQR con ese radicado y ese correo.');
  });

  it('moves between tabs with the arrow keys', () => {
    routeFetch([dueDate]);
    renderPqr(<PqrEntry />);
    const file = screen.getByRole('tab', { name: 'Radicar PQR' });
    fireEvent.keyDown(file, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Consultar estado' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Mis PQR' })).toBeNull();
  });
});
