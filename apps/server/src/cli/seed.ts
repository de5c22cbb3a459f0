import { loadConfig } from '../config.js';
import { createDatabase } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemo } from '../demo-seed.js';

/** `npm run db:seed`: migrates, then loads the demo content (idempotent). */
const config = loadConfig();
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
try {
  await migrateToLatest(handle);
  await seedDemo(handle.db, { log: console, config });
  console.log('Demo data ready.');
} finally {
  await handle.destroy();
}
