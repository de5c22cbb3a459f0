import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sqliteDriver } from '../../db/dialect.js';
import type { FileStorage } from '../files/files.service.js';
import {
  BackupError,
  backupFiles,
  DATABASE_FILES,
  readManifest,
  restoreFiles,
  restoreSecrets,
  writeManifest,
  writeSecrets,
  type BackupSecrets,
} from './backup-archive.js';
import * as repo from './backup.repository.js';

/**
 * Backups of the embedded SQLite deployment: the database through SQLite's online backup API
 * (a consistent copy while the server keeps writing: the copy restarts from the start when a
 * write lands mid-copy, so what it holds is one committed state), then the uploaded files and
 * the secrets, in the layout of backup-archive.ts.
 */

export type BackupResult = { dir: string; database: string; pages: number; files: number; integrity: string };

function integrityOf(file: string): string {
  const db = new sqliteDriver.Database(file, { readonly: true, fileMustExist: true });
  try {
    return repo.sqliteIntegrity(db);
  } finally {
    db.close();
  }
}

function tableCount(file: string): number {
  if (!existsSync(file)) return 0;
  const db = new sqliteDriver.Database(file, { readonly: true, fileMustExist: true });
  try {
    return repo.sqliteTableCount(db);
  } finally {
    db.close();
  }
}

/** Copies the live database at `sqliteFile`, every stored file and the secrets into `outDir` (created). */
export async function backupSqlite(options: {
  sqliteFile: string;
  storage: FileStorage;
  secrets: BackupSecrets;
  outDir: string;
}): Promise<BackupResult> {
  if (!existsSync(options.sqliteFile))
    throw new BackupError(`${options.sqliteFile} does not exist: is DATA_DIR the server's?`);
  mkdirSync(options.outDir, { recursive: true, mode: 0o700 });
  const database = path.join(options.outDir, DATABASE_FILES.sqlite);
  rmSync(database, { force: true });
  const source = new sqliteDriver.Database(options.sqliteFile, { fileMustExist: true });
  let pages: number;
  try {
    source.pragma('busy_timeout = 5000');
    // Every page in one step, inside one read transaction: a copy made 100 pages at a time starts
    // over whenever the server writes meanwhile, and a busy server (each e-mail alone is a write)
    // would keep it from ever ending. In WAL mode the server goes on writing during the step.
    const done = await source.backup(database, { progress: () => 0x7fffffff });
    pages = done.totalPages;
  } finally {
    source.close();
  }
  chmodSync(database, 0o600);
  // Files after the database: every file a row of the copy names was written before that row.
  const files = await backupFiles(options.storage, options.outDir);
  writeSecrets(options.outDir, options.secrets);
  writeManifest(options.outDir, {
    dialect: 'sqlite',
    created_at: new Date().toISOString(),
    database: DATABASE_FILES.sqlite,
    files,
    storage: options.storage.kind,
  });
  return { dir: options.outDir, database, pages, files, integrity: integrityOf(database) };
}

/**
 * Puts a backup directory back as the database at `sqliteFile`, its files into the storage and
 * its secrets into `dataDir`. The server must be stopped. Refuses a backup whose integrity check
 * fails, and a database that holds tables unless `force`.
 */
export async function restoreSqlite(options: {
  backupDir: string;
  sqliteFile: string;
  storage: FileStorage;
  dataDir: string;
  force?: boolean;
}): Promise<BackupResult> {
  const manifest = readManifest(options.backupDir, 'sqlite');
  const database = path.join(options.backupDir, manifest.database);
  const integrity = integrityOf(database);
  if (integrity !== 'ok') throw new BackupError(`the backup fails its integrity check: ${integrity}`);
  const tables = tableCount(options.sqliteFile);
  if (tables > 0 && !options.force) {
    throw new BackupError(
      `${options.sqliteFile} already holds ${tables} tables: pass --force to replace it with the backup.`,
    );
  }
  mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(options.sqliteFile + suffix, { force: true });
  const source = new sqliteDriver.Database(database, { readonly: true, fileMustExist: true });
  let pages: number;
  try {
    pages = (await source.backup(options.sqliteFile)).totalPages;
  } finally {
    source.close();
  }
  const files = await restoreFiles(options.backupDir, options.storage);
  restoreSecrets(options.backupDir, options.dataDir);
  return {
    dir: options.backupDir,
    database: options.sqliteFile,
    pages,
    files,
    integrity: integrityOf(options.sqliteFile),
  };
}
