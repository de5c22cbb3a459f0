// The server the e2e suite talks to: the real app started as `npm start` starts it (compiled,
// built web), with a fresh DATA_DIR and demo data.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(os.tmpdir(), 'puntoverde-e2e-'));
const port = process.env.E2E_PORT || '3100';
const child = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO: 'true',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
    NODE_ENV: 'production',
    DATABASE_URL: '',
    // Every e2e journey signs up and logs in from 127.0.0.1; per-account limits stay as they are.
    RATE_LIMIT_IP_FACTOR: '50',
    REDIS_URL: '',
    // Map tiles are not reachable offline; the app must work without them.
    TILE_URL: process.env.E2E_TILE_URL || '/tiles-unavailable/{z}/{x}/{y}.png',
  },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  if (!process.env.E2E_DATA_DIR) cleanup();
  process.exit(code ?? 0);
});
