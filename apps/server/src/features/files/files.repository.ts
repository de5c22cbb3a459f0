import type { Selectable } from 'kysely';
import type { Executor } from '../../db/dialect.js';
import type { FilesTable } from '../../db/types.js';

export type FileRow = Selectable<FilesTable>;

export async function insertFile(db: Executor, row: Omit<FileRow, 'id'>): Promise<FileRow> {
  return db.insertInto('files').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findFileByPublicId(db: Executor, publicId: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

export async function findFileById(db: Executor, id: number): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Public ids of files by id, in one query. */
export async function findPublicIds(db: Executor, ids: readonly number[]): Promise<{ id: number; public_id: string }[]> {
  if (!ids.length) return [];
  return db.selectFrom('files').select(['id', 'public_id']).where('id', 'in', [...ids]).execute();
}

/** File rows by id, in one query. */
export async function findFilesByIds(db: Executor, ids: readonly number[]): Promise<FileRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('files').selectAll().where('id', 'in', [...ids]).execute();
}

/** File rows by public id, in one query. */
export async function findFilesByPublicIds(db: Executor, publicIds: readonly string[]): Promise<FileRow[]> {
  if (!publicIds.length) return [];
  return db.selectFrom('files').selectAll().where('public_id', 'in', [...publicIds]).execute();
}

export async function deleteFileRows(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('files').where('id', 'in', [...ids]).execute();
}

export async function markFilePublic(db: Executor, id: number): Promise<void> {
  await db.updateTable('files').set({ is_public: 1 }).where('id', '=', id).execute();
}

export async function deleteFileRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).execute();
}

/** Image rows after `afterId`, by id, `limit` at a time (for walking every image). */
export async function findImagesAfter(db: Executor, afterId: number, limit: number) {
  return db
    .selectFrom('files')
    .select(['id', 'storage_key', 'public_id'])
    .where('kind', '=', 'image')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Which of these storage keys have a file row. */
export async function findRecordedKeys(db: Executor, keys: string[]): Promise<string[]> {
  const rows = await db.selectFrom('files').select('storage_key').where('storage_key', 'in', keys).execute();
  return rows.map((r) => r.storage_key);
}
