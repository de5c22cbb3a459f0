import { loadConfig } from '../config.js';
import { createDatabase } from '../db/dialect.js';
import { migrateDownAll, migrateToLatest } from '../db/migrate.js';

/** `npm run db:migrate` applies pending migrations; `-- --down` reverts all of them. */
const config = loadConfig();
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
try {
  const down = process.argv.includes('--down');
  const names = down ? await migrateDownAll(handle) : await migrateToLatest(handle);
  console.log(
    names.length
      ? `${down ? 'Reverted' : 'Applied'} ${names.length} migration(s):\n  ${names.join('\n  ')}`
      : 'Database already up to date.',
  );
} finally {
  await handle.destroy();
}
