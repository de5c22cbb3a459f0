import { sql } from 'kysely';
import type { Db } from '../src/db/dialect.js';
import { takeNextSequence, type SequenceName } from '../src/db/sequence.js';

/** The current year in Bogotá, the year every consecutive counts in. */
export function bogotaYear(): number {
  return Number(new Date().toLocaleString('en-CA', { timeZone: 'America/Bogota', year: 'numeric' }));
}

/**
 * PostgreSQL only. Holds `name`'s sequence lock in a transaction of its own, runs `write` (a
 * filing that takes a number of that sequence), and waits until the filing waits for the lock.
 * Says which statement waits and which tables its transaction has already written to; then
 * rolls the holder back (the number is given back) and returns the filing's result.
 */
export async function whereFilingWaits<T>(
  db: Db,
  name: SequenceName,
  write: () => Promise<T>,
): Promise<{ query: string; writtenTables: string[]; result: T }> {
  // The year's row exists already (a first filing of the year would wait at its insert instead).
  await db
    .insertInto('sequences')
    .values({ name, year: bogotaYear(), last_value: 0 })
    .onConflict((oc) => oc.columns(['name', 'year']).doNothing())
    .execute();
  let holding!: () => void;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const holder = db
    .transaction()
    .execute(async (trx) => {
      await takeNextSequence(trx, name, bogotaYear());
      holding();
      await released;
      throw new Error('roll back');
    })
    .catch(() => undefined);
  await held;
  const filing = write();
  try {
    for (let i = 0; i < 500; i++) {
      const { rows } = await sql<{ pid: number; query: string }>`
        select pid, query from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
      const waiting = rows[0];
      if (waiting) {
        const written = await sql<{ relname: string }>`
          select c.relname from pg_locks l join pg_class c on c.oid = l.relation
          where l.pid = ${waiting.pid} and l.mode = 'RowExclusiveLock' and c.relkind = 'r'`.execute(db);
        return {
          query: waiting.query,
          writtenTables: written.rows.map((r) => r.relname).sort(),
          result: await finish(),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the filing never waited for the sequence lock');
  } finally {
    release();
    await holder;
  }

  async function finish(): Promise<T> {
    release();
    await holder;
    return filing;
  }
}
