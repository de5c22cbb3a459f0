import { TC_ID, REPORT_OPEN_STATUSES, type HandlerReport, type HandlerReportListItem } from '@puntoverde/contract';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { managerIdsOfPoint, pointIdsOfManager } from '../points/points.service.js';
import { reportsChanged } from './public-list-cache.js';
import { DAY_MS, handlerView, loadContext, mustFind, requireHandler, toSummary, type ReportsDeps } from './report-views.js';
import * as repo from './reports.repository.js';
import * as reportRows from './report-rows.js';

/** The handlers' side (staff on all reports, a point manager on their points'): inbox, notes, assignment, photos. */

/**
 * A handler may act on this report (403 report-forbidden, 404 report-not-found otherwise): run
 * before a handling route's body is validated, so a refused caller learns nothing of its fields.
 */
export async function assertHandles(deps: Pick<ReportsDeps, 'db'>, user: AuthUser, number: string): Promise<void> {
  await requireHandler(deps.db, user, await mustFind(deps.db, number));
}

export async function getHandlerReport(deps: ReportsDeps, user: AuthUser, number: string): Promise<HandlerReport> {
  const row = await mustFind(deps.db, number);
  await requireHandler(deps.db, user, row);
  return handlerView(deps, user, row);
}

/** The inbox: staff see all, a manager the reports of their points; oldest first. */
export async function listHandlerReports(
  deps: ReportsDeps,
  user: AuthUser,
  q: { page: number; page_size: number; status?: string[] | undefined; category?: string[] | undefined; point_id?: number | undefined; assigned_to?: number | 'none' | undefined },
): Promise<{ items: HandlerReportListItem[]; total: number; page: number; page_size: number }> {
  if (!user.is_admin && user.tc_id !== TC_ID.manager) throw new AppError('forbidden');
  const filter: repo.ListFilter = {
    statuses: q.status?.length ? q.status : REPORT_OPEN_STATUSES,
    categories: q.category,
    assignedTo: q.assigned_to,
  };
  if (!user.is_admin) {
    const mine = await pointIdsOfManager(deps.db, user.id);
    filter.pointIds = q.point_id ? mine.filter((id) => id === q.point_id) : mine;
  } else if (q.point_id) filter.pointIds = [q.point_id];
  const { rows, total } = await reportRows.listReports(deps.db, filter, {
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
    oldestFirst: true,
  });
  const ctx = await loadContext(deps, user, rows);
  const assignees = await reportRows.accountsOf(deps.db, [...new Set(rows.map((r) => r.assigned_to).filter((x): x is number => x !== null))]);
  const now = new Date();
  return {
    items: rows.map((r) => {
      const a = assignees.find((u) => u.id === r.assigned_to);
      return {
        ...toSummary(deps, r, ctx, user, now),
        assigned_to: a ? { id: a.id, name: a.name } : null,
        age_days: Math.floor((now.getTime() - Date.parse(r.created_at)) / DAY_MS),
      };
    }),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

/** An internal note: handlers only, never shown to the public. */
export async function addInternalNote(deps: ReportsDeps, user: AuthUser, number: string, text: string): Promise<HandlerReport> {
  const row = await mustFind(deps.db, number);
  await requireHandler(deps.db, user, row);
  await repo.insertEvent(deps.db, {
    report_id: row.id,
    kind: 'note',
    from_status: null,
    to_status: null,
    actor_id: user.id,
    actor_name: user.name,
    message: text,
    internal: 1,
    created_at: new Date().toISOString(),
  });
  return handlerView(deps, user, row);
}

/** Assigns a report to a staff member or one of its point's managers (or nobody). */
export async function assignReport(deps: ReportsDeps, user: AuthUser, number: string, assigneeId: number | null): Promise<HandlerReport> {
  const row = await mustFind(deps.db, number);
  await requireHandler(deps.db, user, row);
  let name = 'nadie';
  if (assigneeId !== null) {
    const [a] = await reportRows.accountsOf(deps.db, [assigneeId]);
    const managers = row.point_id !== null ? await managerIdsOfPoint(deps.db, row.point_id) : [];
    if (!a || a.active !== 1 || (a.is_admin !== 1 && !managers.includes(a.id))) {
      throw AppError.field('validation-failed', 'assignee_id', 'Solo puedes asignarlo a alguien del equipo o a quien administra el punto.');
    }
    name = a.name;
  }
  const at = new Date().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await repo.update(trx, row.id, { assigned_to: assigneeId, updated_at: at });
    await repo.insertEvent(trx, {
      report_id: row.id,
      kind: 'assignment',
      from_status: null,
      to_status: null,
      actor_id: user.id,
      actor_name: user.name,
      message: `Asignado a ${name}.`,
      internal: 1,
      created_at: at,
    });
  });
  reportsChanged(deps.db);
  return handlerView(deps, user, (await reportRows.findById(deps.db, row.id))!);
}

/** Staff hide a photo from the public (a face, a licence plate) or show it again. */
export async function setPhotoHidden(deps: ReportsDeps, user: AuthUser, number: string, photoId: string, hidden: boolean): Promise<HandlerReport> {
  const row = await mustFind(deps.db, number);
  await requireHandler(deps.db, user, row);
  if (!(await reportRows.setPhotoHidden(deps.db, row.id, photoId, hidden))) throw AppError.field('report-photo-invalid', 'photo_id');
  reportsChanged(deps.db);
  return handlerView(deps, user, row);
}
