import {
  TC_ID,
  type PickupDay,
  type PickupRequest,
  type PickupRequestDetail,
  type PickupRequestList,
  type RequestListQueryData,
  type RequestStatus,
  type SuggestedPoint,
} from '@puntoverde/contract';
import type { Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { accountsByIds } from '../identity/identity.service.js';
import { materialsByCodes } from '../materials/materials.service.js';
import { nearPoints, pointIdsOfManager } from '../points/points.service.js';
import { pickupCalendar } from './pickup-calendar.js';
import { isCompanyHead, loadDetail, rolesOn, toRequest, webhookPickupRequest, type RequestsDeps } from './request-views.js';
import { publishWebhookEvent } from '../webhooks/webhooks.service.js';
import * as repo from './requests.repository.js';
import { findItems, findPhotos, findRequest, listRequests as listRequestRows } from './request-parts.js';

/**
 * Pickup requests: creation with the suggested point and the pickup calendar, what
 * each caller may see, status changes through the state machine with a timeline, notifications
 * and live events, and the collected kilograms. Each part has its file:
 * - requests.service.ts (this file): who may ask, reading, the pickup calendar and suggested
 *   points, and what other features ask of requests (photos, kilograms, account deletion, export);
 * - request-creation.service.ts: a new request (validate → choose the point → persist → notify);
 * - request-status.service.ts: status changes through request-state-machine.ts;
 * - request-views.ts, request-notices.ts: what the parts share.
 */

export type { RequestsDeps } from './request-views.js';

const OPEN_STATUSES: RequestStatus[] = ['pendiente', 'aceptada', 'programada'];

// ---------------------------------------------------------------------------------------------
// Who may ask
// ---------------------------------------------------------------------------------------------

/** Only households and companies (heads and branches) ask for pickups; staff accounts are households. */
export function assertMayAskForPickups(user: Pick<AuthUser, 'tc_id'>): void {
  if (user.tc_id !== 2 && user.tc_id !== 3) throw new AppError('request-role-not-allowed');
}

/**
 * The caller has a role on the request (404 request-not-found otherwise, as for a missing one):
 * checked before a status change's body is validated.
 */
export async function assertHasRoleOn(deps: Pick<RequestsDeps, 'db'>, user: AuthUser, id: number): Promise<void> {
  const row = await findRequest(deps.db, id);
  if (!row || (await rolesOn(deps.db, user, row)).size === 0) throw new AppError('request-not-found');
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export function getRequest(deps: RequestsDeps, user: AuthUser, id: number): Promise<PickupRequestDetail> {
  return loadDetail(deps, user, id);
}

/**
 * What the caller may see: their own requests; a company head also its branches'; a point
 * manager the requests to their points; an admin everything. Newest first.
 */
export async function listRequests(
  deps: RequestsDeps,
  user: AuthUser,
  query: RequestListQueryData,
): Promise<PickupRequestList> {
  const pointIds = user.tc_id === TC_ID.manager ? await pointIdsOfManager(deps.db, user.id) : [];
  const visibility: repo.RequestVisibility = user.is_admin
    ? { all: true }
    : { all: false, userId: user.id, companyId: isCompanyHead(user) ? user.id : null, pointIds };
  const { rows, total } = await listRequestRows(
    deps.db,
    visibility,
    {
      statuses: query.status,
      requesterId: query.branch_id,
      pointId: query.point_id,
      from: query.from,
      to: query.to,
    },
    { limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  const ids = rows.map((r) => r.id);
  const [items, photos] = await Promise.all([findItems(deps.db, ids), findPhotos(deps.db, ids)]);
  const list: PickupRequest[] = [];
  for (const row of rows) {
    const roles = await rolesOn(deps.db, user, row, pointIds);
    list.push(
      toRequest(
        deps,
        row,
        items.filter((i) => i.request_id === row.id),
        photos.filter((p) => p.request_id === row.id),
        roles,
      ),
    );
  }
  return { items: list, total, page: query.page, page_size: query.page_size };
}

/** Today and the next days, each with whether a pickup fits (Sundays, holidays, past windows). */
export function pickupDays(now: Date = new Date()): PickupDay[] {
  return pickupCalendar(now);
}

/** The nearest active points accepting every material, nearest first (the first is the suggestion). */
export async function suggestPoints(
  db: Db,
  q: { lat: number; lng: number; materials: string[] },
  limit = 5,
): Promise<SuggestedPoint[]> {
  const known = await materialsByCodes(db, q.materials);
  const unknown = q.materials.filter((c) => !known.some((m) => m.code === c));
  if (unknown.length) {
    throw AppError.field('unknown-material', 'materials', `Material desconocido: ${unknown.join(', ')}.`);
  }
  const near = await nearPoints(db, { lat: q.lat, lng: q.lng, limit, requireAll: q.materials });
  return near.map((p) => ({
    id: p.id,
    name: p.name,
    address: p.address,
    city: p.city,
    lat: p.lat,
    lng: p.lng,
    distance_m: p.distance_m,
  }));
}

// ---------------------------------------------------------------------------------------------
// Other features' hooks
// ---------------------------------------------------------------------------------------------

/** Whether `user` may see a file because it is a photo of a request they may see. */
export async function canSeeRequestPhoto(db: Db, fileId: number, user: AuthUser): Promise<boolean> {
  for (const r of await repo.requestsWithPhoto(db, fileId)) {
    if ((await rolesOn(db, user, r)).size > 0) return true;
  }
  return false;
}

/** Which of these files are already a photo of some request (a photo belongs to one record only). */
export function fileIdsAttachedToRequests(db: Db, fileIds: number[]): Promise<number[]> {
  return repo.attachedFileIds(db, fileIds);
}

/** Kilograms collected from each of these requesters' pickups. */
export function collectedKgOfRequesters(db: Db, requesterIds: number[]): Promise<Map<number, number>> {
  return repo.collectedKgBy(db, 'requester_id', requesterIds);
}

/** Total collected kg per requester, company (head + branches), point or material id. */
export function collectedKgBy(
  db: Db,
  scope: repo.CollectedScope,
  ids: number[],
  range: { from?: string; to?: string } = {},
): Promise<Map<number, number>> {
  return repo.collectedKgBy(db, scope, ids, range);
}

export type CollectedLineScope = repo.CollectedLineScope;

/** Collected kg per day, point and material of a requester's or a company's pickups in a period. */
export function collectedPerDayPointMaterial(db: Db, scope: CollectedLineScope, from: string, to: string) {
  return repo.collectedPerDayPointMaterial(db, scope, from, to);
}

/** An account is deleted: its open requests are cancelled, the others keep only what statistics need. */
export async function onAccountDeleted(db: Db, userId: number, at: string): Promise<void> {
  for (const id of await repo.openRequestIdsOf(db, userId, OPEN_STATUSES)) {
    const row = await findRequest(db, id);
    if (!row) continue;
    if (await repo.updateStatusIf(db, id, row.status, { status: 'cancelada', cancellation_reason: 'Cuenta eliminada', updated_at: at })) {
      await repo.insertEvent(db, {
        request_id: id,
        from_status: row.status,
        to_status: 'cancelada',
        actor_id: null,
        actor_name: 'PuntoVerde',
        note: 'Cuenta eliminada',
        scheduled_at: null,
        created_at: at,
      });
      await publishWebhookEvent(
        db,
        'pickup_request.status_changed',
        { ...webhookPickupRequest(id, { ...row, status: 'cancelada', updated_at: at }), previous_status: row.status },
        new Date(at),
      );
    }
  }
  await repo.anonymiseRequestsOf(db, userId, at);
}

/** The user's pickup requests for "download my data" (Ley 1581 de 2012 art. 8). */
export async function exportRequestsOfUser(db: Db, userId: number) {
  const rows = await repo.listAllOfRequester(db, userId);
  const items = await findItems(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, items: items.filter((i) => i.request_id === r.id) }));
}

/** How many requests wait for a point's answer. */
export async function countPendingRequests(db: Db): Promise<number> {
  return repo.countPendingRequests(db);
}

export type RoutePickup = Awaited<ReturnType<typeof repo.routePickups>>[number] & {
  requester_name: string;
  items: { material: string; name_es: string; name_en: string; estimated_kg: number | null }[];
};

/**
 * Pickups for recyclers' routes (the recyclers feature asks; it decides who may see them): at
 * these points or with these ids, in these statuses, optionally between two days, with their
 * items named. Ordered by day, scheduled time and id.
 */
export async function routePickups(
  db: Db,
  filter: { pointIds?: number[]; ids?: number[]; statuses: RequestStatus[]; from?: string; to?: string },
): Promise<RoutePickup[]> {
  const found = await repo.routePickups(db, filter);
  const requesters = await accountsByIds(
    db,
    found.map((r) => r.requester_id),
  );
  const rows = found.flatMap((r) => {
    const requester = requesters.get(r.requester_id);
    return requester ? [{ ...r, requester_name: requester.name }] : [];
  });
  const items = await findItems(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    lat: Number(r.lat),
    lng: Number(r.lng),
    total_estimated_kg: Number(r.total_estimated_kg),
    items: items
      .filter((i) => i.request_id === r.id)
      .map((i) => ({ material: i.material, name_es: i.name_es, name_en: i.name_en, estimated_kg: i.estimated_kg === null ? null : Number(i.estimated_kg) })),
  }));
}
