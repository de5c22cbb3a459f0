import { loadConfig } from '../config.js';
import { createDatabase } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedGeneratedPoints } from '../features/points/points.seed.js';

// npm runs workspace scripts inside apps/server: relative paths (the file, DATA_DIR) mean the
// directory the command was typed in, as for `npm start`.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

/**
 * `npm run seed:points -- --count 100000`: generates benchmark points across Colombia's cities
 * (deterministic, marked "(demo)", source "generated"). Replaces the points of an earlier run.
 */
const args = process.argv.slice(2);
const at = args.indexOf('--count');
const raw = at >= 0 ? args[at + 1] : (args.find((a) => a.startsWith('--count='))?.split('=')[1] ?? '100000');
const count = Number(raw);
if (!Number.isInteger(count) || count < 0 || count > 5_000_000) {
  console.error('Uso: npm run seed:points -- --count 100000 (un entero entre 0 y 5.000.000)');
  process.exit(2);
}
const config = loadConfig();
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
try {
  await migrateToLatest(handle);
  const started = performance.now();
  let last = 0;
  const result = await seedGeneratedPoints(handle.db, count, (done) => {
    if (done - last >= 20000 || done === count) {
      last = done;
      process.stdout.write(`  ${done.toLocaleString('es-CO')} / ${count.toLocaleString('es-CO')}\n`);
    }
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Puntos de prueba: ${result.created.toLocaleString('es-CO')} creados (${result.deleted.toLocaleString('es-CO')} anteriores borrados) en ${seconds} s (${handle.dialect}).`,
  );
} finally {
  await handle.destroy();
}
