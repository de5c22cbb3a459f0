import { loadConfig } from '../config.js';
import { createDatabase } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';
import { userCreate } from '../features/identity/account-cli.js';
import { addPointManagerFromCli, findPointForCli } from '../features/points/points.service.js';

/** `npm run user:create -- ...`: see the usage text (`-- --help`). */
const config = loadConfig();
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
try {
  await migrateToLatest(handle);
  process.exitCode = await userCreate(
    handle.db,
    process.argv.slice(2),
    { info: (line) => console.log(line), error: (line) => console.error(line) },
    { find: findPointForCli, addManager: addPointManagerFromCli },
  );
} finally {
  await handle.destroy();
}
