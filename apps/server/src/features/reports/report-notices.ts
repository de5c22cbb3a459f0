import type { Executor } from '../../db/dialect.js';
import type { MailMessage } from '../../lib/mailer.js';
import { notificationCreatedEvent, type notify } from '../notifications/notifications.service.js';
import type { ReportsDeps } from './report-views.js';
import * as repo from './reports.repository.js';
import * as reportRows from './report-rows.js';
import type { ReportRow } from './report-rows.js';

/** Side effects after a report change commits: who hears of it, the e-mails and the live updates. */

export const REPORT_APP_LINK = (number: string) => `/app/tabs/reports/${number}`;

export async function sendMail(deps: ReportsDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    // The change is committed; a failed e-mail is logged, the in-app notification stays.
    deps.log?.error({ err, to: message.to, subject: message.subject }, 'report e-mail failed');
  }
}

export async function publishNotifications(deps: ReportsDeps, notes: { userId: number; n: Awaited<ReturnType<typeof notify>> }[]) {
  if (!deps.bus) return;
  for (const { userId, n } of notes) {
    try {
      await deps.bus.publish([userId], notificationCreatedEvent(n));
    } catch (err) {
      deps.log?.warn({ err }, 'could not publish a live update');
    }
  }
}

/** Reporter first, then followers: who hears of a change (never the person who made it). */
export async function audience(db: Executor, row: ReportRow, actorId: number | null) {
  const followers = await repo.followerIds(db, row.id);
  const ids = [...new Set([...(row.reporter_id !== null ? [row.reporter_id] : []), ...followers])].filter((id) => id !== actorId);
  const users = (await reportRows.accountsOf(db, ids)).filter((u) => u.active === 1 && u.deleted_at === null);
  return users.map((u) => ({ ...u, follower: u.id !== row.reporter_id }));
}
