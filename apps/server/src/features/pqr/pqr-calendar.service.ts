import {
  pqrTermDays,
  type PersonalDataKind,
  type PqrCalendarDay,
  type PqrDueDate,
  type PqrType,
} from '@puntoverde/contract';
import type { Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { accountsByIds } from '../identity/identity.service.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { BusinessCalendar, bogotaDate, type IsoDate } from './business-days.js';
import type { PqrRow } from './pqr.repository.js';
import * as repo from './pqr.repository.js';

/** Business days: the calendar, due dates, the paused clock, and staff's table of exceptions. */

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

/** Resumes the stopped clock: the business days left when it stopped count again from `today`. */
export function resumePatch(calendar: BusinessCalendar, row: PqrRow, today: IsoDate, nowIso: string) {
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

export async function listCalendar(db: Executor) {
  const rows = await repo.listCalendarDays(db);
  const authors = await accountsByIds(
    db,
    rows.map((r) => r.created_by),
  );
  return rows.map((r) => ({
    date: r.date,
    is_working: r.is_working === 1,
    reason: r.reason,
    created_at: r.created_at,
    created_by: (r.created_by !== null ? authors.get(r.created_by)?.name : undefined) ?? null,
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
