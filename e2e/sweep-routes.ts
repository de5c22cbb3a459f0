/**
 * Every route state the sweeps visit (route-sweep.spec.ts, language-sweep.spec.ts), by who
 * reaches it: the visitor pages, each signed-in user's pages and every back-office section. One browser context per user, signed in
 * once through the API.
 */
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@puntoverde/contract';

export type Sweep = { user: string | null; paths: readonly string[] };

export const SWEEP: readonly Sweep[] = [
  {
    user: null,
    paths: [
      '/index',
      '/home',
      '/map/1',
      '/allies',
      '/campaign',
      '/contact',
      '/help',
      '/accesibilidad',
      '/auth/login',
      '/auth/signup',
      '/auth/signup-client',
      '/auth/signup-company',
      '/auth/forgot-password',
      '/data-policy',
      '/page-not-found',
    ],
  },
  {
    user: 'hogar@demo.puntoverde.co',
    paths: [
      '/app/tabs/request',
      '/app/tabs/request/new',
      '/app/tabs/reports',
      '/app/tabs/reports/new',
      '/auth/profile/:own',
      '/notifications',
      '/recompensas',
    ],
  },
  { user: 'aliado@demo.puntoverde.co', paths: ['/recompensas/aliado'] },
  {
    user: 'gestor@demo.puntoverde.co',
    // The demo organisation of recicladores (the first one seeded) and its first member's id card.
    paths: ['/app/tabs/prequest', '/app/tabs/points', '/app/tabs/recyclers/1', '/app/tabs/recyclers/1/members/1/card'],
  },
  { user: 'empresa@demo.puntoverde.co', paths: ['/app/tabs/branch-offices/list/:own'] },
  {
    user: 'admin@demo.puntoverde.co',
    paths: [
      '/admin',
      '/admin/campaigns',
      '/admin/allies',
      '/admin/points',
      '/admin/materials',
      '/admin/content',
      '/admin/users',
      '/admin/audit',
      '/admin/open311',
      '/admin/broadcasts',
      '/admin/webhooks',
      '/admin/report-categories',
      '/admin/rewards',
      '/admin/recyclers',
      '/admin/pqr',
    ],
  },
];

/** A context for `user` (null: a visitor), signed in through the API; returns it and the user's id. */
export async function contextFor(
  browser: Browser,
  user: string | null,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; id: number }> {
  const context = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota', ...options });
  let id = 0;
  if (user) {
    const res = await context.request.post('/back/api/clientes/login', {
      data: { username: user, password: DEMO_PASSWORD, playerId: '' },
      headers: { 'x-forwarded-for': `10.12.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    const { data } = (await res.json()) as { data: { id: number } };
    id = data.id;
    await context.addInitScript((session) => window.localStorage.setItem('currentUser', JSON.stringify(session)), data);
  }
  return { context, page: await context.newPage(), id };
}

export function currentPage(page: Page): Locator {
  return page.locator('.ion-page:not(.ion-page-hidden)').last();
}

/** Opens `path` and waits until its heading shows and its content has loaded. */
export async function openAndSettle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(currentPage(page).locator('h1')).toBeVisible();
  await expect(page.locator('#boot')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('ion-skeleton-text, [aria-busy="true"]:not(.pvp-map-frame)')).toHaveCount(0);
}
