/**
 * A persistent Chromium profile, as installability and service workers need, for the offline
 * specs (offline.spec.ts, offline-update.spec.ts).
 */
import { chromium, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type PwaProfile = { context: BrowserContext; page: Page; baseURL: string; close: () => Promise<void> };

/** Opens a fresh persistent profile with the project's browser, language and time zone. */
export async function openPwaProfile(testInfo: TestInfo): Promise<PwaProfile> {
  const baseURL = String(testInfo.project.use.baseURL);
  const dir = mkdtempSync(path.join(tmpdir(), 'puntoverde-pwa-'));
  const context = await chromium.launchPersistentContext(dir, {
    ...(testInfo.project.use.launchOptions ?? {}),
    baseURL,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    viewport: { width: 1280, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    baseURL,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until the service worker controls the page (it registers after the first paint). */
export async function untilControlled(p: Page): Promise<void> {
  await p.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
}
