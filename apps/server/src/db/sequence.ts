import { PostgresAdapter, sql, type RawBuilder, type Transaction } from 'kysely';
import { randomInt } from 'node:crypto';
import type { Db, Executor } from './dialect.js';
import type { Database } from './types.js';

/**
 * Gapless yearly consecutives — radicados (PQR-2026-000123), report numbers (REP-…),
 * certificate numbers (CERT-…) and scale tickets (TQ-…) — one row per (name, year) in `sequences`.
 *
 * Taking a number bumps that row, and the bump holds the row's lock (PostgreSQL) until the
 * transaction ends: a transaction that rolls back gives its number back, the next one gets it,
 * so numbers have no gaps and never repeat. On SQLite the transaction holds the database's write
 * lock, with the same effect. Every other transaction of the same sequence waits for that lock
 * from the bump to the end of the commit, so the bump comes last: the row is inserted with
 * `placeholderNumber()`, everything else is written, and only then is the number taken.
 */
export type SequenceName = 'pqr' | 'report' | 'certificate' | 'scale-ticket';

/** The table and column each sequence's numbers are written to, and their prefix. */
const NUMBERED = {
  pqr: { table: 'pqr', column: 'radicado', prefix: 'PQR' },
  report: { table: 'reports', column: 'number', prefix: 'REP' },
  certificate: { table: 'certificates', column: 'number', prefix: 'CERT' },
  'scale-ticket': { table: 'recycler_tickets', column: 'number', prefix: 'TQ' },
} as const;

/** `PQR-2026-000123`: prefix, year and the number padded to six digits (wider past 999,999). */
export function formatSequenceNumber(name: SequenceName, year: number, sequence: number): string {
  return `${NUMBERED[name].prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The first number of a year starts from a row at 0 (two first filings at once: one row). */
async function startYear(db: Executor, name: SequenceName, year: number): Promise<void> {
  await db
    .insertInto('sequences')
    .values({ name, year, last_value: 0 })
    .onConflict((oc) => oc.columns(['name', 'year']).doNothing())
    .execute();
}

/**
 * The next number of `name` in `year`, for a caller that needs it before writing its row (the
 * seeds). Holds the sequence's lock until the transaction ends.
 */
export async function takeNextSequence(trx: Transaction<Database>, name: SequenceName, year: number): Promise<number> {
  const bump = () =>
    trx
      .updateTable('sequences')
      .set((eb) => ({ last_value: eb('last_value', '+', 1) }))
      .where('name', '=', name)
      .where('year', '=', year)
      .returning('last_value')
      .executeTakeFirst();
  let row = await bump();
  if (!row) {
    await startYear(trx, name, year);
    row = await bump();
  }
  if (!row) throw new Error(`sequence ${name} ${year} could not be started`);
  return row.last_value;
}

/**
 * PostgreSQL: one statement that bumps the sequence and writes the number into row `id` (its
 * `sequence` and formatted number). A missing sequence row leaves `sequence` null, which the
 * NOT NULL constraint refuses: the statement fails rather than leave the placeholder.
 */
function bumpAndWrite(
  name: SequenceName,
  year: number,
  id: number,
  returning: boolean,
): RawBuilder<{ sequence: number }> {
  const { table, column, prefix } = NUMBERED[name];
  const value = sql`(select last_value from n)`;
  return sql<{ sequence: number }>`with n as (
      update sequences set last_value = last_value + 1
      where name = ${sql.lit(name)} and year = ${sql.lit(year)}
      returning last_value
    )
    update ${sql.table(table)}
    set sequence = ${value},
        ${sql.ref(column)} = ${sql.lit(`${prefix}-${year}-`)} || lpad(${value}::text, greatest(6, length(${value}::text)), '0')
    where id = ${sql.lit(id)}${returning ? sql` returning sequence` : sql``}`;
}

/**
 * Takes the next number of `name` in `year` and writes it into row `id` (inserted earlier in the
 * same transaction with `placeholderNumber()`): its `sequence` and formatted number. Call it as
 * the transaction's last statement; `numberedTransaction` does it for a filing.
 */
export async function numberRow(
  trx: Transaction<Database>,
  name: SequenceName,
  year: number,
  id: number,
): Promise<{ sequence: number; number: string }> {
  if (isPostgres(trx)) {
    await ensureYear(trx, name, year);
    const row = (await bumpAndWrite(name, year, id, true).execute(trx)).rows[0];
    if (!row) throw new Error(`${NUMBERED[name].table} ${id} is not there to number`);
    return { sequence: row.sequence, number: formatSequenceNumber(name, year, row.sequence) };
  }
  const sequence = await takeNextSequence(trx, name, year);
  const number = formatSequenceNumber(name, year, sequence);
  const { table, column } = NUMBERED[name];
  const updated =
    await sql`update ${sql.table(table)} set sequence = ${sequence}, ${sql.ref(column)} = ${number} where id = ${id}`.execute(
      trx,
    );
  if (!updated.numAffectedRows) throw new Error(`${table} ${id} is not there to number`);
  return { sequence, number };
}

/** Sequence rows known to exist, per database (they are never deleted). */
const startedYears = new WeakMap<Db, Set<string>>();

/**
 * Makes sure the year's sequence row exists before a transaction bumps it: a committed read, and
 * the insert only for the first number of a year. Before the filing's transaction, not in it: an
 * insert that meets a row another transaction holds locked waits for that lock.
 */
async function ensureYear(db: Executor, name: SequenceName, year: number, known?: Set<string>): Promise<void> {
  const key = `${name}:${year}`;
  if (known?.has(key)) return;
  const exists = await db
    .selectFrom('sequences')
    .select('last_value')
    .where('name', '=', name)
    .where('year', '=', year)
    .executeTakeFirst();
  if (!exists) await startYear(db, name, year);
  known?.add(key);
}

/**
 * Files a numbered record: runs `write` (which inserts the row with `placeholderNumber()` and
 * everything that goes with it, and returns the row with its id) in a transaction, then takes the
 * next number of `name` in `year` for that row as the transaction's last statement, and commits.
 * Returns once the commit is on disk.
 *
 * On PostgreSQL the other filings of the sequence wait for this one from its bump to the end of
 * its commit, so neither includes a wait for the app or for the disk:
 * - the bump and the COMMIT go to the server in one message (the simple query protocol runs its
 *   statements back to back), so the lock is never held across a round trip to this process,
 *   which on a busy instance waits its turn behind every other request's work;
 * - the transaction commits asynchronously (`synchronous_commit = off`: the lock is released once
 *   the commit record is written, not once it is flushed, 5–15 ms on a VM's disk); the flush is
 *   awaited right after, outside the lock, by a tiny transaction that writes a WAL record (a
 *   logical-decoding message, which needs no table) and commits synchronously — which flushes the
 *   WAL up to its own commit, ours included, and concurrent flushes share one disk write. Nothing
 *   is answered before it is durable; if PostgreSQL crashed between the commit and the flush, this
 *   filing and every later one would be lost together (the WAL is one ordered log), so the numbers
 *   that remain have no gaps.
 * On SQLite, one transaction (the write lock is held throughout anyway).
 */
export async function numberedTransaction<T extends { id: number }>(
  db: Db,
  name: SequenceName,
  year: number,
  write: (trx: Executor) => Promise<T>,
): Promise<{ row: T; sequence: number; number: string }> {
  if (!isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      const row = await write(trx);
      return { row, ...(await numberRow(trx, name, year, row.id)) };
    });
  }
  if (!Number.isSafeInteger(year)) throw new Error(`not a year: ${year}`);
  const known = startedYears.get(db) ?? new Set<string>();
  startedYears.set(db, known);
  await ensureYear(db, name, year, known);
  const row = await db.connection().execute(async (conn) => {
    await sql.raw('begin; set local synchronous_commit = off').execute(conn);
    try {
      const written = await write(conn);
      if (!Number.isSafeInteger(written.id)) throw new Error(`not a row id: ${written.id}`);
      // No parameters: the simple query protocol, which takes several statements in one message.
      await sql`${bumpAndWrite(name, year, written.id, false)}; commit`.execute(conn);
      return written;
    } catch (err) {
      // A broken connection has no transaction left to roll back; the pool drops it.
      await sql
        .raw('rollback')
        .execute(conn)
        .catch(() => undefined);
      throw err;
    }
  });
  const { table } = NUMBERED[name];
  const durable = await sql<{ sequence: number | null }>`
    select pg_logical_emit_message(true, 'puntoverde', 'durable') as lsn,
           (select sequence from ${sql.table(table)} where id = ${row.id}) as sequence`.execute(db);
  const sequence = durable.rows[0]?.sequence;
  if (!sequence || sequence < 1) throw new Error(`${table} ${row.id} was committed without its number`);
  return { row, sequence, number: formatSequenceNumber(name, year, sequence) };
}

/**
 * Stand-ins for a row's number and sequence until it is numbered in the same transaction (no
 * other transaction ever sees them). Random, so that rows inserted by concurrent filings never
 * meet at the unique indexes (where one would wait for the other's commit).
 */
export function placeholderNumber(): { sequence: number; number: string } {
  const n = randomInt(1, 2 ** 31 - 1);
  return { sequence: -n, number: `pendiente-${n}` };
}

/** The last number given of `name` in `year` (0 before the first), as committed. */
export async function lastSequence(db: Executor, name: SequenceName, year: number): Promise<number> {
  const row = await db
    .selectFrom('sequences')
    .select('last_value')
    .where('name', '=', name)
    .where('year', '=', year)
    .executeTakeFirst();
  return row?.last_value ?? 0;
}
