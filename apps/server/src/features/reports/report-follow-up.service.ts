import { REPORT_FOLLOW_UP_DAYS, type Report } from '@puntoverde/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { notify } from '../notifications/notifications.service.js';
import { reportsChanged } from './public-list-cache.js';
import { categoryLabels } from './report-categories.service.js';
import { REPORT_APP_LINK, sendMail } from './report-notices.js';
import { applyChange } from './report-status.service.js';
import { DAY_MS, mustFind, publicView, type ReportsDeps } from './report-views.js';
import { followUpEmail } from './reports.emails.js';
import * as repo from './reports.repository.js';
import * as reportRows from './report-rows.js';
import type { ReportRow } from './report-rows.js';

/** «¿Se resolvió?»: the signed e-mail link sent some days after a resolution, and the reporter's answer. */

function followUpSignature(secret: string, number: string, reporterId: number): string {
  return createHmac('sha256', secret).update(`report-follow-up:${number}:${reporterId}`).digest('base64url');
}

export function followUpToken(secret: string, number: string, reporterId: number): string {
  return `${number}.${reporterId}.${followUpSignature(secret, number, reporterId)}`;
}

function verifyFollowUpToken(secret: string, token: string): { number: string; reporterId: number } | null {
  const m = /^(REP-\d{4}-\d{6})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const expected = Buffer.from(followUpSignature(secret, m[1]!, Number(m[2])));
  const given = Buffer.from(m[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { number: m[1]!, reporterId: Number(m[2]) } : null;
}

/**
 * The reporter answers "¿Se resolvió?": from the e-mail link (its signed token, no session) or
 * logged in. "Sí" closes the question; "No" reopens the report with the note.
 */
export async function answerFollowUp(
  deps: ReportsDeps,
  user: AuthUser | null,
  input: { number?: string | undefined; token?: string | undefined; resolved: boolean; note: string | null },
  now = new Date(),
): Promise<Report> {
  let row: ReportRow;
  if (input.token) {
    const t = verifyFollowUpToken(deps.secret, input.token);
    if (!t || (input.number && input.number !== t.number)) throw AppError.field('report-follow-up-invalid', 'token');
    row = await mustFind(deps.db, t.number);
    if (row.reporter_id !== t.reporterId) throw AppError.field('report-follow-up-invalid', 'token');
  } else {
    if (!user) throw new AppError('unauthorized');
    row = await mustFind(deps.db, input.number ?? '');
    if (row.reporter_id !== user.id) throw new AppError('report-forbidden');
  }
  if (row.status !== 'resuelto' || row.follow_up_answer !== null) {
    throw new AppError('conflict', { message: 'Este reporte ya no espera tu respuesta: ábrelo para ver su estado.' });
  }
  const reporter = row.reporter_id !== null ? (await reportRows.accountsOf(deps.db, [row.reporter_id]))[0] : undefined;
  const actor = { id: row.reporter_id, name: reporter?.name ?? row.reporter_name };
  const at = now.toISOString();
  if (input.resolved) {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await repo.updateIfStatus(trx, row.id, 'resuelto', { follow_up_answer: 'si', follow_up_answered_at: at, updated_at: at }))) {
        throw new AppError('conflict');
      }
      await repo.insertEvent(trx, {
        report_id: row.id,
        kind: 'follow_up',
        from_status: null,
        to_status: null,
        actor_id: actor.id,
        actor_name: actor.name,
        message: 'Quien reportó confirmó que se resolvió.',
        internal: 0,
        created_at: at,
      });
    });
    reportsChanged(deps.db);
  } else {
    await repo.update(deps.db, row.id, { follow_up_answer: 'no', follow_up_answered_at: at });
    const note = `No se resolvió${input.note ? `: ${input.note}` : '.'}`;
    await applyChange(deps, { ...row, follow_up_answer: 'no' }, { to: 'abierto', actor, note, kind: 'reopen' }, now);
  }
  return publicView(deps, user, (await reportRows.findById(deps.db, row.id))!, now);
}

/** Sends the due "¿Se resolvió?" e-mails (the server runs it every few minutes). */
export async function sendDueFollowUps(deps: ReportsDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REPORT_FOLLOW_UP_DAYS * DAY_MS).toISOString();
  let sent = 0;
  for (const row of await reportRows.dueFollowUps(deps.db, before)) {
    if (row.reporter_id === null) continue;
    const reporter = (await reportRows.accountsOf(deps.db, [row.reporter_id]))[0];
    // Mark first: a crash between the two loses one e-mail rather than sending it twice.
    await repo.update(deps.db, row.id, { follow_up_sent_at: now.toISOString() });
    if (!reporter || reporter.active !== 1 || reporter.deleted_at !== null) continue;
    const token = followUpToken(deps.secret, row.number, row.reporter_id);
    await notify(deps.db, reporter.id, {
      title: `¿Se resolvió? Reporte ${row.number}`,
      body: 'Cuéntanos si el problema se resolvió: si no, lo reabrimos.',
      link: REPORT_APP_LINK(row.number),
    });
    await sendMail(
      deps,
      followUpEmail(reporter.email, { number: row.number, categoryLabel: (await categoryLabels(deps.db)).get(row.category) ?? row.category, publicUrl: deps.publicUrl, token }),
    );
    sent += 1;
  }
  return sent;
}
