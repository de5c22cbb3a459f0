/** Test data shared by the PQR specs: one queja as filed, before anyone worked on it. */
import type { PqrPublic } from '@puntoverde/contract';

/** What the requester's view and the back office's detail have in common. */
export const pqrFields: Omit<PqrPublic, 'history'> = {
  radicado: 'PQR-2026-000042',
  type: 'queja',
  personal_data_kind: null,
  subject: 'Contenedor lleno en el parque',
  description: 'El contenedor del parque lleva una semana lleno y la gente deja bolsas en el piso.',
  email: 'ana@example.com',
  status: 'radicada',
  filed_at: '2026-11-23T15:00:00.000Z',
  received_on: '2026-11-23',
  due_date: '2026-12-15',
  term_days: 15,
  extension: null,
  information_request: null,
  answer: null,
  transfer: null,
  attachments: [],
};

export const filedPqr: PqrPublic = {
  ...pqrFields,
  history: [{ kind: 'filed', from_status: null, to_status: 'radicada', message: null, at: '2026-11-23T15:00:00.000Z' }],
};
