import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/dialect.js';
import type {
  PqrAttachmentTable,
  PqrCalendarDayTable,
  PqrEventTable,
  PqrTable,
} from '../../db/types.js';

export type PqrRow = Selectable<PqrTable>;
export type PqrEventRow = Selectable<PqrEventTable>;
export type PqrCalendarDayRow = Selectable<PqrCalendarDayTable>;
export type PqrAttachmentLinkRow = Selectable<PqrAttachmentTable>;

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

export async function listAttachmentLinks(db: Executor, pqrIds: number[]): Promise<PqrAttachmentLinkRow[]> {
  if (!pqrIds.length) return [];
  return db
    .selectFrom('pqr_attachment')
    .selectAll()
    .where('pqr_id', 'in', pqrIds)
    .orderBy('id', 'asc')
    .execute();
}

/** For each file: the anonymous-upload key it was sent with, and whether a PQR already holds it. */
export async function findUploadState(
  db: Executor,
  fileIds: number[],
): Promise<{ file_id: number; key_hash: string | null; attached: number | null }[]> {
  if (!fileIds.length) return [];
  const [uploads, attached] = await Promise.all([
    db.selectFrom('pqr_upload').select(['file_id', 'key_hash']).where('file_id', 'in', fileIds).execute(),
    db.selectFrom('pqr_attachment').select(['file_id', 'id']).where('file_id', 'in', fileIds).execute(),
  ]);
  return fileIds.map((id) => ({
    file_id: id,
    key_hash: uploads.find((u) => u.file_id === id)?.key_hash ?? null,
    attached: attached.find((a) => a.file_id === id)?.id ?? null,
  }));
}

export async function insertAnonymousUpload(db: Executor, fileId: number, keyHash: string, createdAt: string) {
  await db.insertInto('pqr_upload').values({ file_id: fileId, key_hash: keyHash, created_at: createdAt }).execute();
}

/** Files of anonymous PQR uploads older than `before` that never made it into a filing. */
export async function findStaleAnonymousUploads(db: Executor, before: string, limit = 50): Promise<number[]> {
  const rows = await db
    .selectFrom('pqr_upload as u')
    .leftJoin('pqr_attachment as a', 'a.file_id', 'u.file_id')
    .select('u.file_id')
    .where('u.created_at', '<', before)
    .where('a.id', 'is', null)
    .limit(limit)
    .execute();
  return rows.map((r) => r.file_id);
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

export async function listCalendarDays(db: Executor): Promise<PqrCalendarDayRow[]> {
  return db.selectFrom('pqr_calendar_day').selectAll().orderBy('date', 'asc').execute();
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
