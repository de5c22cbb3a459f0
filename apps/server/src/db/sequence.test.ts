import { formatPqrRadicado, formatReportNumber } from '@puntoverde/contract';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper.js';
import { formatCertificateNumber } from '../features/certificates/certificates.service.js';
import type { DatabaseHandle, Executor } from './dialect.js';
import { migrateToLatest } from './migrate.js';
import { migrationProvider } from './migrations/index.js';
import {
  formatSequenceNumber,
  lastSequence,
  numberedTransaction,
  numberRow,
  placeholderNumber,
  takeNextSequence,
} from './sequence.js';

describe('gapless sequences', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await migrateToLatest(handle);
  });
  afterAll(() => handle.destroy());

  /** A PQR row as a filing inserts it, with a placeholder number. */
  async function pendingPqr(trx: Executor, year: number): Promise<number> {
    const placeholder = placeholderNumber();
    const at = new Date().toISOString();
    const row = await trx
      .insertInto('pqr')
      .values({
        radicado: placeholder.number,
        year,
        sequence: placeholder.sequence,
        type: 'peticion',
        personal_data_kind: null,
        subject: 'Horario del punto',
        description: 'Quisiera saber el horario del punto.',
        requester_user_id: null,
        name: 'Ana',
        document_type: 'CC',
        document_number: '1020304050',
        email: 'ana@example.com',
        phone: null,
        answer_channel: 'email',
        status: 'radicada',
        filed_at: at,
        received_on: at.slice(0, 10),
        term_days: 15,
        original_due_date: at.slice(0, 10),
        due_date: at.slice(0, 10),
        transfer_due_date: at.slice(0, 10),
        data_policy_accepted_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('writes the numbers the contract formats, past 999,999 too', async () => {
    expect(formatSequenceNumber('pqr', 2026, 7)).toBe(formatPqrRadicado(2026, 7));
    expect(formatSequenceNumber('report', 2026, 123_456)).toBe(formatReportNumber(2026, 123_456));
    expect(formatSequenceNumber('certificate', 2026, 1_234_567)).toBe(formatCertificateNumber(2026, 1_234_567));
    await handle.db.insertInto('sequences').values({ name: 'pqr', year: 2090, last_value: 1_234_566 }).execute();
    const numbered = await handle.db
      .transaction()
      .execute(async (trx) => numberRow(trx, 'pqr', 2090, await pendingPqr(trx, 2090)));
    expect(numbered).toEqual({ sequence: 1_234_567, number: 'PQR-2090-1234567' });
    const stored = await handle.db
      .selectFrom('pqr')
      .select(['radicado', 'sequence'])
      .where('year', '=', 2090)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ radicado: 'PQR-2090-1234567', sequence: 1_234_567 });
  });

  it('starts a new year at 1, per sequence', async () => {
    const first = await handle.db
      .transaction()
      .execute(async (trx) => numberRow(trx, 'pqr', 2091, await pendingPqr(trx, 2091)));
    expect(first).toEqual({ sequence: 1, number: 'PQR-2091-000001' });
    expect(await handle.db.transaction().execute((trx) => takeNextSequence(trx, 'report', 2091))).toBe(1);
    expect(await lastSequence(handle.db, 'certificate', 2091)).toBe(0);
  });

  it('numbers a filing as its transaction ends, and the number is stored', async () => {
    const filed = await numberedTransaction(handle.db, 'pqr', 2094, async (trx) => ({
      id: await pendingPqr(trx, 2094),
    }));
    expect(filed).toEqual({ row: { id: filed.row.id }, sequence: 1, number: 'PQR-2094-000001' });
    const stored = await handle.db
      .selectFrom('pqr')
      .select(['radicado', 'sequence'])
      .where('id', '=', filed.row.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ radicado: 'PQR-2094-000001', sequence: 1 });
  });

  it('gives the number of a failed filing to the next one, and stores nothing of it', async () => {
    let failedId = 0;
    await expect(
      numberedTransaction(handle.db, 'pqr', 2092, async (trx) => {
        failedId = await pendingPqr(trx, 2092);
        throw new Error('the filing fails before its number');
      }),
    ).rejects.toThrow('the filing fails');
    expect(
      await handle.db.selectFrom('pqr').select('id').where('id', '=', failedId).executeTakeFirst(),
    ).toBeUndefined();
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await numberRow(trx, 'pqr', 2092, await pendingPqr(trx, 2092));
        throw new Error('the filing fails after taking its number');
      })
      .catch(() => undefined);
    expect(await lastSequence(handle.db, 'pqr', 2092)).toBe(0);
    const next = await numberedTransaction(handle.db, 'pqr', 2092, async (trx) => ({
      id: await pendingPqr(trx, 2092),
    }));
    expect(next.sequence).toBe(1);
  });

  it('gives 30 concurrent filings 30 different, consecutive numbers', async () => {
    const filed = await Promise.all(
      Array.from({ length: 30 }, () =>
        numberedTransaction(handle.db, 'pqr', 2093, async (trx) => ({ id: await pendingPqr(trx, 2093) })),
      ),
    );
    expect(filed.map((f) => f.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const stored = await handle.db.selectFrom('pqr').select('radicado').where('year', '=', 2093).execute();
    expect(stored.map((r) => r.radicado).sort()).toEqual(filed.map((f) => f.number).sort());
  });
});

describe('the sequences migration', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase({ empty: true });
  });
  afterAll(() => handle.destroy());

  it('carries the three counters over, and back on the way down', async () => {
    const migrator = new Migrator({
      db: handle.db,
      provider: migrationProvider,
      ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
    });
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const previous = names[names.indexOf('2026_12_02_0040_sequences') - 1]!;
    const before = await migrator.migrateTo(previous);
    expect(before.error).toBeUndefined();
    await sql`insert into pqr_counter (year, last_value) values (2025, 812), (2026, 40)`.execute(handle.db);
    await sql`insert into report_counter (year, last_value) values (2026, 1500)`.execute(handle.db);
    await sql`insert into certificate_counter (year, last_value) values (2026, 9)`.execute(handle.db);
    await migrateToLatest(handle);
    const rows = await handle.db.selectFrom('sequences').selectAll().orderBy('name').orderBy('year').execute();
    expect(rows).toEqual([
      { name: 'certificate', year: 2026, last_value: 9 },
      { name: 'pqr', year: 2025, last_value: 812 },
      { name: 'pqr', year: 2026, last_value: 40 },
      { name: 'report', year: 2026, last_value: 1500 },
    ]);
    const down = await migrator.migrateTo(previous);
    expect(down.error).toBeUndefined();
    const pqr = await sql<{
      year: number;
      last_value: number;
    }>`select year, last_value from pqr_counter order by year`.execute(handle.db);
    expect(pqr.rows).toEqual([
      { year: 2025, last_value: 812 },
      { year: 2026, last_value: 40 },
    ]);
  });
});
