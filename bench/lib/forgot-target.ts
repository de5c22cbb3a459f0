// The real app with FORGOT_ACCOUNTS accounts (olvido-<n>@example.co) for the forgot-password timing bench.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { createAccount } from '../../apps/server/src/features/identity/accounts.service.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-bench-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DEMO: 'false',
  // Every trial comes from loopback: lift the per-IP budget out of the way.
  RATE_LIMIT_IP_FACTOR: '1000',
});
const app = await buildApp({ config });
const count = Number(process.env.FORGOT_ACCOUNTS ?? 1000);
for (let i = 0; i < count; i += 1) {
  // No password (as after a social sign-in): no argon2 cost to set up, and a reset link is still sent.
  await createAccount(app.db, { tc_id: 2, email: `olvido-${i}@example.co`, password: null, name: `Cuenta ${i}` });
}
await app.listen({ port: Number(process.env.APP_PORT), host: '127.0.0.1' });
console.log('ready');
for (const s of ['SIGTERM', 'SIGINT'] as const) {
  process.on(s, () => {
    void app.close().then(() => process.exit(0));
  });
}
