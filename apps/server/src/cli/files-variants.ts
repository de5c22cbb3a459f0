import { loadConfig } from '../config.js';
import { createDatabase } from '../db/dialect.js';
import { backfillVariants } from '../features/files/image-variants.js';
import { storageFromConfig } from '../features/files/storage.js';

/**
 * `npm run files:variants`: makes the responsive variants (320/640/1200 px in AVIF, WebP and
 * JPEG) of every uploaded image that lacks them, e.g. uploads from before variants existed.
 * Safe while the server runs and when run twice: a variant already stored is left alone. Not
 * required (a missing variant is made on its first request), but it spares those first visitors
 * the wait.
 */
const config = loadConfig();
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
const storage = storageFromConfig(config);
try {
  const totals = await backfillVariants(handle.db, storage, (t) => console.log(`${t.files} images checked, ${t.made} variants made`));
  console.log(`Done: ${totals.files} images, ${totals.made} variants made, ${totals.failed} images could not be read.`);
  if (totals.failed) process.exitCode = 1;
} finally {
  await storage.close();
  await handle.destroy();
}
