// The real server with the built web app and 100,000 generated points (besides the demo data),
// for the browser and Lighthouse benchmarks. DATA_DIR and PORT come from the environment.
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { seedDemo } from '../../apps/server/src/demo-seed.js';
import { seedGeneratedPoints } from '../../apps/server/src/features/points/points.seed.js';
import { backfillVariants } from '../../apps/server/src/features/files/image-variants.js';
import { storageFromConfig } from '../../apps/server/src/features/files/storage.js';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const count = Number(process.env.POINTS_COUNT ?? 100000);
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DEMO: process.env.DEMO ?? 'true',
  NODE_ENV: 'production',
  // No network here: tiles cannot load, the map must work without them — unless the bench
  // serves a local tile stand-in (bench/lighthouse.ts) and names it in TILE_URL.
  TILE_URL: process.env.TILE_URL ?? '/tiles-unavailable/{z}/{x}/{y}.png',
});
const app = await buildApp({ config });
await seedDemo(app.db, { log: { info: () => undefined, warn: () => undefined }, config });
await seedGeneratedPoints(app.db, count);
// The demo pictures' responsive variants, as a deployment has them once its upload queue or
// backfill has run: measured pages never wait for a first-request encode.
await backfillVariants(app.db, storageFromConfig(config));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
for (const s of ['SIGTERM', 'SIGINT'] as const) {
  process.on(s, () => {
    void app.close().then(() => process.exit(0));
  });
}
