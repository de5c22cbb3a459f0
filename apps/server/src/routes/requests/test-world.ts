import {
  type CreateRequestRequest,
  type PickupRequestDetail,
  type RequestStatusChange,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createUser, loginAs, type TestUser } from '../../../test/factories.js';
import { nowIso } from '../../db/dialect.js';
import { addDays, bogotaDate, colombianHolidayOn, isSunday, pickupCalendar } from '../../features/requests/pickup-calendar.js';
import { createTestPoints } from '../../features/points/points.test-data.js';

/**
 * A small world for the pickup-request API tests: four points around Medellín, two managers,
 * households, two companies with a branch each, an admin, all logged in for real.
 */

export type Actor = TestUser & { headers: { authorization: string } };

export type World = Awaited<ReturnType<typeof buildWorld>>;

// A pickup address in Laureles, Medellín.
export const HOME = { lat: 6.2446, lng: -75.5916 };

async function actor(app: FastifyInstance, attrs: Parameters<typeof createUser>[1] = {}): Promise<Actor> {
  const user = await createUser(app, attrs);
  return { ...user, headers: await loginAs(app, user) };
}

export async function buildWorld(app: FastifyInstance) {
  // nearestPet takes only PET; inactive takes everything but is closed; p1 is the nearest taking PET +
  // cartón + vidrio; p2 is farther and also takes pilas.
  const [nearestPet, inactive, p1, p2] = await createTestPoints(app.db, [
    { name: 'Contenedor PET Laureles', lat: 6.2447, lng: -75.5917, materials: ['pet'] },
    { name: 'Punto cerrado', lat: 6.2448, lng: -75.5918, materials: ['pet', 'carton', 'vidrio', 'pilas'] },
    { name: 'ECA Estadio', lat: 6.2536, lng: -75.5903, materials: ['pet', 'carton', 'vidrio'], kind: 'eca' },
    { name: 'Punto Limpio Belén', lat: 6.2309, lng: -75.6033, materials: ['pet', 'carton', 'vidrio', 'pilas'] },
  ]);
  await app.db.updateTable('points').set({ active: 0 }).where('id', '=', inactive!).execute();

  const manager1 = await actor(app, { tc_id: 1, name: 'Gestora ECA Estadio' });
  const manager2 = await actor(app, { tc_id: 1, name: 'Gestor Belén' });
  await app.db
    .insertInto('point_managers')
    .values([
      { point_id: p1!, user_id: manager1.id, created_at: nowIso() },
      { point_id: p2!, user_id: manager2.id, created_at: nowIso() },
    ])
    .execute();

  const householdA = await actor(app, { name: 'Ana Hogar' });
  const householdB = await actor(app, { name: 'Bruno Hogar' });
  const head1 = await actor(app, { tc_id: 3, name: 'Reciclemos S.A.S.' });
  const branch1 = await actor(app, { tc_id: 3, name: 'Reciclemos — Sede Belén', id_empresa: head1.id });
  const head2 = await actor(app, { tc_id: 3, name: 'Otra Empresa S.A.S.' });
  const branch2 = await actor(app, { tc_id: 3, name: 'Otra Empresa — Sede Centro', id_empresa: head2.id });
  const admin = await actor(app, { is_admin: true, name: 'Admin PuntoVerde' });

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
  const days = pickupCalendar(new Date()).slice(after).filter((d) => d.available);
  return days[0]!.date;
}

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

export async function createRequest(
  app: FastifyInstance,
  who: Actor,
  overrides: Partial<CreateRequestRequest> = {},
): Promise<PickupRequestDetail> {
  const res = await app.inject({ method: 'POST', url: '/back/api/v1/requests', headers: who.headers, payload: requestBody(overrides) });
  if (res.statusCode !== 201) throw new Error(`create request failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: PickupRequestDetail }>().data;
}

export function changeStatus(app: FastifyInstance, who: Actor, id: number, body: RequestStatusChange) {
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
export function bodyFor(status: RequestStatusChange['status']): RequestStatusChange {
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

/** A real uploaded PNG (POST /v1/files) owned by `who`; returns its public id. */
export async function uploadPhoto(app: FastifyInstance, who: Actor): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e7d32' } }).png().toBuffer();
  const boundary = '----pv' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/back/api/v1/files',
    headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { id: string } }>().data.id;
}

