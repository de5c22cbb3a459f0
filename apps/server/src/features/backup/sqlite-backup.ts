import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { sqliteDriver } from '../../db/dialect.js';

/**
 * Backups of the embedded SQLite deployment: the database through SQLite's online backup API
 * (a consistent copy while the server keeps writing: the copy restarts from the start when a
 * write lands mid-copy, so what it holds is one committed state), then the uploaded files.
 * A backup is a directory: `puntoverde.sqlite` + `files/` + `token-secret` (the signing key
 * of sessions, so signed-in people stay signed in after a restore: keep backups as private as
 * the data directory, 0600).
 */

function copySecret(fromDir: string, toDir: string) {
  const from = path.join(fromDir, 'token-secret');
  if (!existsSync(from)) return;
  const to = path.join(toDir, 'token-secret');
  copyFileSync(from, to);
  chmodSync(to, 0o600);
}

export type BackupResult = { dir: string; database: string; pages: number; files: number; integrity: string };

function integrityOf(file: string): string {
  const db = new sqliteDriver.Database(file, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true }).filter((f) => statSync(path.join(dir, String(f))).isFile()).length;
}

/** Copies the live database at `sqliteFile` and the `filesDir` uploads into `outDir` (created). */
export async function backupSqlite(options: {
  sqliteFile: string;
  filesDir: string;
  outDir: string;
}): Promise<BackupResult> {
  mkdirSync(options.outDir, { recursive: true });
  const database = path.join(options.outDir, 'puntoverde.sqlite');
  rmSync(database, { force: true });
  const source = new sqliteDriver.Database(options.sqliteFile, { fileMustExist: true });
  let pages: number;
  try {
    source.pragma('busy_timeout = 5000');
    const done = await source.backup(database);
    pages = done.totalPages;
  } finally {
    source.close();
  }
  // Files after the database: every file a row of the copy names was written before that row.
  const files = path.join(options.outDir, 'files');
  if (existsSync(options.filesDir)) cpSync(options.filesDir, files, { recursive: true });
  copySecret(path.dirname(options.sqliteFile), options.outDir);
  return { dir: options.outDir, database, pages, files: countFiles(files), integrity: integrityOf(database) };
}

/**
 * Puts a backup directory back as the database at `sqliteFile` and the uploads at `filesDir`.
 * The server must be stopped. Refuses a backup whose integrity check fails.
 */
export async function restoreSqlite(options: {
  backupDir: string;
  sqliteFile: string;
  filesDir: string;
}): Promise<BackupResult> {
  const database = path.join(options.backupDir, 'puntoverde.sqlite');
  if (!existsSync(database)) throw new Error(`${database} does not exist`);
  const integrity = integrityOf(database);
  if (integrity !== 'ok') throw new Error(`the backup fails its integrity check: ${integrity}`);
  mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(options.sqliteFile + suffix, { force: true });
  const source = new sqliteDriver.Database(database, { readonly: true, fileMustExist: true });
  let pages: number;
  try {
    pages = (await source.backup(options.sqliteFile)).totalPages;
  } finally {
    source.close();
  }
  const files = path.join(options.backupDir, 'files');
  if (existsSync(files)) {
    rmSync(options.filesDir, { recursive: true, force: true });
    cpSync(files, options.filesDir, { recursive: true });
  }
  copySecret(options.backupDir, path.dirname(options.sqliteFile));
  return {
    dir: options.backupDir,
    database: options.sqliteFile,
    pages,
    files: countFiles(options.filesDir),
    integrity: integrityOf(options.sqliteFile),
  };
}
