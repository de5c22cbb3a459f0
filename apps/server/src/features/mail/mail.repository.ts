import { claimDueIds } from '../../db/outbox-claim.js';
import type { DialectName, Db } from '../../db/dialect.js';
import type { MailQueueTable } from '../../db/types.js';
import type { Selectable } from 'kysely';

export type QueuedMailRow = Selectable<MailQueueTable>;

export async function insertMail(
  db: Db,
  row: Pick<QueuedMailRow, 'to_address' | 'subject' | 'text_body' | 'html_body' | 'created_at'> & { locked_until: string },
): Promise<QueuedMailRow> {
  return db
    .insertInto('mail_queue')
    .values({ ...row, status: 'pending', attempts: 1, next_attempt_at: row.created_at, last_error: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Takes up to `limit` due messages with a lease until `lockedUntil` (another worker skips them
 * until then; a worker that dies mid-send leaves them to be taken again when it ends), counting
 * the attempt.
 */
export async function claimDue(
  db: Db,
  dialect: DialectName,
  options: { now: string; lockedUntil: string; limit: number },
): Promise<QueuedMailRow[]> {
  const ids = await claimDueIds(db, dialect, 'mail_queue', options);
  if (ids.length === 0) return [];
  return db.selectFrom('mail_queue').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

/** Sent messages leave the queue (they held live links, maybe: nothing is kept). */
export async function deleteMails(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('mail_queue').where('id', 'in', ids).execute();
}

export async function scheduleRetry(db: Db, id: number, nextAttemptAt: string, error: string): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({ next_attempt_at: nextAttemptAt, locked_until: null, last_error: error })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({ status: 'failed', locked_until: null, last_error: error })
    .where('id', '=', id)
    .execute();
}

/** Given-up messages older than `before` are dropped (they are in the log). */
export async function purgeFailed(db: Db, before: string): Promise<void> {
  await db.deleteFrom('mail_queue').where('status', '=', 'failed').where('created_at', '<', before).execute();
}

/** How many messages wait (for the queue's figures and tests). */
export async function countByStatus(db: Db): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .selectFrom('mail_queue')
    .select(['status', db.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { pending: n('pending'), failed: n('failed') };
}
