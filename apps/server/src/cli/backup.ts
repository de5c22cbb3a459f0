import path from 'node:path';
import { loadConfig } from '../config.js';
import { BackupError } from '../features/backup/backup-archive.js';
import { backupPostgres } from '../features/backup/postgres-backup.js';
import { backupSqlite } from '../features/backup/sqlite-backup.js';
import { storageFromConfig } from '../features/files/storage.js';

/**
 * `npm run db:backup [-- --out <dir>]`: a consistent copy of the database (SQLite's online
 * backup API, or pg_dump when DATABASE_URL is set), the uploaded files (disk or S3 bucket) and
 * the secrets, while the server runs (default <DATA_DIR>/backups/<UTC timestamp>).
 */
const config = loadConfig();
const outArg = process.argv.indexOf('--out');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const outDir = outArg > 0 ? path.resolve(process.argv[outArg + 1]!) : path.join(config.dataDir, 'backups', stamp);
const storage = storageFromConfig(config);
const secrets = { tokenSecret: config.tokenSecret, vapid: config.vapid };
try {
  if (config.databaseUrl) {
    const result = await backupPostgres({ databaseUrl: config.databaseUrl, storage, secrets, outDir });
    console.log(
      `Backup in ${result.dir}: pg_dump ${result.pgDumpVersion} of PostgreSQL ${result.serverVersion} (${result.tables} tables), ${result.files} uploaded file(s).`,
    );
  } else {
    const result = await backupSqlite({ sqliteFile: config.sqliteFile, storage, secrets, outDir });
    console.log(
      `Backup in ${result.dir}: ${result.pages} database pages, ${result.files} uploaded file(s), integrity ${result.integrity}.`,
    );
    if (result.integrity !== 'ok') process.exitCode = 1;
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`Backup failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  await storage.close();
}
