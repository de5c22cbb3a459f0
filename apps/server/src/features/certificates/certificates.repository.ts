import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, Executor } from '../../db/dialect.js';
import type { CertificatesTable } from '../../db/types.js';

export type CertificateRow = Selectable<CertificatesTable>;
export type CertificateListRow = Omit<CertificateRow, 'pdf'>;

export async function insertCertificate(trx: Executor, row: Insertable<CertificatesTable>): Promise<number> {
  const r = await trx.insertInto('certificates').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Replaces what an issued certificate prints (its PDF was made for another number). */
export async function replaceIssuedContent(
  trx: Executor,
  id: number,
  patch: Pick<Updateable<CertificatesTable>, 'content_json' | 'pdf' | 'pdf_sha256' | 'pdf_size'>,
): Promise<void> {
  await trx.updateTable('certificates').set(patch).where('id', '=', id).execute();
}

const LIST_COLUMNS = [
  'id',
  'number',
  'year',
  'sequence',
  'holder_user_id',
  'company_id',
  'branch_id',
  'period_from',
  'period_to',
  'content_json',
  'total_kg',
  'co2e_kg',
  'code_hash',
  'pdf_sha256',
  'pdf_size',
  'status',
  'issued_by',
  'issued_at',
  'annulled_at',
  'annulled_by',
  'annul_reason',
] as const;

export function listOfHolder(db: Db, holderId: number): Promise<CertificateListRow[]> {
  return db
    .selectFrom('certificates')
    .select(LIST_COLUMNS)
    .where('holder_user_id', '=', holderId)
    .orderBy('id', 'desc')
    .execute();
}

export function listAll(db: Db, limit: number): Promise<CertificateListRow[]> {
  return db.selectFrom('certificates').select(LIST_COLUMNS).orderBy('id', 'desc').limit(limit).execute();
}

export function findByNumber(db: Db, number: string): Promise<CertificateListRow | undefined> {
  return db.selectFrom('certificates').select(LIST_COLUMNS).where('number', '=', number).executeTakeFirst();
}

export function findByCodeHash(db: Db, hash: string): Promise<CertificateListRow | undefined> {
  return db.selectFrom('certificates').select(LIST_COLUMNS).where('code_hash', '=', hash).executeTakeFirst();
}

export async function pdfOf(db: Db, id: number): Promise<Buffer> {
  const row = await db.selectFrom('certificates').select('pdf').where('id', '=', id).executeTakeFirstOrThrow();
  return Buffer.from(row.pdf);
}

export async function annulIfValid(
  db: Db,
  id: number,
  values: { annulled_at: string; annulled_by: number; annul_reason: string },
): Promise<boolean> {
  const res = await db
    .updateTable('certificates')
    .set({ ...values, status: 'anulado' })
    .where('id', '=', id)
    .where('status', '=', 'valido')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
