import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
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
 * Backups of a PostgreSQL deployment with the server's own client tools: `pg_dump
 * --format=custom` (one consistent snapshot while the server keeps writing) and `pg_restore`,
 * then the uploaded files and the secrets, in the layout of backup-archive.ts. The tools come
 * with the postgresql-client package; pg_dump must be of the server's major version or newer.
 */

export type PgTools = { pgDump: string; pgRestore: string };
const TOOLS: PgTools = { pgDump: 'pg_dump', pgRestore: 'pg_restore' };

export type PostgresBackupResult = {
  dir: string;
  database: string;
  /** Tables whose rows the dump (or the restored database) holds. */
  tables: number;
  files: number;
  serverVersion: string;
  pgDumpVersion: string;
};

/**
 * The URL libpq reads, without its password, and the password apart: a command line is visible
 * to every user of the machine (`ps`), a process's environment only to its owner.
 */
function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a client tool; a missing one or a failure is a one-line BackupError. */
function run(bin: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const name = path.basename(bin);
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e: NodeJS.ErrnoException) => {
      reject(
        e.code === 'ENOENT'
          ? new BackupError(
              `${name} not found: install the postgresql-client package (apt-get install postgresql-client).`,
            )
          : new BackupError(`${name} could not start: ${e.message}`),
      );
    });
    child.on('close', (code) => {
      if (code === 0) return resolve(Buffer.concat(out).toString('utf8'));
      const lines = Buffer.concat(err).toString('utf8').trim().split('\n').filter(Boolean);
      reject(
        new BackupError(
          `${name} failed (exit ${code}): ${lines.find((l) => /error/i.test(l)) ?? lines.at(-1) ?? 'no message'}`,
        ),
      );
    });
  });
}

/** `pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)` → `15.20`. */
async function toolVersion(bin: string): Promise<string> {
  const out = await run(bin, ['--version']);
  const version = /\(PostgreSQL\)\s+(\d+(?:\.\d+)?)/.exec(out)?.[1];
  if (!version) throw new BackupError(`${path.basename(bin)} --version answered something unexpected: ${out.trim()}`);
  return version;
}

const major = (version: string) => Number(version.split('.')[0]);

async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Table data entries in the archive's table of contents (`pg_restore --list`); reading it proves the dump whole. */
async function tablesInDump(pgRestore: string, file: string): Promise<number> {
  const toc = await run(pgRestore, ['--list', file]);
  return toc.split('\n').filter((line) => / TABLE DATA /.test(line)).length;
}

/** Dumps the database at `databaseUrl`, then copies every stored file and the secrets into `outDir` (created). */
export async function backupPostgres(options: {
  databaseUrl: string;
  storage: FileStorage;
  secrets: BackupSecrets;
  outDir: string;
  tools?: Partial<PgTools>;
}): Promise<PostgresBackupResult> {
  const tools = { ...TOOLS, ...options.tools };
  const pgDumpVersion = await toolVersion(tools.pgDump);
  const serverVersion = await withClient(options.databaseUrl, repo.serverVersion);
  // pg_dump refuses a server newer than itself; say which package fixes it.
  if (major(pgDumpVersion) < major(serverVersion)) {
    throw new BackupError(
      `pg_dump ${pgDumpVersion} cannot dump a PostgreSQL ${major(serverVersion)} server: install postgresql-client-${major(serverVersion)} (or newer).`,
    );
  }
  mkdirSync(options.outDir, { recursive: true, mode: 0o700 });
  const database = path.join(options.outDir, DATABASE_FILES.postgres);
  rmSync(database, { force: true });
  const { dbname, env } = libpqConnection(options.databaseUrl);
  await run(tools.pgDump, ['--format=custom', `--file=${database}`, `--dbname=${dbname}`], env);
  chmodSync(database, 0o600);
  const tables = await tablesInDump(tools.pgRestore, database);
  // Files after the database: every file a row of the dump names was written before the snapshot.
  const files = await backupFiles(options.storage, options.outDir);
  writeSecrets(options.outDir, options.secrets);
  writeManifest(options.outDir, {
    dialect: 'postgres',
    created_at: new Date().toISOString(),
    database: DATABASE_FILES.postgres,
    files,
    storage: options.storage.kind,
    postgres: { server_version: serverVersion, pg_dump_version: pgDumpVersion },
  });
  return { dir: options.outDir, database, tables, files, serverVersion, pgDumpVersion };
}

/**
 * Restores a backup made by backupPostgres into the database at `databaseUrl`, its files into
 * the storage and its secrets into `dataDir`. A database that already holds tables is refused
 * unless `force`, which drops them first. The restore itself is one transaction: it lands
 * whole or not at all. Objects belong to the restoring user (`--no-owner`, `--no-privileges`),
 * so a dump moves between servers and roles.
 */
export async function restorePostgres(options: {
  backupDir: string;
  databaseUrl: string;
  storage: FileStorage;
  dataDir: string;
  force?: boolean;
  tools?: Partial<PgTools>;
}): Promise<PostgresBackupResult> {
  const tools = { ...TOOLS, ...options.tools };
  const manifest = readManifest(options.backupDir, 'postgres');
  const dump = path.join(options.backupDir, manifest.database);
  const pgRestoreVersion = await toolVersion(tools.pgRestore);
  const dumpedWith = manifest.postgres?.pg_dump_version;
  if (dumpedWith && major(pgRestoreVersion) < major(dumpedWith)) {
    throw new BackupError(
      `pg_restore ${pgRestoreVersion} cannot read a dump of pg_dump ${dumpedWith}: install postgresql-client-${major(dumpedWith)} (or newer).`,
    );
  }
  // Read the whole table of contents before touching the database.
  await tablesInDump(tools.pgRestore, dump);
  const serverVersion = await withClient(options.databaseUrl, async (client) => {
    const existing = await repo.userTables(client);
    if (existing.length && !options.force) {
      throw new BackupError(
        `The database already holds ${existing.length} tables: restore into an empty database, or pass --force to replace them.`,
      );
    }
    // Tables the dump does not have (a later migration's) would outlive --clean below.
    await repo.dropTables(client, existing);
    return repo.serverVersion(client);
  });
  const { dbname, env } = libpqConnection(options.databaseUrl);
  // --clean drops what the dump creates (functions of an earlier restore, say) before creating it.
  const restoreArgs = [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
  ];
  await run(tools.pgRestore, [...restoreArgs, `--dbname=${dbname}`, dump], env);
  const tables = await withClient(options.databaseUrl, async (client) => (await repo.userTables(client)).length);
  const files = await restoreFiles(options.backupDir, options.storage);
  restoreSecrets(options.backupDir, options.dataDir);
  return { dir: options.backupDir, database: dbname, tables, files, serverVersion, pgDumpVersion: dumpedWith ?? '' };
}
