import {
  PQR_DUE_SOON_BUSINESS_DAYS,
  PQR_OPEN_STATUSES,
  PQR_STATUSES,
  PQR_TRANSFER_TERM_BUSINESS_DAYS,
  PQR_TYPES,
  PQR_TYPE_LABELS_ES,
  canPqrTransition,
  formatPqrRadicado,
  pqrMaxExtendedTermDays,
  pqrTermDays,
  type AdminPqrAnswerRequest,
  type AdminPqrDetail,
  type AdminPqrEvent,
  type AdminPqrExtensionRequest,
  type AdminPqrList,
  type AdminPqrListItem,
  type AdminPqrTransferRequest,
  type CreatePqrInput,
  type PersonalDataKind,
  type PqrAnswerChannel,
  type PqrAttachment,
  type PqrCalendarDay,
  type PqrDueDate,
  type PqrEventKind,
  type PqrLight,
  type PqrPublic,
  type PqrPublicEvent,
  type PqrReport,
  type PqrStaff,
  type PqrStatus,
  type PqrType,
  type PqrUpload,
} from '@puntoverde/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import type { AuthUser } from '../../plugins/auth.js';
import { recordAudit } from '../admin/audit.service.js';
import { processUpload, saveFile, toUploadedFile } from '../files/files.service.js';
import { notify as notifyUser } from '../notifications/notifications.service.js';
import { BusinessCalendar, addCalendarDays, bogotaDate, type IsoDate } from './business-days.js';
import {
  answerEmail,
  closedEmail,
  extensionEmail,
  filedEmail,
  formatDateEs,
  informationRequestEmail,
  transferEmail,
} from './pqr.emails.js';
import * as repo from './pqr.repository.js';
import type { AdminListFilter, PqrAttachmentRow, PqrEventRow, PqrRow } from './pqr.repository.js';

/** The uploads feature's storage, as its service takes it. */
type FileStorage = Parameters<typeof saveFile>[1];

export type PqrDeps = {
  db: Db;
  mailer: Mailer;
  tokenSecret: string;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
};

/** Who changes a PQR; `staff` changes also go to the back office's audit log. */
type Actor = { id: number | null; name: string; staff?: boolean };
const REQUESTER_LABEL = 'Peticionario';

const DONE_STATUSES: readonly PqrStatus[] = ['respondida', 'trasladada', 'cerrada'];
/** Open statuses whose clock runs (the inbox traffic lights); pendiente_informacion is paused. */
const RUNNING: readonly PqrStatus[] = PQR_OPEN_STATUSES;
const INBOX_STATUSES: readonly PqrStatus[] = [...RUNNING, 'pendiente_informacion'];

// ——— Calendar and deadlines ———

/** Weekends and holidays plus the admin table of exceptions. */
export async function loadCalendar(db: Executor): Promise<BusinessCalendar> {
  const rows = await repo.listCalendarDays(db);
  return new BusinessCalendar(new Map(rows.map((r) => [r.date, r.is_working === 1])));
}

export function todayInBogota(now: Date = new Date()): IsoDate {
  return bogotaDate(now);
}

/** What `GET pqr/due-date` answers and the filing stores: the same calculator. */
export async function computeDueDate(
  db: Executor,
  type: PqrType,
  personalDataKind: PersonalDataKind | null | undefined,
  filedAt: Date,
): Promise<PqrDueDate> {
  const calendar = await loadCalendar(db);
  const term = pqrTermDays(type, personalDataKind ?? null);
  const { receivedOn, dueDate } = calendar.dueDate(filedAt, term);
  return { due_date: dueDate, received_on: receivedOn, term_days: term };
}

// ——— Views ———

function attachmentView(secret: string, a: PqrAttachmentRow): PqrAttachment {
  const file = toUploadedFile(secret, {
    id: a.file_id,
    public_id: a.public_id,
    owner_id: null,
    kind: a.kind,
    mime: a.mime,
    size: a.size,
    width: null,
    height: null,
    storage_key: '',
    is_public: a.is_public,
    created_at: a.created_at,
  });
  return { id: file.id, kind: file.kind, mime: file.mime, size: file.size, url: file.url };
}

function publicEvent(e: PqrEventRow): PqrPublicEvent {
  return {
    kind: e.kind as PqrEventKind,
    from_status: (e.from_status as PqrStatus | null) ?? null,
    to_status: (e.to_status as PqrStatus | null) ?? null,
    message: e.kind === 'answer' ? null : e.message,
    at: e.created_at,
  };
}

function toPublic(secret: string, row: PqrRow, events: PqrEventRow[], attachments: PqrAttachmentRow[]): PqrPublic {
  const mine = attachments.filter((a) => a.pqr_id === row.id);
  return {
    radicado: row.radicado,
    type: row.type as PqrType,
    personal_data_kind: (row.personal_data_kind as PersonalDataKind | null) ?? null,
    subject: row.subject,
    description: row.description,
    email: row.email,
    status: row.status as PqrStatus,
    filed_at: row.filed_at,
    received_on: row.received_on,
    due_date: row.due_date,
    term_days: row.term_days,
    extension:
      row.extended_at && row.extension_reason && row.extension_previous_due_date
        ? {
            reason: row.extension_reason,
            previous_due_date: row.extension_previous_due_date,
            new_due_date: row.due_date ?? row.extension_previous_due_date,
            at: row.extended_at,
          }
        : null,
    information_request:
      row.status === 'pendiente_informacion' && row.information_request && row.information_requested_at
        ? { message: row.information_request, at: row.information_requested_at }
        : null,
    answer:
      row.answer_text && row.answered_at
        ? {
            text: row.answer_text,
            at: row.answered_at,
            attachments: mine.filter((a) => a.role === 'answer').map((a) => attachmentView(secret, a)),
          }
        : null,
    transfer:
      row.transfer_entity && row.transfer_reason && row.transferred_at
        ? { entity: row.transfer_entity, reason: row.transfer_reason, at: row.transferred_at }
        : null,
    attachments: mine.filter((a) => a.role !== 'answer').map((a) => attachmentView(secret, a)),
    history: events.filter((e) => e.pqr_id === row.id && e.internal === 0).map(publicEvent),
  };
}

async function publicViews(deps: PqrDeps, db: Executor, rows: PqrRow[]): Promise<PqrPublic[]> {
  const ids = rows.map((r) => r.id);
  const [events, attachments] = await Promise.all([repo.listEvents(db, ids), repo.listAttachments(db, ids)]);
  return rows.map((r) => toPublic(deps.tokenSecret, r, events, attachments));
}

function lightOf(
  calendar: BusinessCalendar,
  row: Pick<PqrRow, 'status' | 'due_date'>,
  today: IsoDate,
): { light: PqrLight; left: number | null } {
  if (DONE_STATUSES.includes(row.status as PqrStatus)) return { light: 'done', left: null };
  if (row.status === 'pendiente_informacion' || !row.due_date) return { light: 'paused', left: null };
  const left = calendar.businessDaysBetween(today, row.due_date);
  if (row.due_date < today) return { light: 'overdue', left };
  return { light: left <= PQR_DUE_SOON_BUSINESS_DAYS ? 'due_soon' : 'on_time', left };
}

// ——— Mail ———

async function notify(deps: PqrDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    // The record is already committed; a failed e-mail is logged for staff to resend by hand.
    deps.log.error({ err, to: message.to, subject: message.subject }, 'pqr e-mail failed');
  }
}

function mailData(row: PqrRow) {
  return { radicado: row.radicado, name: row.name, email: row.email, type: row.type, subject: row.subject };
}

// ——— Attachments ———

function hashKey(key: string): string {
  return createHash('sha256').update(`pqr-upload:${key}`).digest('hex');
}

const UPLOAD_KEY_PATTERN = /^[A-Za-z0-9_-]{32,100}$/;

/**
 * Checks every referenced file before anything is written: it exists, no PQR holds it yet, and
 * the caller uploaded it — as the logged-in owner, or anonymously with this form's upload key.
 */
async function resolveAttachments(
  trx: Executor,
  publicIds: string[],
  who: { userId: number | null; uploadKey: string | null | undefined },
  field = 'attachments',
): Promise<number[]> {
  const rows = await repo.findFilesForAttachment(trx, publicIds);
  const keyHash = who.uploadKey ? hashKey(who.uploadKey) : null;
  return publicIds.map((publicId, i) => {
    const row = rows.find((r) => r.public_id === publicId);
    const mine =
      row &&
      ((who.userId !== null && row.owner_id === who.userId) ||
        (row.owner_id === null && keyHash !== null && row.key_hash === keyHash));
    if (!row || !mine || row.attached !== null) throw AppError.field('pqr-attachment-invalid', `${field}.${i}`);
    return row.id;
  });
}

/** A PQR-form upload: allowed without an account, tied to a random key the browser keeps. */
export async function uploadPqrAttachment(
  deps: PqrDeps,
  storage: FileStorage,
  bytes: Buffer,
  options: { truncated: boolean; user: AuthUser | null; uploadKey: string | undefined },
): Promise<PqrUpload> {
  const processed = await processUpload(bytes, { truncated: options.truncated });
  const row = await saveFile(deps.db, storage, processed, { ownerId: options.user?.id ?? null });
  let key: string | null = null;
  if (!options.user) {
    key =
      options.uploadKey && UPLOAD_KEY_PATTERN.test(options.uploadKey)
        ? options.uploadKey
        : randomBytes(24).toString('base64url');
    try {
      await repo.insertAnonymousUpload(deps.db, row.id, hashKey(key), new Date().toISOString());
    } catch (err) {
      await repo.deleteFiles(deps.db, [row.id]);
      await storage.delete(row.storage_key).catch(() => undefined);
      throw err;
    }
    await purgeStaleUploads(deps, storage);
  }
  return { id: row.public_id, kind: processed.kind, mime: row.mime, size: row.size, upload_key: key };
}

/** Anonymous uploads never filed within a day are removed (best effort, a few at a time). */
async function purgeStaleUploads(deps: PqrDeps, storage: FileStorage): Promise<void> {
  try {
    const before = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    const stale = await repo.findStaleAnonymousUploads(deps.db, before);
    if (!stale.length) return;
    await repo.deleteFiles(
      deps.db,
      stale.map((s) => s.id),
    );
    await Promise.all(stale.map((s) => storage.delete(s.storage_key).catch(() => undefined)));
  } catch (err) {
    deps.log.warn({ err }, 'could not purge stale PQR uploads');
  }
}

// ——— Citizens ———

/**
 * Files a PQR. Attachments are checked and the radicado taken in one transaction with the
 * insert: a rejected filing never consumes a number.
 */
export async function filePqr(deps: PqrDeps, input: CreatePqrInput, user: AuthUser | null): Promise<PqrPublic> {
  const filedAt = new Date();
  const filedIso = filedAt.toISOString();
  const kind = input.type === 'datos_personales' ? (input.personal_data_kind ?? null) : null;
  const calendar = await loadCalendar(deps.db);
  const term = pqrTermDays(input.type, kind);
  const { receivedOn, dueDate } = calendar.dueDate(filedAt, term);
  const year = Number(bogotaDate(filedAt).slice(0, 4));

  const row = await deps.db.transaction().execute(async (trx) => {
    const fileIds = await resolveAttachments(trx, input.attachments, {
      userId: user?.id ?? null,
      uploadKey: input.upload_key,
    });
    const sequence = await repo.takeNextSequence(trx, year);
    const pqr = await repo.insertPqr(trx, {
      radicado: formatPqrRadicado(year, sequence),
      year,
      sequence,
      type: input.type,
      personal_data_kind: kind,
      subject: input.subject,
      description: input.description,
      requester_user_id: user?.id ?? null,
      name: input.name,
      document_type: input.document_type,
      document_number: input.document_number.replace(/\./g, ''),
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
    const eventId = await repo.insertEvent(trx, {
      pqr_id: pqr.id,
      kind: 'filed',
      from_status: null,
      to_status: 'radicada',
      actor_user_id: user?.id ?? null,
      actor_name: user?.name ?? REQUESTER_LABEL,
      message: null,
      created_at: filedIso,
    });
    await repo.insertAttachments(
      trx,
      fileIds.map((file_id) => ({ pqr_id: pqr.id, event_id: eventId, file_id, role: 'request', created_at: filedIso })),
    );
    return pqr;
  });

  await notify(
    deps,
    filedEmail({ ...mailData(row), filed_at: row.filed_at, due_date: dueDate, term_days: term }, deps.publicUrl),
  );
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
  const verifiedEmail = await repo.findUserEmailIfVerified(deps.db, user.id);
  const rows = await repo.findPqrsOfUser(deps.db, user.id, verifiedEmail);
  return publicViews(deps, deps.db, rows);
}

/** The user's PQRs for "download my data" (Ley 1581 de 2012 art. 8). */
export async function exportPqrsOfUser(deps: PqrDeps, userId: number): Promise<PqrPublic[]> {
  const rows = await repo.findPqrsOfUser(deps.db, userId, null);
  return publicViews(deps, deps.db, rows);
}

/** Resumes the stopped clock: the business days left when it stopped count again from `today`. */
function resumePatch(calendar: BusinessCalendar, row: PqrRow, today: IsoDate, nowIso: string) {
  const left = Math.max(1, row.paused_business_days_left ?? 1);
  return {
    status: 'en_tramite',
    due_date: calendar.addBusinessDays(today, left),
    paused_on: null,
    paused_business_days_left: null,
    information_request: null,
    information_requested_at: null,
    updated_at: nowIso,
  } as const;
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

// ——— Back office ———

export async function listStaff(db: Executor): Promise<PqrStaff[]> {
  return repo.listActiveStaff(db);
}

function intersect(a: readonly PqrStatus[] | undefined, b: readonly PqrStatus[]): readonly PqrStatus[] {
  return a ? a.filter((s) => b.includes(s)) : b;
}

export async function listAdminPqrs(
  deps: PqrDeps,
  query: {
    status?: PqrStatus | undefined;
    type?: PqrType | undefined;
    light?: PqrLight | undefined;
    assigned?: number | 'me' | 'none' | undefined;
    q?: string | undefined;
    open?: boolean | undefined;
    page: number;
    page_size: number;
  },
  admin: AuthUser,
): Promise<AdminPqrList> {
  const calendar = await loadCalendar(deps.db);
  const today = todayInBogota();
  const soonUntil = calendar.addBusinessDays(today, PQR_DUE_SOON_BUSINESS_DAYS);
  const filter: AdminListFilter = {};
  let statuses: readonly PqrStatus[] | undefined = query.status ? [query.status] : undefined;
  if (query.open) statuses = intersect(statuses, INBOX_STATUSES);
  switch (query.light) {
    case 'overdue':
      statuses = intersect(statuses, RUNNING);
      filter.dueTo = addCalendarDays(today, -1);
      break;
    case 'due_soon':
      statuses = intersect(statuses, RUNNING);
      filter.dueFrom = today;
      filter.dueTo = soonUntil;
      break;
    case 'on_time':
      statuses = intersect(statuses, RUNNING);
      filter.dueFrom = addCalendarDays(soonUntil, 1);
      break;
    case 'paused':
      statuses = intersect(statuses, ['pendiente_informacion']);
      break;
    case 'done':
      statuses = intersect(statuses, DONE_STATUSES);
      break;
    default:
      break;
  }
  if (statuses) filter.statuses = statuses;
  if (query.type) filter.type = query.type;
  if (query.assigned !== undefined) filter.assignedTo = query.assigned === 'me' ? admin.id : query.assigned;
  if (query.q) filter.q = query.q;

  const [{ rows, total }, counts] = await Promise.all([
    repo.listForAdmin(deps.db, filter, query.page, query.page_size),
    repo.countOpenByLight(deps.db, RUNNING, today, soonUntil),
  ]);
  const staff = await repo.findUsersByIds(deps.db, [
    ...new Set(rows.map((r) => r.assigned_to).filter((v): v is number => v !== null)),
  ]);
  const items: AdminPqrListItem[] = rows.map((r) => {
    const { light, left } = lightOf(calendar, r, today);
    const assignee = staff.find((s) => s.id === r.assigned_to);
    return {
      radicado: r.radicado,
      type: r.type as PqrType,
      subject: r.subject,
      name: r.name,
      email: r.email,
      status: r.status as PqrStatus,
      filed_at: r.filed_at,
      due_date: r.due_date,
      business_days_left: left,
      light,
      extended: r.extended_at !== null,
      assignee: assignee ? { id: assignee.id, name: assignee.name, email: assignee.email } : null,
    };
  });
  return { items, total, page: query.page, page_size: query.page_size, counts };
}

/** Open PQRs past due and due soon (the inbox's traffic-light counts), for the back-office home. */
export async function pqrAttentionCounts(db: Executor): Promise<{ overdue: number; due_soon: number }> {
  const calendar = await loadCalendar(db);
  const today = todayInBogota();
  const counts = await repo.countOpenByLight(
    db,
    RUNNING,
    today,
    calendar.addBusinessDays(today, PQR_DUE_SOON_BUSINESS_DAYS),
  );
  return { overdue: counts.overdue, due_soon: counts.due_soon };
}

function maxExtensionDate(calendar: BusinessCalendar, row: PqrRow, today: IsoDate): IsoDate | null {
  if (!RUNNING.includes(row.status as PqrStatus) || row.extended_at || !row.due_date || row.due_date < today)
    return null;
  const extra =
    pqrMaxExtendedTermDays(row.type as PqrType, row.personal_data_kind as PersonalDataKind | null) - row.term_days;
  return extra > 0 ? calendar.addBusinessDays(row.due_date, extra) : null;
}

async function loadByRadicado(db: Executor, radicado: string): Promise<PqrRow> {
  const row = await repo.findPqrByRadicado(db, radicado);
  if (!row) throw new AppError('not-found', { message: `No existe la PQR ${radicado}.` });
  return row;
}

export async function getAdminPqr(deps: PqrDeps, radicado: string): Promise<AdminPqrDetail> {
  const row = await loadByRadicado(deps.db, radicado);
  const [events, attachments, calendar] = await Promise.all([
    repo.listEvents(deps.db, [row.id]),
    repo.listAttachments(deps.db, [row.id]),
    loadCalendar(deps.db),
  ]);
  const today = todayInBogota();
  const pub = toPublic(deps.tokenSecret, row, events, attachments);
  const { light, left } = lightOf(calendar, row, today);
  const people = await repo.findUsersByIds(deps.db, row.assigned_to ? [row.assigned_to] : []);
  const assignee = people[0];
  const allEvents: AdminPqrEvent[] = events.map((e) => ({
    ...publicEvent(e),
    message: e.message,
    id: e.id,
    internal: e.internal === 1,
    actor: { id: e.actor_user_id, name: e.actor_name },
    attachments: attachments.filter((a) => a.event_id === e.id).map((a) => attachmentView(deps.tokenSecret, a)),
  }));
  const { history: _history, ...rest } = pub;
  return {
    ...rest,
    name: row.name,
    document_type: row.document_type,
    document_number: row.document_number,
    phone: row.phone,
    answer_channel: row.answer_channel as PqrAnswerChannel,
    requester_user_id: row.requester_user_id,
    assignee: assignee ? { id: assignee.id, name: assignee.name, email: assignee.email } : null,
    light,
    business_days_left: left,
    original_due_date: row.original_due_date,
    transfer_due_date: row.transfer_due_date,
    max_extension_date: maxExtensionDate(calendar, row, today),
    allowed_transitions: PQR_STATUSES.filter((s) => canPqrTransition(row.status as PqrStatus, s)),
    events: allEvents,
  };
}

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
      await notifyUser(trx, row.requester_user_id, { ...notice, kind: 'pqr', link: `/help?radicado=${encodeURIComponent(row.radicado)}` });
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
    const [person] = await repo.findUsersByIds(deps.db, [assigneeId]);
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
    await notify(
      deps,
      informationRequestEmail({ ...mailData(row), message: row.information_request ?? '' }, deps.publicUrl),
    );
  } else if (input.status === 'cerrada') {
    await notify(deps, closedEmail({ ...mailData(row), message: input.message?.trim() || null }, deps.publicUrl));
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
      notice: { title: `Respondimos tu PQR ${current.radicado}`, body: `Ya tienes la respuesta a «${current.subject}».` },
    };
  });
  await notify(
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
      notice: { title: `Ampliamos el plazo de tu PQR ${current.radicado}`, body: `Te responderemos a más tardar el ${formatDateEs(date)}. Motivo: ${input.reason.trim()}` },
    };
  });
  await notify(
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
      notice: { title: `Trasladamos tu PQR ${current.radicado}`, body: `La enviamos a ${input.entity.trim()}, la entidad competente, que te responderá.` },
    };
  });
  await notify(
    deps,
    transferEmail(
      { ...mailData(row), entity: row.transfer_entity ?? '', reason: row.transfer_reason ?? '' },
      deps.publicUrl,
    ),
  );
  return getAdminPqr(deps, radicado);
}

// ——— Monthly report ———

type Counts = Omit<PqrReport['rows'][number], 'type'>;

function emptyCounts(): Counts {
  return {
    filed: 0,
    answered: 0,
    answered_on_time: 0,
    answered_late: 0,
    overdue_unanswered: 0,
    in_progress: 0,
    transferred: 0,
    closed_without_answer: 0,
    on_time_pct: null,
  };
}

function pct(c: Counts): number | null {
  const decided = c.answered + c.overdue_unanswered;
  return decided ? Math.round((c.answered_on_time / decided) * 1000) / 10 : null;
}

/** Bogotá midnight of a `YYYY-MM-01` as a UTC instant (Colombia is UTC-5 all year). */
function bogotaMidnight(date: IsoDate): string {
  return new Date(`${date}T00:00:00-05:00`).toISOString();
}

/** Volume by type of the PQRs filed in a month and the share answered on time. */
export async function monthlyReport(db: Executor, month: string): Promise<PqrReport> {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  const rows = await repo.listFiledBetween(db, bogotaMidnight(`${month}-01`), bogotaMidnight(`${next}-01`));
  const today = todayInBogota();
  const byType = new Map<PqrType, Counts>(PQR_TYPES.map((t) => [t, emptyCounts()]));
  const total = emptyCounts();
  for (const r of rows) {
    const c = byType.get(r.type as PqrType);
    if (!c) continue;
    for (const t of [c, total]) {
      t.filed += 1;
      if (r.answered_at) {
        t.answered += 1;
        if (r.due_date && bogotaDate(new Date(r.answered_at)) <= r.due_date) t.answered_on_time += 1;
        else t.answered_late += 1;
      } else if (r.transferred_at) t.transferred += 1;
      else if (r.closed_at) t.closed_without_answer += 1;
      else if (r.due_date && r.due_date < today && r.status !== 'pendiente_informacion') t.overdue_unanswered += 1;
      else t.in_progress += 1;
    }
  }
  for (const c of [...byType.values(), total]) c.on_time_pct = pct(c);
  return { month, rows: PQR_TYPES.map((type) => ({ type, ...byType.get(type)! })), total };
}

const pctFormat = new Intl.NumberFormat('es-CO', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function csvCell(v: string | number | null): string {
  const s = v === null ? '' : String(v);
  return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV for spreadsheet programs in es-CO: `;` separators, decimal comma, UTF-8 with BOM. */
export function reportCsv(report: PqrReport): string {
  const header = [
    'Tipo',
    'Radicadas',
    'Respondidas',
    'Respondidas a tiempo',
    'Respondidas fuera de plazo',
    'Vencidas sin respuesta',
    'En trámite',
    'Trasladadas',
    'Cerradas sin respuesta',
    '% a tiempo',
  ];
  const line = (label: string, c: Counts) =>
    [
      label,
      c.filed,
      c.answered,
      c.answered_on_time,
      c.answered_late,
      c.overdue_unanswered,
      c.in_progress,
      c.transferred,
      c.closed_without_answer,
      c.on_time_pct === null ? '' : pctFormat.format(c.on_time_pct),
    ]
      .map(csvCell)
      .join(';');
  return (
    '\uFEFF' +
    [
      header.join(';'),
      ...report.rows.map((r) => line(PQR_TYPE_LABELS_ES[r.type], r)),
      line('Total', report.total),
    ].join('\r\n') +
    '\r\n'
  );
}

// ——— Calendar administration ———

export async function listCalendar(db: Executor) {
  const rows = await repo.listCalendarDays(db);
  return rows.map((r) => ({
    date: r.date,
    is_working: r.is_working === 1,
    reason: r.reason,
    created_at: r.created_at,
    created_by: r.created_by_name,
  }));
}

/** Changes future calculations only: due dates already communicated to requesters stay as they are. */
export async function setCalendarDay(db: Executor, day: PqrCalendarDay, admin: AuthUser) {
  await repo.upsertCalendarDay(db, {
    date: day.date,
    is_working: day.is_working ? 1 : 0,
    reason: day.reason.trim(),
    created_by: admin.id,
    created_at: new Date().toISOString(),
  });
  return listCalendar(db);
}

export async function removeCalendarDay(db: Executor, date: string) {
  if (!(await repo.deleteCalendarDay(db, date))) throw new AppError('not-found');
  return listCalendar(db);
}
