import { TC_ID, TIME_WINDOW_LABELS_ES, UNIT_COUNTED_MATERIAL_GROUP, type CreateRequestData, type PickupRequestDetail } from '@puntoverde/contract';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { resolveFileRef } from '../files/files.service.js';
import { assertPhoneVerifiedIfRequired } from '../identity/phone-verification.service.js';
import { materialsByCodes } from '../materials/materials.service.js';
import { notificationCreatedEvent, notify } from '../notifications/notifications.service.js';
import { nearPoints, pointAcceptance } from '../points/points.service.js';
import { pickupDateProblem } from './pickup-calendar.js';
import { audienceOf, publish, publishChange } from './request-notices.js';
import { companyOf, loadDetail, REQUEST_LINKS, round2, webhookPickupRequest, type RequestsDeps } from './request-views.js';
import { publishWebhookEvent } from '../webhooks/webhooks.service.js';
import * as repo from './requests.repository.js';

const dateFormat = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** `2026-11-28` → "sábado, 28 de noviembre" (a calendar date: noon UTC is the same day in Bogotá). */
function formatDate(date: string): string {
  return dateFormat.format(new Date(`${date}T12:00:00Z`));
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
    const values = {
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
    };
    const { id } = await repo.insertRequest(trx, values);
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
    await publishWebhookEvent(trx, 'pickup_request.created', webhookPickupRequest(id, values), now);
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
