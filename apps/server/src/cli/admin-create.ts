import { loadConfig } from '../config.js';
import { createDatabase } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';
import { adminCreate } from '../features/identity/account-cli.js';

/** `npm run admin:create -- ...`: see the usage text (`-- --help`). */
const config = loadConfig();
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
try {
  await migrateToLatest(handle);
  process.exitCode = await adminCreate(handle.db, process.argv.slice(2), {
    info: (line) => console.log(line),
    error: (line) => console.error(line),
  });
} finally {
  await handle.destroy();
}
