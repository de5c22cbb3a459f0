import type { Selectable } from 'kysely';
import type { Executor } from '../../db/dialect.js';
import type { FilesTable } from '../../db/types.js';
import { withFiles, findFile } from '../files/files.service.js';
import { accountsByIds, type AccountRow } from '../identity/identity.service.js';
import { pointBasics } from '../points/points.service.js';
import { fileIdsAttachedToRequests } from '../requests/requests.service.js';
import * as repo from './reports.repository.js';

/**
 * Reports with their point's name, their photos' files and the accounts they name: the rows of
 * reports.repository.ts completed through the points, files and identity services (one batched
 * lookup each per page).
 */

export type ReportRow = repo.ReportCoreRow & { point_name: string | null };
/** The columns an Open311 service request shows (no reporter data is even read). */
export type ReportRecordRow = repo.ReportRecordCoreRow & { point_name: string | null };
/** A photo's file row with its place on the report. */
export type ReportPhotoRow = Selectable<FilesTable> & { report_id: number; hidden: number; position: number };

/** Each row with the name of its point (null without a point). */
async function withPointNames<T extends { point_id: number | null }>(
  db: Executor,
  rows: T[],
): Promise<(T & { point_name: string | null })[]> {
  const ids = rows.map((r) => r.point_id).filter((id): id is number => id !== null);
  const points = ids.length ? await pointBasics(db, ids) : new Map<number, { name: string }>();
  return rows.map((r) => ({ ...r, point_name: r.point_id === null ? null : (points.get(r.point_id)?.name ?? null) }));
}

async function withPointName(db: Executor, row: repo.ReportCoreRow | undefined): Promise<ReportRow | undefined> {
  return row ? (await withPointNames(db, [row]))[0] : undefined;
}

export async function findByNumber(db: Executor, number: string): Promise<ReportRow | undefined> {
  return withPointName(db, await repo.findByNumber(db, number));
}

export async function findById(db: Executor, id: number): Promise<ReportRow | undefined> {
  return withPointName(db, await repo.findById(db, id));
}

/** One page of reports with their points' names (see repo.listReports). */
export async function listReports(
  db: Executor,
  f: repo.ListFilter,
  page: { limit: number; offset: number; oldestFirst?: boolean },
): Promise<{ rows: ReportRow[]; total: number }> {
  const { rows, total } = await repo.listReports(db, f, page);
  return { rows: await withPointNames(db, rows), total };
}

/** Resolved reports whose "¿Se resolvió?" e-mail is due. */
export async function dueFollowUps(db: Executor, resolvedBefore: string, limit?: number): Promise<ReportRow[]> {
  return withPointNames(db, await repo.dueFollowUps(db, resolvedBefore, limit));
}

/** Open311 reads (see repo.listRecords), with their points' names. */
export async function listRecords(db: Executor, f: Parameters<typeof repo.listRecords>[1]): Promise<ReportRecordRow[]> {
  return withPointNames(db, await repo.listRecords(db, f));
}

/** The photos of these reports (their file rows), by position. */
export async function listPhotos(db: Executor, reportIds: number[]): Promise<ReportPhotoRow[]> {
  const links = await repo.listPhotoLinks(db, reportIds);
  return withFiles(db, links, (l, f) => ({ ...f, report_id: l.report_id, hidden: l.hidden, position: l.position }));
}

/** Hides or shows a photo of a report by its file's public id; false when the report has no such photo. */
export async function setPhotoHidden(db: Executor, reportId: number, publicId: string, hidden: boolean): Promise<boolean> {
  const file = await findFile(db, publicId);
  return file ? repo.setPhotoHidden(db, reportId, file.id, hidden) : false;
}

/** Files already held by a report or a pickup request: a photo belongs to one record only. */
export async function attachedFileIds(db: Executor, fileIds: number[]): Promise<number[]> {
  if (!fileIds.length) return [];
  const [a, b] = await Promise.all([repo.attachedFileIds(db, fileIds), fileIdsAttachedToRequests(db, fileIds)]);
  return [...a, ...b];
}

/** The accounts of these ids (deleted ones included). */
export async function accountsOf(db: Executor, ids: (number | null)[]): Promise<AccountRow[]> {
  return [...(await accountsByIds(db, ids)).values()];
}
