import type { Db, DialectName } from './dialect.js';

/** Tables that work as an outbox: pending rows, due at `next_attempt_at`, leased with `locked_until`. */
export type OutboxTable = 'mail_queue' | 'notification_deliveries';

/**
 * Takes the ids of up to `limit` due pending rows of an outbox table until `lockedUntil`,
 * counting the attempt. PostgreSQL: FOR UPDATE SKIP LOCKED, so instances never take the same
 * row; SQLite has a single writer, and the UPDATE's own condition keeps a row from being taken
 * twice. A worker that dies mid-send leaves its rows to be taken again once the lease ends.
 */
export async function claimDueIds(
  db: Db,
  dialect: DialectName,
  table: OutboxTable,
  options: { now: string; lockedUntil: string; limit: number },
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    let q = trx
      .selectFrom(table)
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', options.now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', options.now)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(options.limit);
    if (dialect === 'postgres') q = q.forUpdate().skipLocked();
    const found = (await q.execute()).map((r) => r.id);
    if (found.length === 0) return [];
    await trx
      .updateTable(table)
      .set((eb) => ({ locked_until: options.lockedUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', found)
      .where('status', '=', 'pending')
      .execute();
    return found;
  });
}
