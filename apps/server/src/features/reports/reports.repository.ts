import { findAppSetting, writeAppSetting } from '../../db/app-settings.js';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/dialect.js';
import type { ReportEventsTable, ReportsTable } from '../../db/types.js';
import { REPORT_OPEN_STATUSES } from '@puntoverde/contract';

/** A report's row with its original's number (report-rows.ts adds its point's name). */
export type ReportCoreRow = Selectable<ReportsTable> & { duplicate_of_number: string | null };
export type ReportEventRow = Selectable<ReportEventsTable>;

export async function insertReport(trx: Executor, row: Insertable<ReportsTable>): Promise<number> {
  const r = await trx.insertInto('reports').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

function selectReports(db: Executor) {
  return db
    .selectFrom('reports as r')
    .leftJoin('reports as o', 'o.id', 'r.duplicate_of_id')
    .selectAll('r')
    .select(['o.number as duplicate_of_number']);
}

export async function findByNumber(db: Executor, number: string): Promise<ReportCoreRow | undefined> {
  return selectReports(db).where('r.number', '=', number).executeTakeFirst();
}

export async function findById(db: Executor, id: number): Promise<ReportCoreRow | undefined> {
  return selectReports(db).where('r.id', '=', id).executeTakeFirst();
}

/** Updates only if the report is still in `expectedStatus` (two handlers acting at once). */
export async function updateIfStatus(
  trx: Executor,
  id: number,
  expectedStatus: string,
  patch: Updateable<ReportsTable>,
): Promise<boolean> {
  const r = await trx
    .updateTable('reports')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', expectedStatus)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function update(trx: Executor, id: number, patch: Updateable<ReportsTable>): Promise<void> {
  await trx.updateTable('reports').set(patch).where('id', '=', id).execute();
}

export async function insertEvent(trx: Executor, row: Insertable<ReportEventsTable>): Promise<void> {
  await trx.insertInto('report_events').values(row).execute();
}

export async function listEvents(db: Executor, reportId: number): Promise<ReportEventRow[]> {
  return db.selectFrom('report_events').selectAll().where('report_id', '=', reportId).orderBy('id', 'asc').execute();
}

export async function insertPhotos(trx: Executor, reportId: number, fileIds: number[]): Promise<void> {
  if (!fileIds.length) return;
  await trx
    .insertInto('report_photos')
    .values(fileIds.map((file_id, position) => ({ report_id: reportId, file_id, position, hidden: 0 })))
    .execute();
}

/** The photos (file ids) of these reports, by position. */
export async function listPhotoLinks(db: Executor, reportIds: number[]) {
  if (!reportIds.length) return [];
  return db
    .selectFrom('report_photos')
    .select(['file_id', 'report_id', 'hidden', 'position'])
    .where('report_id', 'in', reportIds)
    .orderBy('position')
    .execute();
}

export async function setPhotoHidden(db: Executor, reportId: number, fileId: number, hidden: boolean): Promise<boolean> {
  const r = await db
    .updateTable('report_photos')
    .set({ hidden: hidden ? 1 : 0 })
    .where('report_id', '=', reportId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Files already held by a report. */
export async function attachedFileIds(db: Executor, fileIds: number[]): Promise<number[]> {
  if (!fileIds.length) return [];
  const rows = await db.selectFrom('report_photos').select('file_id').where('file_id', 'in', fileIds).execute();
  return rows.map((r) => r.file_id);
}

/** Report ids holding this file, with the photo's visibility. */
export async function reportsWithFile(db: Executor, fileId: number) {
  return db
    .selectFrom('report_photos as rp')
    .innerJoin('reports as r', 'r.id', 'rp.report_id')
    .select(['r.id', 'r.point_id', 'r.reporter_id', 'rp.hidden'])
    .where('rp.file_id', '=', fileId)
    .execute();
}

// ——— Followers ———

export async function addFollower(db: Executor, reportId: number, userId: number, at: string): Promise<boolean> {
  const r = await db
    .insertInto('report_followers')
    .values({ report_id: reportId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['report_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeFollower(db: Executor, reportId: number, userId: number): Promise<void> {
  await db.deleteFrom('report_followers').where('report_id', '=', reportId).where('user_id', '=', userId).execute();
}

export async function followerIds(db: Executor, reportId: number): Promise<number[]> {
  const rows = await db.selectFrom('report_followers').select('user_id').where('report_id', '=', reportId).execute();
  return rows.map((r) => r.user_id);
}

export async function followerCounts(db: Executor, reportIds: number[]): Promise<Map<number, number>> {
  if (!reportIds.length) return new Map();
  const rows = await db
    .selectFrom('report_followers')
    .select(['report_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('report_id', 'in', reportIds)
    .groupBy('report_id')
    .execute();
  return new Map(rows.map((r) => [r.report_id, Number(r.n)]));
}

export async function followedBy(db: Executor, userId: number, reportIds: number[]): Promise<Set<number>> {
  if (!reportIds.length) return new Set();
  const rows = await db
    .selectFrom('report_followers')
    .select('report_id')
    .where('user_id', '=', userId)
    .where('report_id', 'in', reportIds)
    .execute();
  return new Set(rows.map((r) => r.report_id));
}

/** Moves the followers of a duplicate to its original (no double rows). */
export async function moveFollowers(trx: Executor, fromId: number, toId: number, at: string): Promise<void> {
  const ids = await followerIds(trx, fromId);
  for (const userId of ids) await addFollower(trx, toId, userId, at);
}

// ——— Lookups ———

export type Box = { minLat: number; maxLat: number; minLng: number; maxLng: number };

/** Open reports of a category inside a small box (the caller measures the real distance). */
export async function openInBox(db: Executor, category: string, box: Box, openStatuses: readonly string[]) {
  return db
    .selectFrom('reports')
    .select(['id', 'number', 'category', 'status', 'description', 'lat', 'lng', 'created_at'])
    .where('category', '=', category)
    .where('lat', '>=', box.minLat)
    .where('lat', '<=', box.maxLat)
    .where('lng', '>=', box.minLng)
    .where('lng', '<=', box.maxLng)
    .where('status', 'in', [...openStatuses])
    .limit(50)
    .execute();
}

export type ListFilter = {
  statuses?: readonly string[] | undefined;
  categories?: readonly string[] | undefined;
  box?: Box | undefined;
  reporterId?: number | undefined;
  followerId?: number | undefined;
  pointIds?: readonly number[] | undefined;
  assignedTo?: number | 'none' | undefined;
  /** Leave duplicates out of public lists (their updates live on the original). */
  excludeStatuses?: readonly string[] | undefined;
};

function applyFilter(db: Executor, f: ListFilter) {
  let q = db.selectFrom('reports as r');
  if (f.statuses?.length) q = q.where('r.status', 'in', [...f.statuses]);
  if (f.excludeStatuses?.length) q = q.where('r.status', 'not in', [...f.excludeStatuses]);
  if (f.categories?.length) q = q.where('r.category', 'in', [...f.categories]);
  if (f.box) {
    q = q
      .where('r.lat', '>=', f.box.minLat)
      .where('r.lat', '<=', f.box.maxLat)
      .where('r.lng', '>=', f.box.minLng)
      .where('r.lng', '<=', f.box.maxLng);
  }
  if (f.reporterId !== undefined) q = q.where('r.reporter_id', '=', f.reporterId);
  if (f.followerId !== undefined) {
    const uid = f.followerId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('report_followers as rf')
          .select('rf.report_id')
          .whereRef('rf.report_id', '=', 'r.id')
          .where('rf.user_id', '=', uid),
      ),
    );
  }
  if (f.pointIds) q = q.where('r.point_id', 'in', f.pointIds.length ? [...f.pointIds] : [-1]);
  if (f.assignedTo === 'none') q = q.where('r.assigned_to', 'is', null);
  else if (f.assignedTo !== undefined) q = q.where('r.assigned_to', '=', f.assignedTo);
  return q;
}

/**
 * One page of reports. The page's ids come first from the filter's index alone (the viewport's
 * covering index holds lat, lng, status, created_at and id: a top-N sort over index entries, no
 * table reads); only those rows are then read in full with their point name and original.
 */
export async function listReports(
  db: Executor,
  f: ListFilter,
  page: { limit: number; offset: number; oldestFirst?: boolean },
): Promise<{ rows: ReportCoreRow[]; total: number }> {
  const dir = page.oldestFirst ? 'asc' : 'desc';
  const [idRows, total] = await Promise.all([
    applyFilter(db, f)
      .select('r.id')
      .orderBy('r.created_at', dir)
      .orderBy('r.id', dir)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    applyFilter(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const ids = idRows.map((r) => r.id);
  const found = ids.length ? await selectReports(db).where('r.id', 'in', ids).execute() : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  return { rows: ids.map((id) => byId.get(id)).filter((r): r is ReportCoreRow => r !== undefined), total: Number(total.n) };
}

/** The newest `limit` reports of the filter (ids from the index first), with the filter's total. */
export async function listMarkers(db: Executor, f: ListFilter, limit: number) {
  const [idRows, total] = await Promise.all([
    applyFilter(db, f).select('r.id').orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute(),
    applyFilter(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const ids = idRows.map((r) => r.id);
  const rows = ids.length
    ? await db.selectFrom('reports').select(['id', 'number', 'category', 'status', 'lat', 'lng']).where('id', 'in', ids).execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: ids.map((id) => byId.get(id)).filter((r) => r !== undefined), total: Number(total.n) };
}

/** Resolved reports whose "¿Se resolvió?" e-mail is due. */
export async function dueFollowUps(db: Executor, resolvedBefore: string, limit = 100) {
  return selectReports(db)
    .where('r.status', '=', 'resuelto')
    .where('r.resolved_at', '<=', resolvedBefore)
    .where('r.follow_up_sent_at', 'is', null)
    .where('r.follow_up_answer', 'is', null)
    .limit(limit)
    .execute();
}

/** Open "contenedor lleno" reports per container. */
export async function openFullReportsOf(db: Executor, containerIds: number[], openStatuses: readonly string[]) {
  if (!containerIds.length) return new Map<number, number>();
  const rows = await db
    .selectFrom('reports')
    .select(['container_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('container_id', 'in', containerIds)
    .where('category', '=', 'contenedor_lleno')
    .where('status', 'in', [...openStatuses])
    .groupBy('container_id')
    .execute();
  return new Map(rows.map((r) => [r.container_id!, Number(r.n)]));
}

/** The columns an Open311 service request shows (no reporter data is even read). */
export type ReportRecordCoreRow = Pick<
  ReportCoreRow,
  | 'id'
  | 'number'
  | 'category'
  | 'status'
  | 'status_notes'
  | 'description'
  | 'lat'
  | 'lng'
  | 'address'
  | 'media_url'
  | 'created_at'
  | 'updated_at'
  | 'point_id'
  | 'duplicate_of_number'
>;

/** Open311 reads: by numbers, or by category, a created_at window and statuses; newest first. */
export async function listRecords(
  db: Executor,
  f: {
    numbers?: string[] | undefined;
    categories?: string[] | undefined;
    from?: string | undefined;
    to?: string | undefined;
    statuses?: readonly string[] | undefined;
    limit: number;
  },
): Promise<ReportRecordCoreRow[]> {
  let q = db
    .selectFrom('reports as r')
    .leftJoin('reports as o', 'o.id', 'r.duplicate_of_id')
    .select([
      'r.id',
      'r.number',
      'r.category',
      'r.status',
      'r.status_notes',
      'r.description',
      'r.lat',
      'r.lng',
      'r.address',
      'r.media_url',
      'r.created_at',
      'r.updated_at',
      'r.point_id',
      'o.number as duplicate_of_number',
    ]);
  if (f.numbers) q = q.where('r.number', 'in', f.numbers.length ? f.numbers : ['-']);
  if (f.categories?.length) q = q.where('r.category', 'in', f.categories);
  if (f.from) q = q.where('r.created_at', '>=', f.from);
  if (f.to) q = q.where('r.created_at', '<=', f.to);
  if (f.statuses) q = q.where('r.status', 'in', [...f.statuses]);
  return q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(f.limit).execute();
}

/** Reports still open (the back office's home). */
export async function countOpenReports(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', [...REPORT_OPEN_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The app_setting key of the distance within which a report without a point goes to the nearest point. */
export const POINT_MATCH_RADIUS_KEY = 'reports.point_match_radius_m';

export async function readPointMatchRadius(db: Executor): Promise<number | undefined> {
  const value = (await findAppSetting(db, POINT_MATCH_RADIUS_KEY))?.value;
  return value === undefined ? undefined : Number(value);
}

export async function writePointMatchRadius(db: Executor, metres: number, at: string): Promise<void> {
  await writeAppSetting(db, POINT_MATCH_RADIUS_KEY, String(metres), at);
}
