// The real app with one account (bench@example.co / BENCH_PASSWORD) for the identity benchmark.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { createAccount } from '../../apps/server/src/features/identity/accounts.service.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', DEMO: 'false' });
const app = await buildApp({ config });
await createAccount(app.db, {
  tc_id: 2,
  email: 'bench@example.co',
  password: process.env.BENCH_PASSWORD ?? 'Reciclo-Papel-2026',
  name: 'Bench',
});
await app.listen({ port: Number(process.env.APP_PORT), host: '127.0.0.1' });
console.log('ready');
for (const s of ['SIGTERM', 'SIGINT'] as const) {
  process.on(s, () => {
    void app.close().then(() => process.exit(0));
  });
}
