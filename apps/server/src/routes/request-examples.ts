import type {
  CreateCertificateRequest,
  CreatePqrRequest,
  CreateReportRequest,
  CreateRequestRequest,
  LoginRequest,
  SignupRequest,
} from '@puntoverde/contract';

/**
 * Example bodies of the main requests, shown in the API document (each route attaches its own
 * with `.meta({ examples })`). Typed by the contract; test/openapi-document.test.ts checks that
 * each one passes its route's schema.
 */
export const REQUEST_EXAMPLES = {
  signUp: {
    data_user: {
      tc_id: 2,
      email: 'laura.gomez@example.co',
      password: 'Reciclo-Papel-2026',
      first_name: 'Laura',
      last_name: 'Gómez',
      document_type: 'CC',
      document_number: '1017234567',
      phone: '300 123 4567',
      city: 'Medellín',
      address: 'Calle 10 # 43-12',
      accept_data_policy: true,
    },
  } satisfies SignupRequest,
  logIn: { username: 'laura.gomez@example.co', password: 'Reciclo-Papel-2026' } satisfies LoginRequest,
  createPqr: {
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
  } satisfies CreatePqrRequest,
  createPickup: {
    items: [
      { material: 'pet', estimated_kg: 10 },
      { material: 'carton', estimated_kg: 4.5 },
    ],
    address: 'Carrera 70 # 44-10, Laureles',
    lat: 6.2446,
    lng: -75.5916,
    preferred_date: '2031-03-04',
    time_window: 'manana',
    notes: 'Portería del edificio, preguntar por Ana.',
    photos: [],
  } satisfies CreateRequestRequest,
  createReport: {
    category: 'punto_critico',
    description: 'Bolsas de basura acumuladas en la esquina desde hace tres días.',
    lat: 6.2518,
    lng: -75.5636,
    photos: [],
  } satisfies CreateReportRequest,
  createCertificate: { from: '2026-01-01', to: '2026-06-30' } satisfies CreateCertificateRequest,
};
