import { TC_ID, ZRequestStatus, ZTimeWindow, userKindOf, type PickupRequest, type PickupRequestDetail, type RequestEvent, type WebhookEventData } from '@puntoverde/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { toUploadedFile } from '../files/files.service.js';
import type { RealtimeBus } from '../realtime/realtime.service.js';
import { allowedTransitions, type RequestRole } from './request-state-machine.js';
import { isManagerOfPoint } from '../points/points.service.js';
import * as repo from './requests.repository.js';
import type { ItemRow, PhotoRow, RequestRow } from './request-parts.js';
import { findItems, findPhotos, findRequest } from './request-parts.js';

/**
 * What the request parts share: their dependencies, the caller's roles on a request, and how
 * rows become the contract's request (404 for a request that is not the caller's).
 */

export type RequestsDeps = {
  db: Db;
  bus: RealtimeBus;
  /** Signs the short-lived links of private photos. */
  fileSecret: string;
  log?: FastifyBaseLogger;
};

/** Where the web app shows a request: to its requester, and to the point's managers. */
export const REQUEST_LINKS = {
  requester: (id: number) => `/app/tabs/request/${id}`,
  manager: (id: number) => `/app/tabs/prequest/${id}`,
};

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export function isCompanyHead(user: Pick<AuthUser, 'tc_id' | 'id_empresa'>): boolean {
  return user.tc_id === TC_ID.company && user.id_empresa === null;
}

/** The company a requester belongs to: the head itself, or a branch's head; null for households. */
export function companyOf(user: Pick<AuthUser, 'id' | 'tc_id' | 'id_empresa'>): number | null {
  if (user.tc_id !== TC_ID.company) return null;
  return user.id_empresa ?? user.id;
}

// ---------------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------------

/** How `user` relates to one request (see request-state-machine.ts). */
export async function rolesOn(
  db: Db,
  user: AuthUser,
  row: Pick<RequestRow, 'requester_id' | 'company_id' | 'point_id'>,
  managedPointIds?: number[],
): Promise<Set<RequestRole>> {
  const roles = new Set<RequestRole>();
  if (row.requester_id === user.id) roles.add('requester');
  else if (isCompanyHead(user) && row.company_id === user.id) roles.add('company-head');
  if (user.tc_id === TC_ID.manager) {
    const manages = managedPointIds
      ? managedPointIds.includes(row.point_id)
      : await isManagerOfPoint(db, user.id, row.point_id);
    if (manages) roles.add('point-manager');
  }
  if (user.is_admin) roles.add('admin');
  return roles;
}

// ---------------------------------------------------------------------------------------------
// Mapping rows to the contract
// ---------------------------------------------------------------------------------------------

export function toRequest(
  deps: RequestsDeps,
  row: RequestRow,
  items: ItemRow[],
  photos: PhotoRow[],
  roles: Set<RequestRole>,
): PickupRequest {
  const status = ZRequestStatus.parse(row.status);
  return {
    id: row.id,
    status,
    requester: {
      id: row.requester_id,
      name: row.requester_name,
      kind: userKindOf({ tc_id: row.requester_tc_id, id_empresa: row.requester_id_empresa }) ?? 'household',
      phone: row.requester_phone,
      phone_verified: row.requester_phone_verified_at !== null,
    },
    company_id: row.company_id,
    point: {
      id: row.point_id,
      name: row.point_name,
      address: row.point_address,
      city: row.point_city,
      lat: row.point_lat,
      lng: row.point_lng,
    },
    items: items.map((i) => ({
      material: i.material,
      material_name_es: i.name_es,
      material_name_en: i.name_en,
      estimated_kg: i.estimated_kg,
      units: i.units,
      actual_kg: i.actual_kg,
    })),
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    preferred_date: row.preferred_date,
    time_window: ZTimeWindow.parse(row.time_window),
    notes: row.notes,
    photos: photos.map((p) => {
      const file = toUploadedFile(deps.fileSecret, p);
      return { id: file.id, url: file.url };
    }),
    scheduled_at: row.scheduled_at,
    rejection_reason: row.rejection_reason,
    cancellation_reason: row.cancellation_reason,
    collected_at: row.collected_at,
    total_estimated_kg: round2(Number(row.total_estimated_kg)),
    total_actual_kg: row.total_actual_kg === null ? null : round2(Number(row.total_actual_kg)),
    allowed_transitions: allowedTransitions(status, roles),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function loadDetail(deps: RequestsDeps, user: AuthUser, id: number): Promise<PickupRequestDetail> {
  const row = await findRequest(deps.db, id);
  if (!row) throw new AppError('request-not-found');
  const roles = await rolesOn(deps.db, user, row);
  // Not theirs: the same 404 as a request that does not exist.
  if (roles.size === 0) throw new AppError('request-not-found');
  const [items, photos, events] = await Promise.all([
    findItems(deps.db, [id]),
    findPhotos(deps.db, [id]),
    repo.findEvents(deps.db, id),
  ]);
  const timeline: RequestEvent[] = events.map((e) => ({
    id: e.id,
    from_status: e.from_status === null ? null : ZRequestStatus.parse(e.from_status),
    to_status: ZRequestStatus.parse(e.to_status),
    actor: { id: e.actor_id, name: e.actor_name },
    note: e.note,
    scheduled_at: e.scheduled_at,
    created_at: e.created_at,
  }));
  return { ...toRequest(deps, row, items, photos, roles), timeline };
}

type WebhookRequestFields = 'status' | 'point_id' | 'preferred_date' | 'time_window' | 'pickup_date' | 'scheduled_at' | 'total_estimated_kg' | 'total_actual_kg' | 'created_at' | 'updated_at';

/** What a pickup request's webhook events carry: no requester's address or contact. */
export function webhookPickupRequest(id: number, row: Pick<RequestRow, WebhookRequestFields>): WebhookEventData<'pickup_request.created'> {
  return {
    id,
    status: row.status,
    point_id: row.point_id,
    preferred_date: row.preferred_date,
    time_window: row.time_window,
    pickup_date: row.pickup_date,
    scheduled_at: row.scheduled_at,
    total_estimated_kg: row.total_estimated_kg === null ? null : Number(row.total_estimated_kg),
    total_actual_kg: row.total_actual_kg === null ? null : Number(row.total_actual_kg),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
