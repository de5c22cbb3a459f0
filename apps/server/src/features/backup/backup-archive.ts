import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DialectName } from '../../db/dialect.js';
import type { FileStorage } from '../files/files.service.js';

/**
 * The layout of a backup, whichever the database: a directory holding
 *
 *   manifest.json        what made it: the dialect, when, how many files, where they came from
 *   puntoverde.sqlite    SQLite: a copy made with the online backup API
 *   puntoverde.pgdump    PostgreSQL: `pg_dump --format=custom`
 *   files/<key>          every uploaded file, from DATA_DIR/files or the S3 bucket
 *   token-secret         the signing key of sessions (signed-in people stay signed in)
 *   vapid.json           the Web Push keys (browsers' subscriptions keep working)
 *
 * The database and the secrets are written 0600 (the directory 0700): keep backups as private
 * as DATA_DIR.
 */

export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILES = { sqlite: 'puntoverde.sqlite', postgres: 'puntoverde.pgdump' } as const satisfies Record<
  DialectName,
  string
>;
const FILES_DIR = 'files';
const TOKEN_SECRET_FILE = 'token-secret';
const VAPID_FILE = 'vapid.json';

/** Refusals and failures a backup command reports as one line (no stack trace). */
export class BackupError extends Error {}

export type BackupManifest = {
  format: 'puntoverde-backup';
  version: 1;
  dialect: DialectName;
  created_at: string;
  /** The database file in the directory. */
  database: string;
  files: number;
  storage: FileStorage['kind'];
  /** PostgreSQL only: the server's version and the pg_dump's that made the dump. */
  postgres?: { server_version: string; pg_dump_version: string };
};

export type BackupSecrets = { tokenSecret: string; vapid: { publicKey: string; privateKey: string } };

export function writeManifest(dir: string, manifest: Omit<BackupManifest, 'format' | 'version'>): BackupManifest {
  const full: BackupManifest = { format: 'puntoverde-backup', version: 1, ...manifest };
  writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(full, null, 2) + '\n', { mode: 0o600 });
  return full;
}

/**
 * The manifest of the backup in `dir`, checked to be of `dialect`. A directory with a SQLite
 * copy and no manifest is a SQLite backup made before manifests existed.
 */
export function readManifest(dir: string, dialect: DialectName): BackupManifest {
  const file = path.join(dir, MANIFEST_FILE);
  let manifest: BackupManifest;
  if (existsSync(file)) {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
    if (manifest.format !== 'puntoverde-backup') throw new BackupError(`${file} is not a PuntoVerde backup manifest`);
  } else if (existsSync(path.join(dir, DATABASE_FILES.sqlite))) {
    manifest = {
      format: 'puntoverde-backup',
      version: 1,
      dialect: 'sqlite',
      created_at: statSync(path.join(dir, DATABASE_FILES.sqlite)).mtime.toISOString(),
      database: DATABASE_FILES.sqlite,
      files: countFiles(path.join(dir, FILES_DIR)),
      storage: 'local',
    };
  } else {
    throw new BackupError(`${file} does not exist: ${dir} is not a backup made by npm run db:backup`);
  }
  if (manifest.dialect !== dialect) {
    throw new BackupError(
      manifest.dialect === 'postgres'
        ? 'This is a PostgreSQL backup: set DATABASE_URL to the database to restore it into.'
        : 'This is a SQLite backup: unset DATABASE_URL to restore it into DATA_DIR.',
    );
  }
  if (!existsSync(path.join(dir, manifest.database)))
    throw new BackupError(`${path.join(dir, manifest.database)} does not exist`);
  return manifest;
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true }).filter((f) => statSync(path.join(dir, String(f))).isFile()).length;
}

/** Runs `task` over `items`, at most `limit` at a time (a bucket answers many small requests faster side by side). */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Copies every stored file (disk or bucket, through the app's storage) into `dir/files`. */
export async function backupFiles(storage: FileStorage, dir: string): Promise<number> {
  const objects = await storage.list('');
  let copied = 0;
  await eachLimited(objects, 8, async ({ key }) => {
    const bytes = await storage.get(key);
    // Gone since the listing (an upload moved out of incoming/): its new key is listed too, or it was deleted.
    if (!bytes) return;
    const to = path.join(dir, FILES_DIR, ...key.split('/'));
    await mkdir(path.dirname(to), { recursive: true });
    await writeFile(to, bytes, { mode: 0o640 });
    copied += 1;
  });
  return copied;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
};

/**
 * Puts the files of the backup in `dir` into the storage, over any with the same key. Files the
 * storage holds and the backup does not are left alone: no row of the restored database names
 * them, and a restore pointed at the wrong bucket must not empty it.
 */
export async function restoreFiles(dir: string, storage: FileStorage): Promise<number> {
  const root = path.join(dir, FILES_DIR);
  if (!existsSync(root)) return 0;
  const keys = readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => statSync(path.join(root, f)).isFile())
    .map((f) => f.split(path.sep).join('/'));
  await eachLimited(keys, 8, async (key) => {
    const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
    await storage.put(
      key,
      await readFile(path.join(root, key)),
      CONTENT_TYPES[extension] ?? 'application/octet-stream',
    );
  });
  return keys.length;
}

/** Writes the secrets the server runs with, in the files DATA_DIR keeps them in. */
export function writeSecrets(dir: string, secrets: BackupSecrets): void {
  writeFileSync(path.join(dir, TOKEN_SECRET_FILE), secrets.tokenSecret + '\n', { mode: 0o600 });
  const vapid = { publicKey: secrets.vapid.publicKey, privateKey: secrets.vapid.privateKey };
  writeFileSync(path.join(dir, VAPID_FILE), JSON.stringify(vapid, null, 2) + '\n', { mode: 0o600 });
}

/**
 * Puts the backup's secrets into `dataDir` (0600). TOKEN_SECRET and VAPID_* set in the
 * environment still win over these files. Returns the names of the files restored.
 */
export function restoreSecrets(dir: string, dataDir: string): string[] {
  mkdirSync(dataDir, { recursive: true });
  const restored: string[] = [];
  for (const name of [TOKEN_SECRET_FILE, VAPID_FILE]) {
    const from = path.join(dir, name);
    if (!existsSync(from)) continue;
    const to = path.join(dataDir, name);
    writeFileSync(to, readFileSync(from), { mode: 0o600 });
    chmodSync(to, 0o600);
    restored.push(name);
  }
  return restored;
}
