import type { CreateReportRequest, HandlerReport, Report } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createUser, loginAs, randomIp, type TestUser } from '../../../test/factories.js';
import { nowIso } from '../../db/dialect.js';
import { createTestPoints } from '../../features/points/points.test-data.js';
import { multipart } from '../pqr/pqr-test-kit.js';

/** Shared by the report API test files (not a test itself). */

export const REPORTS_URL = '/back/api/v1/reports';
export const HANDLING_URL = '/back/api/v1/handling/reports';

export type Actor = TestUser & { headers: { authorization: string } };

// A park in Laureles, Medellín.
export const PARK = { lat: 6.2446, lng: -75.5916 };

async function actor(app: FastifyInstance, attrs: Parameters<typeof createUser>[1] = {}): Promise<Actor> {
  const user = await createUser(app, attrs);
  return { ...user, headers: await loginAs(app, user) };
}

/** Two points with a manager each and a PET container on the first; households and staff. */
export async function buildReportsWorld(app: FastifyInstance) {
  const [pointX, pointY] = await createTestPoints(app.db, [
    { name: 'Contenedor Parque Laureles', lat: PARK.lat, lng: PARK.lng, materials: ['pet'] },
    { name: 'ECA Belén', lat: 6.2309, lng: -75.6033, materials: ['pet', 'carton'] },
  ]);
  const pet = await app.db.selectFrom('materials').select('id').where('code', '=', 'pet').executeTakeFirstOrThrow();
  const container = await app.db
    .insertInto('containers')
    .values({
      point_id: pointX!,
      material_id: pet.id,
      capacity_l: 1100,
      fill_level: 40,
      status: 'en-servicio',
      last_emptied_at: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const managerX = await actor(app, { tc_id: 1, name: 'Gestora Laureles' });
  const managerY = await actor(app, { tc_id: 1, name: 'Gestor Belén' });
  await app.db
    .insertInto('point_managers')
    .values([
      { point_id: pointX!, user_id: managerX.id, created_at: nowIso() },
      { point_id: pointY!, user_id: managerY.id, created_at: nowIso() },
    ])
    .execute();
  return {
    pointX: pointX!,
    pointY: pointY!,
    containerId: container.id,
    managerX,
    managerY,
    ana: await actor(app, { name: 'Ana Hogar' }),
    bruno: await actor(app, { name: 'Bruno Hogar' }),
    company: await actor(app, { tc_id: 3, name: 'Reciclemos S.A.S.' }),
    staff: await actor(app, { is_admin: true, name: 'Admin PuntoVerde' }),
  };
}

export function reportBody(overrides: Partial<CreateReportRequest> = {}): CreateReportRequest {
  return {
    category: 'contenedor_lleno',
    description: 'El contenedor de PET está lleno y hay bolsas en el andén.',
    lat: PARK.lat,
    lng: PARK.lng,
    photos: [],
    ...overrides,
  };
}

export async function fileReport(app: FastifyInstance, who: Actor, body: unknown, ip = randomIp()) {
  const res = await app.inject({ method: 'POST', url: REPORTS_URL, payload: body as object, headers: who.headers, remoteAddress: ip });
  return { status: res.statusCode, json: res.json<{ data: Report } & { code?: string; fields?: Record<string, string> }>() };
}

export async function mustFile(app: FastifyInstance, who: Actor, overrides: Partial<CreateReportRequest> = {}): Promise<Report> {
  const res = await fileReport(app, who, reportBody(overrides));
  if (res.status !== 201) throw new Error(`report failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data;
}

export async function changeStatus(app: FastifyInstance, who: Actor, number: string, body: object) {
  const res = await app.inject({ method: 'POST', url: `${HANDLING_URL}/${number}/status`, payload: body, headers: who.headers });
  return { status: res.statusCode, json: res.json<{ data: HandlerReport; code?: string; fields?: Record<string, string> }>() };
}

export async function uploadPhoto(app: FastifyInstance, who: Actor): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e7d32' } }).png().toBuffer();
  const { payload, headers } = multipart(png, 'foto.png', 'image/png');
  const res = await app.inject({
    method: 'POST',
    url: '/back/api/v1/files?kind=image',
    payload,
    headers: { ...headers, ...who.headers },
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { id: string } }>().data.id;
}

/** Moves a report's resolution back in time (the server always uses the real clock). */
export async function setResolvedAt(app: FastifyInstance, number: string, resolvedAt: string) {
  await app.db.updateTable('reports').set({ resolved_at: resolvedAt, closed_at: resolvedAt }).where('number', '=', number).execute();
}
