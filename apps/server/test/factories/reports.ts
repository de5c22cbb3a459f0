import type { CreateReportRequest, HandlerReport, Report } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import { uploadImage } from './files.js';
import { randomIp } from './http.js';
import { assignManagers, createContainer, createPoints } from './points.js';
import { createActor, type Actor } from './users.js';

/** Incident reports, filed and handled through the API. */

export const REPORTS_URL = '/back/api/v1/reports';
export const HANDLING_URL = '/back/api/v1/handling/reports';

// A park in Laureles, Medellín.
export const PARK = { lat: 6.2446, lng: -75.5916 };

export type ReportsWorld = Awaited<ReturnType<typeof buildReportsWorld>>;

/** Two points with a manager each and a PET container on the first; households and staff. */
export async function buildReportsWorld(app: FastifyInstance) {
  const [pointX, pointY] = await createPoints(app.db, [
    { name: 'Contenedor Parque Laureles', lat: PARK.lat, lng: PARK.lng, materials: ['pet'] },
    { name: 'ECA Belén', lat: 6.2309, lng: -75.6033, materials: ['pet', 'carton'] },
  ]);
  const containerId = await createContainer(app.db, pointX!, { material: 'pet', capacity_l: 1100, fill_level: 40 });
  const managerX = await createActor(app, { tc_id: 1, name: 'Gestora Laureles' });
  const managerY = await createActor(app, { tc_id: 1, name: 'Gestor Belén' });
  await assignManagers(app.db, [
    { pointId: pointX!, userId: managerX.id },
    { pointId: pointY!, userId: managerY.id },
  ]);
  return {
    pointX: pointX!,
    pointY: pointY!,
    containerId,
    managerX,
    managerY,
    ana: await createActor(app, { name: 'Ana Hogar' }),
    bruno: await createActor(app, { name: 'Bruno Hogar' }),
    company: await createActor(app, { tc_id: 3, name: 'Reciclemos S.A.S.' }),
    staff: await createActor(app, { is_admin: true, name: 'Admin PuntoVerde' }),
  };
}

/** A complete, valid report: a full container at PARK. */
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

/** POSTs `body` as `who` (from a fresh client address unless `ip` is given); status and parsed body. */
export async function fileReport(app: FastifyInstance, who: Actor, body: unknown, ip = randomIp()) {
  const res = await app.inject({
    method: 'POST',
    url: REPORTS_URL,
    payload: body as object,
    headers: who.headers,
    remoteAddress: ip,
  });
  return {
    status: res.statusCode,
    json: res.json<{ data: Report } & { code?: string; fields?: Record<string, string> }>(),
  };
}

/** Files a valid report as `who` (201 or throws). */
export async function mustFile(
  app: FastifyInstance,
  who: Actor,
  overrides: Partial<CreateReportRequest> = {},
): Promise<Report> {
  const res = await fileReport(app, who, reportBody(overrides));
  if (res.status !== 201) throw new Error(`report failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data;
}

/** POST /handling/reports/:number/status as `who`; status and parsed body. */
export async function changeReportStatus(app: FastifyInstance, who: Actor, number: string, body: object) {
  const res = await app.inject({
    method: 'POST',
    url: `${HANDLING_URL}/${number}/status`,
    payload: body,
    headers: who.headers,
  });
  return {
    status: res.statusCode,
    json: res.json<{ data: HandlerReport; code?: string; fields?: Record<string, string> }>(),
  };
}

/** A photo for a report: a PNG uploaded by `who` as an image; its public id. */
export function uploadReportPhoto(app: FastifyInstance, who: Actor): Promise<string> {
  return uploadImage(app, who, { kind: 'image' });
}

/** Moves a report's resolution back in time (the server always uses the real clock). */
export async function setResolvedAt(app: FastifyInstance, number: string, resolvedAt: string) {
  await app.db
    .updateTable('reports')
    .set({ resolved_at: resolvedAt, closed_at: resolvedAt })
    .where('number', '=', number)
    .execute();
}
