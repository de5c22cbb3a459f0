import path from 'node:path';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';
import { recordCliAudit } from '../features/admin/audit.service.js';
import { BackupError } from '../features/backup/backup-archive.js';
import { restorePostgres } from '../features/backup/postgres-backup.js';
import { restoreSqlite } from '../features/backup/sqlite-backup.js';
import { storageFromConfig } from '../features/files/storage.js';

/**
 * `npm run db:restore -- <backup dir> [--force]`: puts a backup made by db:backup back: the
 * database (DATA_DIR's SQLite file, or the database at DATABASE_URL), the uploaded files (disk
 * or S3 bucket) and the secrets (into DATA_DIR). Stop the server first. A database that already
 * holds tables is replaced only with --force.
 */
const config = loadConfig();
const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('-'));
if (!dir) {
  console.error('Usage: npm run db:restore -- <backup directory made by npm run db:backup> [--force]');
  process.exit(1);
}
const force = args.includes('--force');
const backupDir = path.resolve(dir);
const storage = storageFromConfig(config);
try {
  if (config.databaseUrl) {
    const result = await restorePostgres({
      backupDir,
      databaseUrl: config.databaseUrl,
      storage,
      dataDir: config.dataDir,
      force,
    });
    console.log(`Restored ${result.tables} tables into ${result.database} and ${result.files} uploaded file(s).`);
  } else {
    const result = await restoreSqlite({
      backupDir,
      sqliteFile: config.sqliteFile,
      storage,
      dataDir: config.dataDir,
      force,
    });
    console.log(
      `Restored ${result.database} (${result.pages} pages, integrity ${result.integrity}) and ${result.files} uploaded file(s).`,
    );
  }
  // Into the restored database, brought to this build's migrations (the server would at start).
  const handle = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    await migrateToLatest(handle);
    await recordCliAudit(handle.db, {
      action: 'restore',
      entity: 'backup',
      entityId: path.basename(backupDir),
      after: { from: backupDir, force },
    });
  } finally {
    await handle.destroy();
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`Restore failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  await storage.close();
}
