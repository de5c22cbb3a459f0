import { defineConfig, devices } from '@playwright/test';
import { createServer } from 'node:net';
import { findE2eBrowser, withBenchDisabledFeatures } from '../scripts/find-chromium.mjs';

/**
 * The e2e suite drives Debian's Chromium against the real server (built web app, fresh
 * DATA_DIR, demo data) on a free loopback port chosen once per run.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

// Workers load this file again; the port chosen by the main process reaches them via env.
process.env.E2E_PORT ??= String(await freePort());
// The local OpenID Connect provider standing in for Google (oidc-provider.setup.ts).
process.env.E2E_OIDC_PORT ??= String(await freePort());
process.env.E2E_OIDC_CLIENT_ID ??= 'puntoverde-e2e';
process.env.E2E_OIDC_CLIENT_SECRET ??= 'e2e-oidc-client-secret-not-for-production';
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
// Debian's headless shell, else Chromium (scripts/find-chromium.mjs).
const executablePath = findE2eBrowser() ?? undefined;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './oidc-provider.setup.ts',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    baseURL,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    // A trace is recorded for a test's retry (CI retries once): recording one for every test cost ~11%
    // of the run's time (screencast and DOM snapshots) to keep the few that fail.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: withBenchDisabledFeatures([
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ]),
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: '..',
    url: `${baseURL}/back/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      E2E_PORT: String(port),
      OIDC_PROVIDERS: 'google',
      OIDC_GOOGLE_ISSUER: `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`,
      OIDC_GOOGLE_CLIENT_ID: process.env.E2E_OIDC_CLIENT_ID,
      OIDC_GOOGLE_CLIENT_SECRET: process.env.E2E_OIDC_CLIENT_SECRET,
      // notifications.spec.ts registers subscriptions at a local Web Push service on loopback.
      PUSH_ALLOW_LOOPBACK: 'true',
    },
  },
});
