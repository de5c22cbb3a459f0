import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/dialect.js';
import type {
  FilesTable,
  PqrAttachmentTable,
  PqrCalendarDayTable,
  PqrEventTable,
  PqrTable,
} from '../../db/types.js';

export type PqrRow = Selectable<PqrTable>;
export type PqrEventRow = Selectable<PqrEventTable>;
export type PqrCalendarDayRow = Selectable<PqrCalendarDayTable>;
export type FileRow = Selectable<FilesTable>;
export type PqrAttachmentRow = Selectable<PqrAttachmentTable> & {
  public_id: string;
  kind: string;
  mime: string;
  size: number;
  is_public: number;
};

export async function insertPqr(trx: Executor, row: Insertable<PqrTable>): Promise<PqrRow> {
  return trx.insertInto('pqr').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Updates a PQR only if it is still in `expectedStatus` (two staff members acting at once:
 * the second one gets nothing updated instead of overwriting the first).
 */
export async function updatePqrIfStatus(
  trx: Executor,
  id: number,
  expectedStatus: string,
  patch: Updateable<PqrTable>,
): Promise<PqrRow | undefined> {
  return trx
    .updateTable('pqr')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', expectedStatus)
    .returningAll()
    .executeTakeFirst();
}

export async function insertEvent(trx: Executor, row: Insertable<PqrEventTable>): Promise<number> {
  const r = await trx.insertInto('pqr_event').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function insertAttachments(trx: Executor, rows: Insertable<PqrAttachmentTable>[]): Promise<void> {
  if (rows.length) await trx.insertInto('pqr_attachment').values(rows).execute();
}

export async function findPqrByRadicado(db: Executor, radicado: string): Promise<PqrRow | undefined> {
  return db.selectFrom('pqr').selectAll().where('radicado', '=', radicado).executeTakeFirst();
}

/** PQRs filed by a user, or sent from their verified e-mail while logged out. */
export async function findPqrsOfUser(db: Executor, userId: number, verifiedEmail: string | null): Promise<PqrRow[]> {
  return db
    .selectFrom('pqr')
    .selectAll()
    .where((eb) =>
      verifiedEmail
        ? eb.or([eb('requester_user_id', '=', userId), eb('email', '=', verifiedEmail)])
        : eb('requester_user_id', '=', userId),
    )
    .orderBy('filed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findUserEmailIfVerified(db: Executor, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select(['email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.email_verified_at ? row.email.toLowerCase() : null;
}

export async function listEvents(db: Executor, pqrIds: number[]): Promise<PqrEventRow[]> {
  if (!pqrIds.length) return [];
  return db
    .selectFrom('pqr_event')
    .selectAll()
    .where('pqr_id', 'in', pqrIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function listAttachments(db: Executor, pqrIds: number[]): Promise<PqrAttachmentRow[]> {
  if (!pqrIds.length) return [];
  return db
    .selectFrom('pqr_attachment as a')
    .innerJoin('files as f', 'f.id', 'a.file_id')
    .selectAll('a')
    .select(['f.public_id', 'f.kind', 'f.mime', 'f.size', 'f.is_public'])
    .where('a.pqr_id', 'in', pqrIds)
    .orderBy('a.id', 'asc')
    .execute();
}

/** The files behind public ids, with the anonymous-upload key and whether a PQR already holds them. */
export async function findFilesForAttachment(
  db: Executor,
  publicIds: string[],
): Promise<(FileRow & { key_hash: string | null; attached: number | null })[]> {
  if (!publicIds.length) return [];
  return db
    .selectFrom('files as f')
    .leftJoin('pqr_upload as u', 'u.file_id', 'f.id')
    .leftJoin('pqr_attachment as a', 'a.file_id', 'f.id')
    .selectAll('f')
    .select(['u.key_hash', 'a.id as attached'])
    .where('f.public_id', 'in', publicIds)
    .execute();
}

export async function insertAnonymousUpload(db: Executor, fileId: number, keyHash: string, createdAt: string) {
  await db.insertInto('pqr_upload').values({ file_id: fileId, key_hash: keyHash, created_at: createdAt }).execute();
}

/** Anonymous PQR uploads older than `before` that never made it into a filing. */
export async function findStaleAnonymousUploads(db: Executor, before: string, limit = 50) {
  return db
    .selectFrom('pqr_upload as u')
    .innerJoin('files as f', 'f.id', 'u.file_id')
    .leftJoin('pqr_attachment as a', 'a.file_id', 'f.id')
    .select(['f.id', 'f.storage_key'])
    .where('u.created_at', '<', before)
    .where('a.id', 'is', null)
    .limit(limit)
    .execute();
}

export async function deleteFiles(db: Executor, fileIds: number[]): Promise<void> {
  if (fileIds.length) await db.deleteFrom('files').where('id', 'in', fileIds).execute();
}

export async function listActiveStaff(db: Executor) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('is_admin', '=', 1)
    .where('active', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .execute();
}

export async function findUsersByIds(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('users').select(['id', 'name', 'email', 'is_admin', 'active']).where('id', 'in', ids).execute();
}

export type AdminListFilter = {
  statuses?: readonly string[];
  type?: string;
  assignedTo?: number | 'none';
  q?: string;
  /** due_date range (inclusive) for the traffic-light filters. */
  dueFrom?: string;
  dueTo?: string;
};

function applyAdminFilter<T extends Executor>(db: T, f: AdminListFilter) {
  let q = db.selectFrom('pqr');
  if (f.statuses) q = q.where('status', 'in', f.statuses.length ? [...f.statuses] : ['-']);
  if (f.type) q = q.where('type', '=', f.type);
  if (f.assignedTo === 'none') q = q.where('assigned_to', 'is', null);
  else if (f.assignedTo !== undefined) q = q.where('assigned_to', '=', f.assignedTo);
  if (f.dueFrom) q = q.where('due_date', '>=', f.dueFrom);
  if (f.dueTo) q = q.where('due_date', '<=', f.dueTo);
  if (f.q) {
    // Wildcards are dropped rather than escaped: SQLite's LIKE has no default escape character.
    const like = `%${f.q.toLowerCase().replace(/[\\%_]/g, '')}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['radicado']), 'like', like),
        eb(eb.fn('lower', ['subject']), 'like', like),
        eb(eb.fn('lower', ['name']), 'like', like),
        eb('email', 'like', like),
      ]),
    );
  }
  return q;
}

/** One page of the inbox, sorted by due date (paused and finished ones last), then filing order. */
export async function listForAdmin(db: Executor, f: AdminListFilter, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    applyAdminFilter(db, f)
      .selectAll()
      .orderBy((eb) => eb.case().when('due_date', 'is', null).then(1).else(0).end())
      .orderBy('due_date', 'asc')
      .orderBy('filed_at', 'asc')
      .orderBy('id', 'asc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    applyAdminFilter(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Open PQRs per traffic light: overdue before `today`, due soon up to `soonUntil`, paused. */
export async function countOpenByLight(
  db: Executor,
  openStatuses: readonly string[],
  today: string,
  soonUntil: string,
) {
  const row = await db
    .selectFrom('pqr')
    .select((eb) => [
      eb.fn
        .countAll<number>()
        .filterWhere((w) => w.and([w('status', 'in', [...openStatuses]), w('due_date', '<', today)]))
        .as('overdue'),
      eb.fn
        .countAll<number>()
        .filterWhere((w) =>
          w.and([w('status', 'in', [...openStatuses]), w('due_date', '>=', today), w('due_date', '<=', soonUntil)]),
        )
        .as('due_soon'),
      eb.fn
        .countAll<number>()
        .filterWhere((w) => w.and([w('status', 'in', [...openStatuses]), w('due_date', '>', soonUntil)]))
        .as('on_time'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'pendiente_informacion').as('paused'),
    ])
    .executeTakeFirstOrThrow();
  return {
    overdue: Number(row.overdue),
    due_soon: Number(row.due_soon),
    on_time: Number(row.on_time),
    paused: Number(row.paused),
  };
}

/** PQRs filed within [fromInstant, toInstant). */
export async function listFiledBetween(db: Executor, fromInstant: string, toInstant: string) {
  return db
    .selectFrom('pqr')
    .select(['type', 'status', 'due_date', 'answered_at', 'transferred_at', 'closed_at'])
    .where('filed_at', '>=', fromInstant)
    .where('filed_at', '<', toInstant)
    .execute();
}

export async function listCalendarDays(
  db: Executor,
): Promise<(PqrCalendarDayRow & { created_by_name: string | null })[]> {
  return db
    .selectFrom('pqr_calendar_day as c')
    .leftJoin('users as u', 'u.id', 'c.created_by')
    .selectAll('c')
    .select('u.name as created_by_name')
    .orderBy('c.date', 'asc')
    .execute();
}

export async function upsertCalendarDay(db: Executor, row: Insertable<PqrCalendarDayTable>): Promise<void> {
  await db
    .insertInto('pqr_calendar_day')
    .values(row)
    .onConflict((oc) =>
      oc.column('date').doUpdateSet({
        is_working: row.is_working,
        reason: row.reason,
        created_by: row.created_by ?? null,
        created_at: row.created_at,
      }),
    )
    .execute();
}

export async function deleteCalendarDay(db: Executor, date: string): Promise<boolean> {
  const r = await db.deleteFrom('pqr_calendar_day').where('date', '=', date).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
