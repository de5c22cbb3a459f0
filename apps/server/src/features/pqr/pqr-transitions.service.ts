import {
  canPqrTransition,
  type AdminPqrAnswerRequest,
  type AdminPqrExtensionRequest,
  type AdminPqrTransferRequest,
  type PqrEventKind,
  type PqrStatus,
} from '@puntoverde/contract';
import type { Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import { findAccount } from '../identity/identity.service.js';
import { notify as notifyUser } from '../notifications/notifications.service.js';
import type { BusinessCalendar, IsoDate } from './business-days.js';
import {
  answerEmail,
  closedEmail,
  extensionEmail,
  formatDateEs,
  informationRequestEmail,
  transferEmail,
} from './pqr.emails.js';
import type { PqrRow } from './pqr.repository.js';
import { mailData, sendRequesterEmail, type Actor, type PqrDeps } from './pqr-deps.js';
import { maxExtensionDate, webhookPqr } from './pqr-views.js';
import { publishWebhookEvent } from '../webhooks/webhooks.service.js';
import { loadCalendar, todayInBogota, resumePatch } from './pqr-calendar.service.js';
import { resolveAttachments } from './pqr-attachments.service.js';
import { getAdminPqr, loadByRadicado } from './pqr-inbox.service.js';
import * as repo from './pqr.repository.js';

/** Staff actions on one PQR: assign, note, change status, answer, extend, transfer. */

type MutationEvent = { kind: PqrEventKind; to_status?: PqrStatus | null; message?: string | null; internal?: boolean };

type Mutation = {
  /** Checks the current row and returns the patch plus the event to record (or throws). */
  (
    row: PqrRow,
    ctx: { calendar: BusinessCalendar; today: IsoDate; nowIso: string; trx: Executor },
  ): Promise<{
    patch: Parameters<typeof repo.updatePqrIfStatus>[3];
    /** History entries; attachments go with the first. `to_status` defaults to the status change, if any. */
    events: MutationEvent[];
    attachments?: { fileIds: number[]; role: string };
    /** A notification record for the requester's account (push follows from it), written in the same transaction. */
    notice?: { title: string; body: string };
  }>;
};

/** Runs one staff action in a transaction: check, update if nobody changed the status meanwhile, record history. */
async function mutate(deps: PqrDeps, radicado: string, actor: Actor, fn: Mutation): Promise<PqrRow> {
  const nowIso = new Date().toISOString();
  const today = todayInBogota();
  return deps.db.transaction().execute(async (trx) => {
    const row = await loadByRadicado(trx, radicado);
    const calendar = await loadCalendar(trx);
    const { patch, events, attachments, notice } = await fn(row, { calendar, today, nowIso, trx });
    const updated = await repo.updatePqrIfStatus(trx, row.id, row.status, { ...patch, updated_at: nowIso });
    if (!updated) {
      throw new AppError('conflict', {
        message: 'Otra persona cambió esta PQR al mismo tiempo. Recarga e inténtalo de nuevo.',
      });
    }
    const changed = updated.status !== row.status ? updated.status : null;
    if (changed)
      await publishWebhookEvent(
        trx,
        'pqr.status_changed',
        { ...webhookPqr(updated), previous_status: row.status },
        new Date(nowIso),
      );
    let eventId = 0;
    for (const [i, event] of events.entries()) {
      const toStatus = event.to_status === undefined ? changed : event.to_status;
      const id = await repo.insertEvent(trx, {
        pqr_id: row.id,
        kind: event.kind,
        from_status: toStatus ? row.status : null,
        to_status: toStatus,
        actor_user_id: actor.id,
        actor_name: actor.name,
        message: event.message ?? null,
        internal: event.internal ? 1 : 0,
        created_at: nowIso,
      });
      if (i === 0) eventId = id;
    }
    if (attachments) {
      await repo.insertAttachments(
        trx,
        attachments.fileIds.map((file_id) => ({
          pqr_id: row.id,
          event_id: eventId,
          file_id,
          role: attachments.role,
          created_at: nowIso,
        })),
      );
    }
    // Staff handling (assignment, answer, status, notes...) is audited like every back-office change.
    const first = events[0];
    if (actor.staff && first) {
      await recordAudit(trx, {
        actorId: actor.id,
        action: first.kind,
        entity: 'pqr',
        entityId: row.radicado,
        before: { status: row.status, assigned_to: row.assigned_to },
        after: { status: updated.status, assigned_to: updated.assigned_to, message: first.message ?? null },
      });
    }
    if (notice && row.requester_user_id !== null) {
      await notifyUser(trx, row.requester_user_id, {
        ...notice,
        kind: 'pqr',
        link: `/help?radicado=${encodeURIComponent(row.radicado)}`,
      });
    }
    return updated;
  });
}

function staffActor(admin: AuthUser): Actor {
  return { id: admin.id, name: admin.name, staff: true };
}

function requireTransition(row: PqrRow, to: PqrStatus): void {
  if (!canPqrTransition(row.status as PqrStatus, to)) {
    throw new AppError('invalid-transition', {
      message: `No se puede pasar de «${row.status}» a «${to}».`,
    });
  }
}

export async function assignPqr(deps: PqrDeps, radicado: string, assigneeId: number | null, admin: AuthUser) {
  let assigneeName: string | null = null;
  if (assigneeId !== null) {
    const person = await findAccount(deps.db, assigneeId);
    if (!person || person.is_admin !== 1 || person.active !== 1)
      throw AppError.field('pqr-assignee-invalid', 'assignee_id');
    assigneeName = person.name;
  }
  await mutate(deps, radicado, staffActor(admin), async (row) => {
    // Assigning a new filing starts its handling.
    const start = assigneeId !== null && row.status === 'radicada';
    const events: MutationEvent[] = [
      {
        kind: 'assignment',
        message: assigneeName ? `Asignada a ${assigneeName}` : 'Sin asignar',
        internal: true,
        to_status: null,
      },
    ];
    // The requester sees that work started, not who handles it.
    if (start) events.push({ kind: 'status' });
    return { patch: { assigned_to: assigneeId, ...(start ? { status: 'en_tramite' } : {}) }, events };
  });
  return getAdminPqr(deps, radicado);
}

export async function addNote(deps: PqrDeps, radicado: string, body: string, admin: AuthUser) {
  await mutate(deps, radicado, staffActor(admin), async () => ({
    patch: {},
    events: [{ kind: 'note', message: body, internal: true, to_status: null }],
  }));
  return getAdminPqr(deps, radicado);
}

export async function changeStatus(
  deps: PqrDeps,
  radicado: string,
  input: { status: 'en_tramite' | 'pendiente_informacion' | 'cerrada'; message?: string | undefined },
  admin: AuthUser,
) {
  const row = await mutate(deps, radicado, staffActor(admin), async (current, { calendar, today, nowIso }) => {
    requireTransition(current, input.status);
    const message = input.message?.trim() || null;
    if (input.status === 'pendiente_informacion') {
      // Art. 17: the clock stops; remember how many business days were left.
      const left = current.due_date ? Math.max(0, calendar.businessDaysBetween(today, current.due_date)) : 0;
      return {
        patch: {
          status: 'pendiente_informacion',
          due_date: null,
          paused_on: today,
          paused_business_days_left: left,
          information_request: message,
          information_requested_at: nowIso,
        },
        events: [{ kind: 'information_request', message }],
      };
    }
    if (input.status === 'en_tramite') {
      const patch =
        current.status === 'pendiente_informacion'
          ? resumePatch(calendar, current, today, nowIso)
          : { status: 'en_tramite' };
      return { patch, events: [{ kind: 'status', message }] };
    }
    return { patch: { status: 'cerrada', closed_at: nowIso }, events: [{ kind: 'status', message }] };
  });
  if (input.status === 'pendiente_informacion') {
    await sendRequesterEmail(
      deps,
      informationRequestEmail({ ...mailData(row), message: row.information_request ?? '' }, deps.publicUrl),
    );
  } else if (input.status === 'cerrada') {
    await sendRequesterEmail(
      deps,
      closedEmail({ ...mailData(row), message: input.message?.trim() || null }, deps.publicUrl),
    );
  }
  return getAdminPqr(deps, radicado);
}

export async function answerPqr(deps: PqrDeps, radicado: string, input: AdminPqrAnswerRequest, admin: AuthUser) {
  const attachmentIds = input.attachments ?? [];
  const row = await mutate(deps, radicado, staffActor(admin), async (current, { nowIso, trx }) => {
    requireTransition(current, 'respondida');
    const fileIds = await resolveAttachments(trx, attachmentIds, { userId: admin.id, uploadKey: null });
    return {
      patch: { status: 'respondida', answer_text: input.text.trim(), answered_at: nowIso, answered_by: admin.id },
      events: [{ kind: 'answer', message: input.text.trim() }],
      attachments: { fileIds, role: 'answer' },
      notice: {
        title: `Respondimos tu PQR ${current.radicado}`,
        body: `Ya tienes la respuesta a «${current.subject}».`,
      },
    };
  });
  await sendRequesterEmail(
    deps,
    answerEmail({ ...mailData(row), answer: row.answer_text ?? '', attachments: attachmentIds.length }, deps.publicUrl),
  );
  return getAdminPqr(deps, radicado);
}

/**
 * Ley 1755 art. 14 parágrafo: once, before the deadline, with the reasons and a new date no
 * later than double the legal term; the requester is told at once.
 */
export async function extendPqr(deps: PqrDeps, radicado: string, input: AdminPqrExtensionRequest, admin: AuthUser) {
  let previous = '';
  const row = await mutate(deps, radicado, staffActor(admin), async (current, { calendar, today, nowIso }) => {
    const max = maxExtensionDate(calendar, current, today);
    if (!max || !current.due_date) throw new AppError('pqr-extension-not-allowed');
    const date = input.new_due_date;
    if (date <= current.due_date || date > max || !calendar.isBusinessDay(date)) {
      throw AppError.field('pqr-extension-date-invalid', 'new_due_date');
    }
    previous = current.due_date;
    return {
      patch: {
        due_date: date,
        extension_reason: input.reason.trim(),
        extended_at: nowIso,
        extension_previous_due_date: current.due_date,
      },
      events: [{ kind: 'extension', message: input.reason.trim(), to_status: null }],
      notice: {
        title: `Ampliamos el plazo de tu PQR ${current.radicado}`,
        body: `Te responderemos a más tardar el ${formatDateEs(date)}. Motivo: ${input.reason.trim()}`,
      },
    };
  });
  await sendRequesterEmail(
    deps,
    extensionEmail(
      {
        ...mailData(row),
        previous_due_date: previous,
        new_due_date: row.due_date ?? previous,
        reason: row.extension_reason ?? '',
      },
      deps.publicUrl,
    ),
  );
  return getAdminPqr(deps, radicado);
}

/** Ley 1755 art. 21: forwarded to the competent entity within 5 business days, requester told. */
export async function transferPqr(deps: PqrDeps, radicado: string, input: AdminPqrTransferRequest, admin: AuthUser) {
  const row = await mutate(deps, radicado, staffActor(admin), async (current, { today, nowIso }) => {
    requireTransition(current, 'trasladada');
    if (today > current.transfer_due_date) throw new AppError('pqr-transfer-too-late');
    return {
      patch: {
        status: 'trasladada',
        transfer_entity: input.entity.trim(),
        transfer_reason: input.reason.trim(),
        transferred_at: nowIso,
      },
      events: [{ kind: 'transfer', message: `${input.entity.trim()}: ${input.reason.trim()}` }],
      notice: {
        title: `Trasladamos tu PQR ${current.radicado}`,
        body: `La enviamos a ${input.entity.trim()}, la entidad competente, que te responderá.`,
      },
    };
  });
  await sendRequesterEmail(
    deps,
    transferEmail(
      { ...mailData(row), entity: row.transfer_entity ?? '', reason: row.transfer_reason ?? '' },
      deps.publicUrl,
    ),
  );
  return getAdminPqr(deps, radicado);
}
