import {
  TC_ID,
  REQUEST_MESSAGES_ES,
  REQUEST_STATUS_LABELS_ES,
  TIME_WINDOW_LABELS_ES,
  UNIT_COUNTED_MATERIAL_GROUP,
  ZRequestStatus,
  ZTimeWindow,
  userKindOf,
  type CreateRequestData,
  type PickupDay,
  type PickupRequest,
  type PickupRequestDetail,
  type PickupRequestList,
  type RealtimeEvent,
  type RequestEvent,
  type RequestListQueryData,
  type RequestStatus,
  type RequestStatusChangeData,
  type SuggestedPoint,
} from '@puntoverde/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { resolveFileRef, toUploadedFile } from '../files/files.service.js';
import { assertPhoneVerifiedIfRequired } from '../identity/phone-verification.service.js';
import { notificationCreatedEvent, notify } from '../notifications/notifications.service.js';
import { nearPoints, pointAcceptance, pointIdsOfManager } from '../points/points.service.js';
import type { RealtimeBus } from '../realtime/realtime.service.js';
import { bogotaDate, colombianHolidayOn, isSunday, pickupCalendar, pickupDateProblem } from './pickup-calendar.js';
import { allowedTransitions, decideTransition, type RequestRole } from './request-state-machine.js';
import { materialsByCodes } from '../materials/materials.service.js';
import * as repo from './requests.repository.js';
import type { ItemRow, PhotoRow, RequestRow } from './requests.repository.js';

/**
 * Pickup requests: creation with the suggested point and the pickup calendar, what
 * each caller may see, status changes through the state machine with a timeline, notifications
 * and live events, and the collected kilograms.
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

const OPEN_STATUSES: RequestStatus[] = ['pendiente', 'aceptada', 'programada'];

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function isCompanyHead(user: Pick<AuthUser, 'tc_id' | 'id_empresa'>): boolean {
  return user.tc_id === TC_ID.company && user.id_empresa === null;
}

/** The company a requester belongs to: the head itself, or a branch's head; null for households. */
function companyOf(user: Pick<AuthUser, 'id' | 'tc_id' | 'id_empresa'>): number | null {
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
      : await repo.isManagerOfPoint(db, user.id, row.point_id);
    if (manages) roles.add('point-manager');
  }
  if (user.is_admin) roles.add('admin');
  return roles;
}

/** Only households and companies (heads and branches) ask for pickups; staff accounts are households. */
export function assertMayAskForPickups(user: Pick<AuthUser, 'tc_id'>): void {
  if (user.tc_id !== 2 && user.tc_id !== 3) throw new AppError('request-role-not-allowed');
}

/**
 * The caller has a role on the request (404 request-not-found otherwise, as for a missing one):
 * checked before a status change's body is validated.
 */
export async function assertHasRoleOn(deps: Pick<RequestsDeps, 'db'>, user: AuthUser, id: number): Promise<void> {
  const row = await repo.findRequest(deps.db, id);
  if (!row || (await rolesOn(deps.db, user, row)).size === 0) throw new AppError('request-not-found');
}

// ---------------------------------------------------------------------------------------------
// Mapping rows to the contract
// ---------------------------------------------------------------------------------------------

function toRequest(
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

async function loadDetail(deps: RequestsDeps, user: AuthUser, id: number): Promise<PickupRequestDetail> {
  const row = await repo.findRequest(deps.db, id);
  if (!row) throw new AppError('request-not-found');
  const roles = await rolesOn(deps.db, user, row);
  // Not theirs: the same 404 as a request that does not exist.
  if (roles.size === 0) throw new AppError('request-not-found');
  const [items, photos, events] = await Promise.all([
    repo.findItems(deps.db, [id]),
    repo.findPhotos(deps.db, [id]),
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
  const { rows, total } = await repo.listRequests(
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
  const [items, photos] = await Promise.all([repo.findItems(deps.db, ids), repo.findPhotos(deps.db, ids)]);
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
// Create
// ---------------------------------------------------------------------------------------------

async function publish(deps: RequestsDeps, userIds: number[], event: RealtimeEvent): Promise<void> {
  try {
    await deps.bus.publish(userIds, event);
  } catch (err) {
    deps.log?.warn({ err }, 'could not publish a live update');
  }
}

/**
 * A request's change to everyone following it, telling those who also get a notification record
 * for it (`notified`): their page shows that notification's alert and no second toast.
 */
async function publishChange(
  deps: RequestsDeps,
  audience: number[],
  notified: ReadonlySet<number>,
  event: Omit<Extract<RealtimeEvent, { type: 'request.created' | 'request.updated' }>, 'notified'>,
): Promise<void> {
  const withNote = audience.filter((u) => notified.has(u));
  const without = audience.filter((u) => !notified.has(u));
  if (withNote.length) await publish(deps, withNote, { ...event, notified: true });
  if (without.length) await publish(deps, without, { ...event, notified: false });
}

/** Everyone who follows a request live: requester, its company head, the point's managers. */
async function audienceOf(deps: RequestsDeps, row: Pick<RequestRow, 'requester_id' | 'company_id' | 'point_id'>) {
  const managers = await repo.managerIdsOfPoint(deps.db, row.point_id);
  const people = [row.requester_id, ...(row.company_id !== null ? [row.company_id] : []), ...managers];
  return { all: [...new Set(people)], managers };
}

type MaterialsByCode = Map<string, Awaited<ReturnType<typeof materialsByCodes>>[number]>;

/**
 * Creates a pickup request: validate what was asked, choose the point, write it in one
 * transaction, then tell the point's managers and the live views.
 */
export async function createRequest(
  deps: RequestsDeps,
  user: AuthUser,
  input: CreateRequestData,
  now: Date = new Date(),
): Promise<PickupRequestDetail> {
  const byCode = await validateNewRequest(deps, user, input, now);
  const pointId = await choosePoint(deps, input, byCode);
  const { id, companyId } = await persistRequest(deps, user, input, pointId, byCode, now);
  const detail = await loadDetail(deps, user, id);
  await announceNewRequest(deps, user, input, { id, companyId, pointId });
  return detail;
}

/** Who may ask, the phone rule, known materials (units only for post-consumer items) and the date. */
async function validateNewRequest(
  deps: RequestsDeps,
  user: AuthUser,
  input: CreateRequestData,
  now: Date,
): Promise<MaterialsByCode> {
  if (user.tc_id !== TC_ID.household && user.tc_id !== TC_ID.company) throw new AppError('request-role-not-allowed');
  // A scheme setting (staff): pickups only for requesters whose phone answered an SMS code.
  await assertPhoneVerifiedIfRequired(deps.db, user.id);

  // Materials: known, and units only for post-consumer items (3 bombillas, 1 llanta).
  const codes = input.items.map((i) => i.material);
  const materials = await materialsByCodes(deps.db, codes);
  const byCode = new Map(materials.map((m) => [m.code, m]));
  input.items.forEach((item, i) => {
    const m = byCode.get(item.material);
    if (!m) throw AppError.field('unknown-material', `items.${i}.material`);
    const postConsumer = m.code === UNIT_COUNTED_MATERIAL_GROUP || m.parent_code === UNIT_COUNTED_MATERIAL_GROUP;
    if (item.units != null && !postConsumer) {
      throw AppError.field(
        'validation-failed',
        `items.${i}.units`,
        'Las unidades solo aplican a residuos posconsumo: indica los kilos aproximados.',
      );
    }
  });

  const problem = pickupDateProblem(input.preferred_date, input.time_window, now);
  if (problem) throw AppError.field('pickup-date-invalid', 'preferred_date', problem.message);

  return byCode;
}

/** The point chosen, if it is active and takes everything; else the nearest that does. */
async function choosePoint(deps: RequestsDeps, input: CreateRequestData, byCode: MaterialsByCode): Promise<number> {
  const codes = input.items.map((i) => i.material);
  if (input.point_id != null) {
    const acceptance = await pointAcceptance(deps.db, input.point_id, codes);
    if (!acceptance) throw AppError.field('point-not-found', 'point_id');
    if (!acceptance.active) throw AppError.field('point-inactive', 'point_id');
    if (acceptance.missing.length) {
      const names = acceptance.missing.map((c) => byCode.get(c)?.name_es ?? c).join(', ');
      throw AppError.field(
        'point-does-not-accept',
        'point_id',
        `Ese punto no recibe: ${names}. Elige otro punto o quita esos materiales.`,
      );
    }
    return input.point_id;
  }
  const [nearest] = await nearPoints(deps.db, { lat: input.lat, lng: input.lng, limit: 1, requireAll: codes });
  if (!nearest) throw new AppError('no-point-accepts-materials');
  return nearest.id;
}

/** The request, its items, photos and first history entry, in one transaction. */
async function persistRequest(
  deps: RequestsDeps,
  user: AuthUser,
  input: CreateRequestData,
  pointId: number,
  byCode: MaterialsByCode,
  now: Date,
): Promise<{ id: number; companyId: number | null }> {
  const at = now.toISOString();
  const companyId = companyOf(user);
  const totalEstimated = input.items.reduce((sum, i) => sum + (i.estimated_kg ?? 0), 0);

  const id = await deps.db.transaction().execute(async (trx) => {
    // Photos: the caller's own uploaded images, each attached to one request only.
    const files = [];
    for (const [i, publicId] of input.photos.entries()) {
      files.push(await resolveFileRef(trx, publicId, user, { field: `photos.${i}`, kind: 'image' }));
    }
    const fileIds = files.map((f) => f.id);
    if (new Set(fileIds).size !== fileIds.length || (await repo.attachedFileIds(trx, fileIds)).length) {
      throw AppError.field('file-reference-invalid', 'photos');
    }
    const { id } = await repo.insertRequest(trx, {
      requester_id: user.id,
      company_id: companyId,
      point_id: pointId,
      status: 'pendiente',
      address: input.address,
      lat: input.lat,
      lng: input.lng,
      preferred_date: input.preferred_date,
      time_window: input.time_window,
      pickup_date: input.preferred_date,
      notes: input.notes,
      scheduled_at: null,
      rejection_reason: null,
      cancellation_reason: null,
      collected_at: null,
      total_estimated_kg: round2(totalEstimated),
      total_actual_kg: null,
      created_at: at,
      updated_at: at,
    });
    await repo.insertItems(
      trx,
      input.items.map((item) => ({
        request_id: id,
        material_id: byCode.get(item.material)!.id,
        estimated_kg: item.estimated_kg ?? null,
        units: item.units ?? null,
        actual_kg: null,
        requester_id: user.id,
        company_id: companyId,
        point_id: pointId,
        collected_at: null,
        collected_on: null,
      })),
    );
    await repo.insertPhotos(
      trx,
      fileIds.map((fileId, position) => ({ request_id: id, file_id: fileId, position })),
    );
    await repo.insertEvent(trx, {
      request_id: id,
      from_status: null,
      to_status: 'pendiente',
      actor_id: user.id,
      actor_name: user.name,
      note: null,
      scheduled_at: null,
      created_at: at,
    });
    return id;
  });

  return { id, companyId };
}

/** The point's managers get a notification (a new request waits for them); everyone concerned, a live event. */
async function announceNewRequest(
  deps: RequestsDeps,
  user: AuthUser,
  input: CreateRequestData,
  { id, companyId, pointId }: { id: number; companyId: number | null; pointId: number },
): Promise<void> {
  const audience = await audienceOf(deps, { requester_id: user.id, company_id: companyId, point_id: pointId });
  const notes = await Promise.all(
    audience.managers.map(async (managerId) => ({
      userId: managerId,
      n: await notify(deps.db, managerId, {
        title: `Nueva solicitud de recolección #${id}`,
        body: `${user.name} pide una recolección en ${input.address} para el ${formatDate(input.preferred_date)} (${TIME_WINDOW_LABELS_ES[input.time_window]}).`,
        link: REQUEST_LINKS.manager(id),
      }),
    })),
  );
  await publishChange(deps, audience.all, new Set(notes.map((n) => n.userId)), {
    type: 'request.created',
    request_id: id,
    status: 'pendiente',
    point_id: pointId,
    actor_id: user.id,
  });
  for (const { userId, n } of notes) await publish(deps, [userId], notificationCreatedEvent(n));
}

// ---------------------------------------------------------------------------------------------
// Status changes
// ---------------------------------------------------------------------------------------------

const dateFormat = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});
const dateTimeFormat = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
});
const kgFormat = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

/** `2026-11-28` → "sábado, 28 de noviembre" (a calendar date: noon UTC is the same day in Bogotá). */
function formatDate(date: string): string {
  return dateFormat.format(new Date(`${date}T12:00:00Z`));
}

function notificationFor(
  status: RequestStatus,
  id: number,
  pointName: string,
  details: { scheduledAt?: string | null; reason?: string | null; totalKg?: number | null },
): { title: string; body: string } {
  switch (status) {
    case 'aceptada':
      return {
        title: `Tu solicitud #${id} fue aceptada`,
        body: `${pointName} aceptó tu solicitud de recolección. Te avisaremos cuando tenga fecha y hora.`,
      };
    case 'programada':
      return {
        title: `Recolección #${id} programada`,
        body: `${pointName} pasará el ${details.scheduledAt ? dateTimeFormat.format(new Date(details.scheduledAt)) : ''}.`,
      };
    case 'recogida':
      return {
        title: `Recolección #${id} completada`,
        body: `Se recogieron ${kgFormat.format(details.totalKg ?? 0)} kg. ¡Gracias por reciclar!`,
      };
    case 'rechazada':
      return {
        title: `Tu solicitud #${id} fue rechazada`,
        body: `${pointName} no puede atenderla. Motivo: ${details.reason ?? ''}`,
      };
    case 'cancelada':
      return { title: `Solicitud #${id} cancelada`, body: 'Cancelaste la solicitud de recolección.' };
    case 'pendiente':
      return { title: `Solicitud #${id}`, body: REQUEST_STATUS_LABELS_ES.pendiente };
  }
}

/**
 * Applies a status change: the state machine decides (403 for a caller who may never do it,
 * 409 for an illegal edge), the row moves only if it is still in the status read (so of 20
 * concurrent accepts exactly one wins and the others get 409), the timeline records actor, time
 * and note, the requester gets a notification record, and everyone following gets a live event.
 */
export async function changeStatus(
  deps: RequestsDeps,
  user: AuthUser,
  id: number,
  change: RequestStatusChangeData,
  now: Date = new Date(),
): Promise<PickupRequestDetail> {
  const row = await repo.findRequest(deps.db, id);
  if (!row) throw new AppError('request-not-found');
  const roles = await rolesOn(deps.db, user, row);
  // Not theirs: the same 404 as a request that does not exist.
  if (roles.size === 0) throw new AppError('request-not-found');
  const from = ZRequestStatus.parse(row.status);
  const to = change.status;
  const decision = decideTransition(from, to, roles);
  if (!decision.ok) throw new AppError(decision.error);

  const at = now.toISOString();
  const patch: Parameters<typeof repo.updateStatusIf>[3] = { status: to, updated_at: at };
  let note = change.note ?? null;
  let scheduledAt: string | null = null;
  let collected: { itemId: number | null; materialId: number; kg: number }[] = [];

  if (to === 'programada') {
    const when = new Date(change.scheduled_at!);
    if (Number.isNaN(when.getTime()) || when.getTime() < now.getTime()) {
      throw AppError.field('scheduled-at-invalid', 'scheduled_at', REQUEST_MESSAGES_ES.scheduledPast);
    }
    // The scheme's calendar binds the point too: no pickups on Sundays nor Colombian holidays.
    const day = bogotaDate(when);
    if (isSunday(day)) throw AppError.field('scheduled-at-invalid', 'scheduled_at', REQUEST_MESSAGES_ES.dateSunday);
    const holiday = colombianHolidayOn(day);
    if (holiday) {
      throw AppError.field('scheduled-at-invalid', 'scheduled_at', REQUEST_MESSAGES_ES.dateHoliday.replace('{name}', holiday));
    }
    scheduledAt = when.toISOString();
    patch.scheduled_at = scheduledAt;
    patch.pickup_date = day;
  } else if (to === 'rechazada') {
    patch.rejection_reason = change.reason!;
    note = change.reason!;
  } else if (to === 'cancelada') {
    patch.cancellation_reason = change.reason ?? null;
    note = change.reason ?? change.note ?? null;
  } else if (to === 'recogida') {
    const items = change.items ?? [];
    const requested = await repo.findItems(deps.db, [id]);
    const missing = requested.filter((r) => !items.some((i) => i.material === r.material));
    if (missing.length) {
      throw AppError.field(
        'collect-items-invalid',
        'items',
        `Falta registrar los kilos de: ${missing.map((m) => m.name_es).join(', ')} (escribe 0 si no se recogió).`,
      );
    }
    const extra = items.filter((i) => !requested.some((r) => r.material === i.material)).map((i) => i.material);
    const extraMaterials = await materialsByCodes(deps.db, extra);
    const unknown = extra.filter((c) => !extraMaterials.some((m) => m.code === c));
    if (unknown.length) throw AppError.field('unknown-material', 'items', `Material desconocido: ${unknown.join(', ')}.`);
    collected = items.map((i) => {
      const item = requested.find((r) => r.material === i.material);
      return {
        itemId: item?.id ?? null,
        materialId: item?.material_id ?? extraMaterials.find((m) => m.code === i.material)!.id,
        kg: round2(i.actual_kg),
      };
    });
    const total = round2(collected.reduce((s, c) => s + c.kg, 0));
    if (total <= 0) {
      throw AppError.field('collect-items-invalid', 'items', 'Registra cuántos kilos se recogieron: el total debe ser mayor que 0.');
    }
    patch.collected_at = at;
    patch.total_actual_kg = total;
  }

  const message = notificationFor(to, id, row.point_name, {
    scheduledAt,
    reason: change.reason ?? null,
    totalKg: patch.total_actual_kg ?? null,
  });

  const notification = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.updateStatusIf(trx, id, from, patch))) {
      // Someone changed it between our read and this write (another manager accepted first).
      throw new AppError('invalid-transition', {
        message: 'La solicitud cambió mientras tanto: otra persona ya la actualizó. Recarga para ver su estado.',
      });
    }
    if (to === 'recogida') {
      const on = bogotaDate(now);
      for (const c of collected) {
        if (c.itemId !== null) {
          await repo.setItemActual(trx, c.itemId, { actual_kg: c.kg, collected_at: at, collected_on: on });
        } else {
          await repo.insertItems(trx, [
            {
              request_id: id,
              material_id: c.materialId,
              estimated_kg: null,
              units: null,
              actual_kg: c.kg,
              requester_id: row.requester_id,
              company_id: row.company_id,
              point_id: row.point_id,
              collected_at: at,
              collected_on: on,
            },
          ]);
        }
      }
    }
    await repo.insertEvent(trx, {
      request_id: id,
      from_status: from,
      to_status: to,
      actor_id: user.id,
      actor_name: user.name,
      note,
      scheduled_at: scheduledAt,
      created_at: at,
    });
    return notify(trx, row.requester_id, { ...message, link: REQUEST_LINKS.requester(id) });
  });

  const audience = await audienceOf(deps, row);
  let managerNotes: { userId: number; n: Awaited<ReturnType<typeof notify>> }[] = [];
  if (to === 'cancelada') {
    managerNotes = await Promise.all(
      audience.managers.map(async (managerId) => ({
        userId: managerId,
        n: await notify(deps.db, managerId, {
          title: `Solicitud #${id} cancelada`,
          body: `${row.requester_name} canceló su solicitud de recolección${note ? `: ${note}` : '.'}`,
          link: REQUEST_LINKS.manager(id),
        }),
      })),
    );
  }
  await publishChange(deps, audience.all, new Set([row.requester_id, ...managerNotes.map((n) => n.userId)]), {
    type: 'request.updated',
    request_id: id,
    status: to,
    point_id: row.point_id,
    actor_id: user.id,
  });
  await publish(deps, [row.requester_id], notificationCreatedEvent(notification));
  for (const { userId, n } of managerNotes) await publish(deps, [userId], notificationCreatedEvent(n));
  return loadDetail(deps, user, id);
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

/** An account is deleted: its open requests are cancelled, the others keep only what statistics need. */
export async function onAccountDeleted(db: Db, userId: number, at: string): Promise<void> {
  for (const id of await repo.openRequestIdsOf(db, userId, OPEN_STATUSES)) {
    const row = await repo.findRequest(db, id);
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
    }
  }
  await repo.anonymiseRequestsOf(db, userId, at);
}

/** The user's pickup requests for "download my data" (Ley 1581 de 2012 art. 8). */
export async function exportRequestsOfUser(db: Db, userId: number) {
  const rows = await repo.listAllOfRequester(db, userId);
  const items = await repo.findItems(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, items: items.filter((i) => i.request_id === r.id) }));
}
