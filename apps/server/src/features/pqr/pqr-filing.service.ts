import {
  parseDocumentNumber,
  PQR_TRANSFER_TERM_BUSINESS_DAYS,
  pqrTermDays,
  type CreatePqrInput,
  type PqrPublic,
} from '@puntoverde/contract';
import type { Executor } from '../../db/dialect.js';
import { numberedTransaction, placeholderNumber } from '../../db/sequence.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { bogotaDate } from './business-days.js';
import { filedEmail } from './pqr.emails.js';
import type { PqrRow } from './pqr.repository.js';
import { REQUESTER_LABEL, mailData, sendRequesterEmail, type PqrDeps } from './pqr-deps.js';
import { publicViews, toPublic, webhookPqr } from './pqr-views.js';
import { findAccount } from '../identity/identity.service.js';
import { publishWebhookEvent } from '../webhooks/webhooks.service.js';
import { loadCalendar, todayInBogota, resumePatch } from './pqr-calendar.service.js';
import { resolveAttachments } from './pqr-attachments.service.js';
import * as repo from './pqr.repository.js';

/** The requester's side: filing, tracking, their list, and supplying requested information. */

/**
 * Files a PQR. Attachments are checked and the radicado taken in one transaction with the
 * insert: a rejected filing never consumes a number. The radicado is taken last, with the commit
 * (`numberedTransaction`): concurrent filings wait for each other only for that. The e-mail goes
 * after the commit.
 */
export async function filePqr(deps: PqrDeps, input: CreatePqrInput, user: AuthUser | null): Promise<PqrPublic> {
  const filedAt = new Date();
  const filedIso = filedAt.toISOString();
  const kind = input.type === 'datos_personales' ? (input.personal_data_kind ?? null) : null;
  const calendar = await loadCalendar(deps.db);
  const term = pqrTermDays(input.type, kind);
  const { receivedOn, dueDate } = calendar.dueDate(filedAt, term);
  const year = Number(bogotaDate(filedAt).slice(0, 4));
  const placeholder = placeholderNumber();

  const filed = await numberedTransaction(deps.db, 'pqr', year, async (trx) => {
    const fileIds = await resolveAttachments(trx, input.attachments, {
      userId: user?.id ?? null,
      uploadKey: input.upload_key,
    });
    const pqr = await repo.insertPqr(trx, {
      radicado: placeholder.number,
      year,
      sequence: placeholder.sequence,
      type: input.type,
      personal_data_kind: kind,
      subject: input.subject,
      description: input.description,
      requester_user_id: user?.id ?? null,
      name: input.name,
      document_type: input.document_type,
      document_number: parseDocumentNumber(input.document_type, input.document_number) ?? input.document_number,
      email: input.email,
      phone: input.phone,
      answer_channel: input.answer_channel,
      status: 'radicada',
      filed_at: filedIso,
      received_on: receivedOn,
      term_days: term,
      original_due_date: dueDate,
      due_date: dueDate,
      transfer_due_date: calendar.addBusinessDays(receivedOn, PQR_TRANSFER_TERM_BUSINESS_DAYS),
      data_policy_accepted_at: filedIso,
      created_at: filedIso,
      updated_at: filedIso,
    });
    const event = {
      pqr_id: pqr.id,
      kind: 'filed',
      from_status: null,
      to_status: 'radicada',
      actor_user_id: user?.id ?? null,
      actor_name: user?.name ?? REQUESTER_LABEL,
      message: null,
      created_at: filedIso,
    };
    const eventId = await repo.insertEvent(trx, event);
    await repo.insertAttachments(
      trx,
      fileIds.map((file_id) => ({ pqr_id: pqr.id, event_id: eventId, file_id, role: 'request', created_at: filedIso })),
    );
    return { ...pqr, filedEvent: { ...event, id: eventId, internal: 0 }, attached: fileIds.length > 0 };
  });
  const { filedEvent, attached, ...written } = filed.row;
  const row = { ...written, sequence: filed.sequence, radicado: filed.number };
  // After the commit: the radicado is given with it (numberedTransaction).
  await publishWebhookEvent(deps.db, 'pqr.created', webhookPqr(row), filedAt);

  await sendRequesterEmail(
    deps,
    filedEmail({ ...mailData(row), filed_at: row.filed_at, due_date: dueDate, term_days: term }, deps.publicUrl),
  );
  // The answer is built from what was written: its one event, and its attachments' files only if it has some.
  if (!attached) return toPublic(deps.tokenSecret, row, [filedEvent], []);
  const [view] = await publicViews(deps, deps.db, [row]);
  return view!;
}

/** Unknown radicado and wrong e-mail give the same answer, so the radicado reveals nothing. */
async function findForRequester(db: Executor, radicado: string, email: string): Promise<PqrRow> {
  const row = await repo.findPqrByRadicado(db, radicado);
  if (!row || row.email !== email.trim().toLowerCase()) throw new AppError('pqr-not-found');
  return row;
}

export async function trackPqr(deps: PqrDeps, radicado: string, email: string): Promise<PqrPublic> {
  const row = await findForRequester(deps.db, radicado, email);
  const [view] = await publicViews(deps, deps.db, [row]);
  return view!;
}

export async function listMyPqrs(deps: PqrDeps, user: AuthUser): Promise<PqrPublic[]> {
  const account = await findAccount(deps.db, user.id);
  const verifiedEmail = account?.email_verified_at ? account.email.toLowerCase() : null;
  const rows = await repo.findPqrsOfUser(deps.db, user.id, verifiedEmail);
  return publicViews(deps, deps.db, rows);
}

/** The user's PQRs for "download my data" (Ley 1581 de 2012 art. 8). */
export async function exportPqrsOfUser(deps: PqrDeps, userId: number): Promise<PqrPublic[]> {
  const rows = await repo.findPqrsOfUser(deps.db, userId, null);
  return publicViews(deps, deps.db, rows);
}

/** The requester sends what staff asked for (Ley 1755 art. 17): the PQR is back in trámite. */
export async function supplyInformation(
  deps: PqrDeps,
  input: {
    radicado: string;
    email: string;
    message: string;
    attachments: string[];
    upload_key?: string | null | undefined;
  },
  user: AuthUser | null,
): Promise<PqrPublic> {
  const nowIso = new Date().toISOString();
  const today = todayInBogota();
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await findForRequester(trx, input.radicado, input.email);
    if (current.status !== 'pendiente_informacion') throw new AppError('invalid-transition');
    const fileIds = await resolveAttachments(trx, input.attachments, {
      userId: user?.id ?? null,
      uploadKey: input.upload_key,
    });
    const calendar = await loadCalendar(trx);
    const updated = await repo.updatePqrIfStatus(
      trx,
      current.id,
      current.status,
      resumePatch(calendar, current, today, nowIso),
    );
    if (!updated) throw new AppError('conflict');
    await publishWebhookEvent(
      trx,
      'pqr.status_changed',
      { ...webhookPqr(updated), previous_status: current.status },
      new Date(nowIso),
    );
    const eventId = await repo.insertEvent(trx, {
      pqr_id: current.id,
      kind: 'information',
      from_status: current.status,
      to_status: 'en_tramite',
      actor_user_id: user?.id ?? null,
      actor_name: user?.name ?? REQUESTER_LABEL,
      message: input.message,
      created_at: nowIso,
    });
    await repo.insertAttachments(
      trx,
      fileIds.map((file_id) => ({
        pqr_id: current.id,
        event_id: eventId,
        file_id,
        role: 'information',
        created_at: nowIso,
      })),
    );
    return updated;
  });
  const [view] = await publicViews(deps, deps.db, [row]);
  return view!;
}
