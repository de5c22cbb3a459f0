import path from 'node:path';
import { loadConfig } from '../config.js';
import { restoreSqlite } from '../features/backup/sqlite-backup.js';

/**
 * `npm run db:restore -- <backup dir>`: puts a backup made by db:backup back in DATA_DIR
 * (database and uploaded files). Stop the server first; it replaces what is there.
 */
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (see the README), not this command.');
  process.exit(1);
}
const dir = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!dir) {
  console.error('Usage: npm run db:restore -- <backup directory made by npm run db:backup>');
  process.exit(1);
}
const result = await restoreSqlite({
  backupDir: path.resolve(dir),
  sqliteFile: config.sqliteFile,
  filesDir: path.join(config.dataDir, 'files'),
});
console.log(
  `Restored ${result.database} (${result.pages} pages, integrity ${result.integrity}) and ${result.files} uploaded file(s).`,
);
