// Takes the web app manifest's screenshots of the app itself (demo data): /home on a phone
// (540x960, "narrow") and /index on a desktop (1280x800, "wide"), into public/screenshots/.
// Run after `npm run build`: `node apps/web/scripts/make-screenshots.mjs`. The PNGs are committed.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { findChromium } from '../../../scripts/find-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const out = path.join(root, 'apps/web/public/screenshots');
mkdirSync(out, { recursive: true });
const port = process.env.SCREENSHOT_PORT || '3187';
const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
  cwd: root,
  stdio: 'ignore',
  env: { ...process.env, E2E_PORT: port },
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; i < 120; i += 1) {
    const ok = await fetch(`${base}/back/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  for (const [url, width, height, file] of [
    ['/home', 540, 960, 'home-narrow.png'],
    ['/index', 1280, 800, 'index-wide.png'],
  ]) {
    const page = await browser.newPage({ viewport: { width, height }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    await page.goto(base + url, { waitUntil: 'networkidle' });
    await page.waitForSelector('#boot', { state: 'detached', timeout: 15000 }).catch(() => undefined);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(out, file) });
    await page.close();
  }
  await browser.close();
  console.log('screenshots written to', out);
} finally {
  server.kill('SIGTERM');
}
