import {
  REQUEST_MESSAGES_ES,
  REQUEST_STATUS_LABELS_ES,
  ZRequestStatus,
  type PickupRequestDetail,
  type RequestStatus,
  type RequestStatusChangeData,
} from '@puntoverde/contract';
import type { Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { materialsByCodes } from '../materials/materials.service.js';
import { notificationCreatedEvent, notify } from '../notifications/notifications.service.js';
import { bogotaDate, colombianHolidayOn, isSunday } from './pickup-calendar.js';
import { audienceOf, publish, publishChange } from './request-notices.js';
import { decideTransition } from './request-state-machine.js';
import { loadDetail, REQUEST_LINKS, rolesOn, round2, webhookPickupRequest, type RequestsDeps } from './request-views.js';
import { settleCollectedPickup } from '../rewards/rewards.service.js';
import { publishWebhookEvent } from '../webhooks/webhooks.service.js';
import * as repo from './requests.repository.js';
import { findItems, findRequest } from './request-parts.js';

const dateTimeFormat = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
});
const kgFormat = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

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
  const row = await findRequest(deps.db, id);
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
    const requested = await findItems(deps.db, [id]);
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

  const write = async (trx: Executor) => {
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
      // Weighed kilos earn points, booked with the collection (rewards decides how many).
      await settleCollectedPickup(
        trx,
        {
          requestId: id,
          requesterId: row.requester_id,
          companyId: row.company_id,
          pointId: row.point_id,
          collectedAt: now,
          items: collected.map((c) => ({ materialId: c.materialId, kg: c.kg })),
        },
        now,
      );
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
    await publishWebhookEvent(trx, 'pickup_request.status_changed', { ...webhookPickupRequest(id, { ...row, ...patch }), previous_status: from }, now);
    return notify(trx, row.requester_id, { ...message, link: REQUEST_LINKS.requester(id) });
  };
  // In the caller's transaction when there is one (a scale ticket closing its pickups), else in our own.
  const notification = deps.db.isTransaction ? await write(deps.db) : await deps.db.transaction().execute(write);

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
