import {
  PQR_DUE_SOON_BUSINESS_DAYS,
  PQR_STATUSES,
  canPqrTransition,
  type AdminPqrDetail,
  type AdminPqrEvent,
  type AdminPqrList,
  type AdminPqrListItem,
  type PqrAnswerChannel,
  type PqrLight,
  type PqrStaff,
  type PqrStatus,
  type PqrType,
} from '@puntoverde/contract';
import type { Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { accountsByIds, findAccount, listActiveStaffAccounts } from '../identity/identity.service.js';
import { addCalendarDays } from './business-days.js';
import type { AdminListFilter, PqrRow } from './pqr.repository.js';
import type { PqrDeps } from './pqr-deps.js';
import {
  DONE_STATUSES,
  RUNNING,
  INBOX_STATUSES,
  attachmentView,
  listAttachments,
  publicEvent,
  toPublic,
  lightOf,
  maxExtensionDate,
} from './pqr-views.js';
import { loadCalendar, todayInBogota } from './pqr-calendar.service.js';
import * as repo from './pqr.repository.js';

/** Staff's inbox: the filtered list, the attention counts, one PQR in detail. */

export async function listStaff(db: Executor): Promise<PqrStaff[]> {
  return listActiveStaffAccounts(db);
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
  const staff = await accountsByIds(
    deps.db,
    rows.map((r) => r.assigned_to),
  );
  const items: AdminPqrListItem[] = rows.map((r) => {
    const { light, left } = lightOf(calendar, r, today);
    const assignee = r.assigned_to === null ? undefined : staff.get(r.assigned_to);
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

export async function loadByRadicado(db: Executor, radicado: string): Promise<PqrRow> {
  const row = await repo.findPqrByRadicado(db, radicado);
  if (!row) throw new AppError('not-found', { message: `No existe la PQR ${radicado}.` });
  return row;
}

export async function getAdminPqr(deps: PqrDeps, radicado: string): Promise<AdminPqrDetail> {
  const row = await loadByRadicado(deps.db, radicado);
  const [events, attachments, calendar] = await Promise.all([
    repo.listEvents(deps.db, [row.id]),
    listAttachments(deps.db, [row.id]),
    loadCalendar(deps.db),
  ]);
  const today = todayInBogota();
  const pub = toPublic(deps.tokenSecret, row, events, attachments);
  const { light, left } = lightOf(calendar, row, today);
  const assignee = row.assigned_to ? await findAccount(deps.db, row.assigned_to) : undefined;
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
