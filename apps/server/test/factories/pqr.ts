import type { CreatePqrRequest, PqrPublic } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import { pngBytes } from './files.js';
import { multipart, randomIp } from './http.js';

/** PQR filed through the public form (bench/soak.ts sends `validPqr` too, so no app modules here). */

export const PQR_URL = '/back/api/v1/pqr';
export const ADMIN_PQR_URL = '/back/api/v1/admin/pqr';

/** A complete, valid queja filed by a citizen who wants the answer by e-mail. */
export function validPqr(overrides: Partial<CreatePqrRequest> = {}): CreatePqrRequest {
  return {
    type: 'queja',
    subject: 'Contenedor lleno en el parque',
    description:
      'El contenedor de aprovechables del parque de Laureles lleva una semana lleno y la gente deja bolsas en el piso.',
    name: 'Ana María Pérez',
    document_type: 'CC',
    document_number: '1020304050',
    email: 'ana.perez@example.com',
    phone: '300 123 4567',
    answer_channel: 'email',
    attachments: [],
    accept_data_policy: true,
    ...overrides,
  };
}

/** POSTs `body` to the public form from a fresh client address; status and parsed body. */
export async function filePqr(
  app: FastifyInstance,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: { data: PqrPublic } & Record<string, unknown> }> {
  const res = await app.inject({
    method: 'POST',
    url: PQR_URL,
    payload: body as object,
    headers,
    remoteAddress: randomIp(),
  });
  return { status: res.statusCode, json: res.json() };
}

/** Uploads a PNG through the PQR form endpoint; returns the file id and the upload key. */
export async function uploadForPqr(
  app: FastifyInstance,
  options: { key?: string | null; headers?: Record<string, string> } = {},
): Promise<{ id: string; upload_key: string | null }> {
  const { payload, headers } = multipart(await pngBytes(), 'foto.png', 'image/png');
  const res = await app.inject({
    method: 'POST',
    url: `${PQR_URL}/attachments`,
    payload,
    headers: { ...headers, ...(options.key ? { 'x-pqr-upload-key': options.key } : {}), ...(options.headers ?? {}) },
    remoteAddress: randomIp(),
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { id: string; upload_key: string | null } }>().data;
}

/** Moves a PQR's dates as if time had passed (the server always uses the real clock). */
export async function setPqrDates(
  app: FastifyInstance,
  radicado: string,
  dates: Partial<{ due_date: string | null; transfer_due_date: string; original_due_date: string }>,
): Promise<void> {
  await app.db.updateTable('pqr').set(dates).where('radicado', '=', radicado).execute();
}
