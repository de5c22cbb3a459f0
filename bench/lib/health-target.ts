// Serves, in one process, the real app (port A) and a bare Fastify route (port B) so the
// health benchmark compares them under the same conditions.
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', DEMO: 'false' });
const app = await buildApp({ config });
await app.listen({ port: Number(process.env.APP_PORT), host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ status: 'ok' }));
await bare.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
console.log('ready');
for (const s of ['SIGTERM', 'SIGINT'] as const) {
  process.on(s, () => {
    void Promise.all([app.close(), bare.close()]).then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}
