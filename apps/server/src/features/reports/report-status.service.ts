import {
  REPORT_STATUS_LABELS_ES,
  ZReportStatus,
  canReportTransition,
  type HandlerReport,
  type Report,
  type ReportStatus,
  type ReportStatusChangeData,
} from '@puntoverde/contract';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { notify } from '../notifications/notifications.service.js';
import { reportsChanged } from './public-list-cache.js';
import { categoryLabels } from './report-categories.service.js';
import { audience, publishNotifications, REPORT_APP_LINK, sendMail } from './report-notices.js';
import { canReopen, handlerView, mustFind, publicView, requireHandler, webhookReport, type ReportsDeps } from './report-views.js';
import { publishWebhookEvent } from '../webhooks/webhooks.service.js';
import { statusEmail } from './reports.emails.js';
import * as repo from './reports.repository.js';
import * as reportRows from './report-rows.js';
import type { ReportRow } from './report-rows.js';

/** Status changes: a handler's (one or many), the reporter's reopening; each tells reporter and followers. */

export type Change = {
  to: ReportStatus;
  actor: { id: number | null; name: string };
  /** Public note in the timeline. */
  note: string | null;
  reason?: string | null;
  duplicateOf?: ReportRow | null;
  kind?: string;
};

/** Moves a report (if still in the status read), records the event, tells reporter and followers. */
export async function applyChange(deps: ReportsDeps, row: ReportRow, change: Change, now: Date): Promise<void> {
  const from = ZReportStatus.parse(row.status);
  const at = now.toISOString();
  const patch: Parameters<typeof repo.updateIfStatus>[3] = { status: change.to, updated_at: at };
  if (change.to === 'resuelto') {
    Object.assign(patch, { resolved_at: at, closed_at: at, follow_up_sent_at: null, follow_up_answer: null, follow_up_answered_at: null });
  }
  if (change.to === 'descartado' || change.to === 'duplicado') patch.closed_at = at;
  if (change.to === 'abierto') Object.assign(patch, { resolved_at: null, closed_at: null });
  patch.status_notes = change.to === 'descartado' ? (change.reason ?? null) : change.note;
  if (change.to === 'duplicado') patch.duplicate_of_id = change.duplicateOf!.id;

  const [people, labels] = await Promise.all([audience(deps.db, row, change.actor.id), categoryLabels(deps.db)]);
  const categoryLabel = labels.get(row.category) ?? row.category;
  const title = `Reporte ${row.number}: ${REPORT_STATUS_LABELS_ES[change.to]}`;
  const body =
    change.to === 'duplicado'
      ? `Ya había un reporte del mismo problema (${change.duplicateOf!.number}); seguirás sus novedades.`
      : change.to === 'descartado'
        ? `Motivo: ${change.reason ?? ''}`
        : (change.note ?? `${categoryLabel}: ahora está «${REPORT_STATUS_LABELS_ES[change.to]}».`);
  const notes = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.updateIfStatus(trx, row.id, from, patch))) {
      throw new AppError('invalid-transition', {
        message: 'El reporte cambió mientras tanto: otra persona ya lo actualizó. Recarga para ver su estado.',
      });
    }
    await repo.insertEvent(trx, {
      report_id: row.id,
      kind: change.kind ?? 'status',
      from_status: from,
      to_status: change.to,
      actor_id: change.actor.id,
      actor_name: change.actor.name,
      message: change.to === 'descartado' ? (change.reason ?? null) : change.note,
      internal: 0,
      created_at: at,
    });
    await publishWebhookEvent(trx, 'report.status_changed', { ...webhookReport({ ...row, ...patch }), previous_status: from }, now);
    if (change.to === 'duplicado') {
      // Updates flow to the original: its followers now include this report's reporter and followers.
      const original = change.duplicateOf!;
      await repo.moveFollowers(trx, row.id, original.id, at);
      if (row.reporter_id !== null && row.reporter_id !== original.reporter_id) {
        await repo.addFollower(trx, original.id, row.reporter_id, at);
      }
    }
    return Promise.all(
      people.map(async (p) => ({
        userId: p.id,
        n: await notify(trx, p.id, { title, body, link: REPORT_APP_LINK(change.to === 'duplicado' ? change.duplicateOf!.number : row.number) }),
      })),
    );
  });
  reportsChanged(deps.db);
  await publishNotifications(deps, notes);
  const emails = people.map((p) => ({ to: p.email, follower: p.follower }));
  if (row.reporter_id === null && row.reporter_email && change.actor.id !== null) emails.push({ to: row.reporter_email, follower: false });
  for (const e of emails) {
    await sendMail(
      deps,
      statusEmail(e.to, {
        number: row.number,
        categoryLabel,
        publicUrl: deps.publicUrl,
        status: change.to,
        note: change.to === 'descartado' ? (change.reason ?? null) : change.note,
        duplicateOf: change.duplicateOf?.number ?? null,
        follower: e.follower,
      }),
    );
  }
}

/** A handler changes the status (403 when not theirs, 409 for an illegal edge). */
export async function changeStatus(
  deps: ReportsDeps,
  user: AuthUser,
  number: string,
  change: ReportStatusChangeData,
  now: Date = new Date(),
): Promise<HandlerReport> {
  const row = await mustFind(deps.db, number);
  await requireHandler(deps.db, user, row);
  const from = ZReportStatus.parse(row.status);
  if (!canReportTransition(from, change.status)) throw new AppError('invalid-transition');
  let duplicateOf: ReportRow | null = null;
  if (change.status === 'duplicado') {
    duplicateOf = (await reportRows.findByNumber(deps.db, change.duplicate_of!)) ?? null;
    if (!duplicateOf || duplicateOf.id === row.id || duplicateOf.status === 'duplicado') {
      throw AppError.field('report-duplicate-invalid', 'duplicate_of');
    }
  }
  await applyChange(
    deps,
    row,
    { to: change.status, actor: { id: user.id, name: user.name }, note: change.note, reason: change.reason, duplicateOf },
    now,
  );
  return handlerView(deps, user, (await reportRows.findById(deps.db, row.id))!, now);
}

/** Many reports at once: each is checked on its own; the answer says which moved and which not. */
export async function bulkChangeStatus(
  deps: ReportsDeps,
  user: AuthUser,
  numbers: string[],
  change: ReportStatusChangeData,
): Promise<{ updated: string[]; failed: { number: string; code: string; message: string }[] }> {
  const updated: string[] = [];
  const failed: { number: string; code: string; message: string }[] = [];
  for (const number of [...new Set(numbers)]) {
    try {
      await changeStatus(deps, user, number, change);
      updated.push(number);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      failed.push({ number, code: err.code, message: err.message });
    }
  }
  return { updated, failed };
}

/** The reporter reopens a resolved or discarded report within {@link REPORT_REOPEN_DAYS} days. */
export async function reopenReport(deps: ReportsDeps, user: AuthUser, number: string, note: string, now = new Date()): Promise<Report> {
  const row = await mustFind(deps.db, number);
  if (!canReopen(row, user, now)) throw new AppError('report-reopen-not-allowed');
  await applyChange(deps, row, { to: 'abierto', actor: { id: user.id, name: user.name }, note: `Reabierto: ${note}`, kind: 'reopen' }, now);
  return publicView(deps, user, (await reportRows.findById(deps.db, row.id))!, now);
}
