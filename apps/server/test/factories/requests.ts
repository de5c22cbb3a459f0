import type { CreateRequestRequest, PickupRequestDetail, RequestStatusChange } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import {
  addDays,
  bogotaDate,
  colombianHolidayOn,
  isSunday,
  pickupCalendar,
} from '../../src/features/requests/pickup-calendar.js';
import { uploadImage } from './files.js';
import { assignManagers, createPoints } from './points.js';
import { createActor, type Actor } from './users.js';

/** Pickup requests, made and moved through the API. */

export type RequestsWorld = Awaited<ReturnType<typeof buildRequestsWorld>>;

// A pickup address in Laureles, Medellín.
export const HOME = { lat: 6.2446, lng: -75.5916 };

/**
 * A small world for the pickup-request API tests: four points around Medellín, two managers,
 * households, two companies with a branch each, an admin, all logged in for real.
 */
export async function buildRequestsWorld(app: FastifyInstance) {
  // nearestPet takes only PET; inactive takes everything but is closed; p1 is the nearest taking PET +
  // cartón + vidrio; p2 is farther and also takes pilas.
  const [nearestPet, inactive, p1, p2] = await createPoints(app.db, [
    { name: 'Contenedor PET Laureles', lat: 6.2447, lng: -75.5917, materials: ['pet'] },
    { name: 'Punto cerrado', lat: 6.2448, lng: -75.5918, materials: ['pet', 'carton', 'vidrio', 'pilas'] },
    { name: 'ECA Estadio', lat: 6.2536, lng: -75.5903, materials: ['pet', 'carton', 'vidrio'], kind: 'eca' },
    { name: 'Punto Limpio Belén', lat: 6.2309, lng: -75.6033, materials: ['pet', 'carton', 'vidrio', 'pilas'] },
  ]);
  await app.db.updateTable('points').set({ active: 0 }).where('id', '=', inactive!).execute();

  const manager1 = await createActor(app, { tc_id: 1, name: 'Gestora ECA Estadio' });
  const manager2 = await createActor(app, { tc_id: 1, name: 'Gestor Belén' });
  await assignManagers(app.db, [
    { pointId: p1!, userId: manager1.id },
    { pointId: p2!, userId: manager2.id },
  ]);

  const householdA = await createActor(app, { name: 'Ana Hogar' });
  const householdB = await createActor(app, { name: 'Bruno Hogar' });
  const head1 = await createActor(app, { tc_id: 3, name: 'Reciclemos S.A.S.' });
  const branch1 = await createActor(app, { tc_id: 3, name: 'Reciclemos — Sede Belén', id_empresa: head1.id });
  const head2 = await createActor(app, { tc_id: 3, name: 'Otra Empresa S.A.S.' });
  const branch2 = await createActor(app, { tc_id: 3, name: 'Otra Empresa — Sede Centro', id_empresa: head2.id });
  const admin = await createActor(app, { is_admin: true, name: 'Admin PuntoVerde' });

  return {
    points: { nearestPet: nearestPet!, inactive: inactive!, p1: p1!, p2: p2! },
    manager1,
    manager2,
    householdA,
    householdB,
    head1,
    branch1,
    head2,
    branch2,
    admin,
  };
}

/** The first day from tomorrow on that takes pickups all day (no Sunday, no holiday). */
export function nextPickupDate(after = 1): string {
  const days = pickupCalendar(new Date())
    .slice(after)
    .filter((d) => d.available);
  return days[0]!.date;
}

/** A complete, valid request: PET and cartón from HOME on the next pickup day. */
export function requestBody(overrides: Partial<CreateRequestRequest> = {}): CreateRequestRequest {
  return {
    items: [
      { material: 'pet', estimated_kg: 10 },
      { material: 'carton', estimated_kg: 4.5 },
    ],
    address: 'Carrera 70 # 44-10, Laureles',
    lat: HOME.lat,
    lng: HOME.lng,
    preferred_date: nextPickupDate(),
    time_window: 'manana',
    notes: 'Portería del edificio, preguntar por Ana.',
    photos: [],
    ...overrides,
  };
}

/** Files a request as `who` through the API (201 or throws). */
export async function createRequest(
  app: FastifyInstance,
  who: { headers: Actor['headers'] },
  overrides: Partial<CreateRequestRequest> = {},
): Promise<PickupRequestDetail> {
  const res = await app.inject({
    method: 'POST',
    url: '/back/api/v1/requests',
    headers: who.headers,
    payload: requestBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create request failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: PickupRequestDetail }>().data;
}

/** POST /requests/:id/status as `who`; the raw response. */
export function changeRequestStatus(
  app: FastifyInstance,
  who: { headers: Actor['headers'] },
  id: number,
  body: RequestStatusChange,
) {
  return app.inject({ method: 'POST', url: `/back/api/v1/requests/${id}/status`, headers: who.headers, payload: body });
}

/**
 * 10:00 Bogotá on the first day at least `daysAhead` days from today that is neither a Sunday
 * nor a Colombian holiday (the days a pickup can be scheduled), as an ISO instant.
 */
export function schedulableAt(daysAhead: number, now = new Date()): string {
  let day = addDays(bogotaDate(now), daysAhead);
  while (isSunday(day) || colombianHolidayOn(day)) day = addDays(day, 1);
  return new Date(`${day}T10:00:00-05:00`).toISOString();
}

/** A complete, valid body for moving to `status`. */
export function statusBody(status: RequestStatusChange['status']): RequestStatusChange {
  switch (status) {
    case 'programada':
      return { status, scheduled_at: schedulableAt(2) };
    case 'rechazada':
      return { status, reason: 'No tenemos vehículo disponible esa semana.' };
    case 'recogida':
      return {
        status,
        items: [
          { material: 'pet', actual_kg: 12.5 },
          { material: 'carton', actual_kg: 3 },
        ],
      };
    default:
      return { status };
  }
}

/** A photo for a request: a 64×48 PNG uploaded by `who`; its public id. */
export function uploadRequestPhoto(app: FastifyInstance, who: Actor): Promise<string> {
  return uploadImage(app, who, { size: { width: 64, height: 48 } });
}
