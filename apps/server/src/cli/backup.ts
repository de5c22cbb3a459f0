import path from 'node:path';
import { loadConfig } from '../config.js';
import { backupSqlite } from '../features/backup/sqlite-backup.js';

/**
 * `npm run db:backup [-- --out <dir>]`: a consistent copy of the embedded SQLite database and
 * the uploaded files while the server runs (default <DATA_DIR>/backups/<UTC timestamp>).
 * PostgreSQL deployments use pg_dump instead (see the README).
 */
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (see the README), not this command.');
  process.exit(1);
}
const outArg = process.argv.indexOf('--out');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const outDir = outArg > 0 ? path.resolve(process.argv[outArg + 1]!) : path.join(config.dataDir, 'backups', stamp);
const result = await backupSqlite({
  sqliteFile: config.sqliteFile,
  filesDir: path.join(config.dataDir, 'files'),
  outDir,
});
console.log(
  `Backup in ${result.dir}: ${result.pages} database pages, ${result.files} uploaded file(s), integrity ${result.integrity}.`,
);
if (result.integrity !== 'ok') process.exit(1);
