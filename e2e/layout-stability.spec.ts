import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { revealWhenVisible } from './when-visible';

/**
 * Layout stability (Lighthouse's cumulative layout shift ≤ 0.1 on every page): what a
 * page has shown must not move when its data arrives. Each page opens on a phone-sized window
 * with its data held back a moment, as on a slow network, and the layout shifts the browser
 * records (Layout Instability API) are added up — all of them, stricter than Lighthouse's
 * worst five-second window.
 */
const PASSWORD = 'PuntoVerde2026!';
/** Longer than the boot screen waits for the page's content (BOOT_CONTENT_WAIT_MS): the app's own loading state shows. */
const DATA_DELAY_MS = 2_000;

test.use({ viewport: { width: 412, height: 823 } });

/** Logs in through the API and stores the session as the app does; returns the user's id. */
async function loginAs(page: Page, request: APIRequestContext, email: string): Promise<number> {
  const res = await request.post('/back/api/clientes/login', {
    data: { username: email, password: PASSWORD, playerId: '' },
    headers: { 'x-forwarded-for': `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = (await res.json()) as { data: { id: number } };
  await page.addInitScript((user) => window.localStorage.setItem('currentUser', JSON.stringify(user)), data);
  return data.id;
}

/** Records every layout shift not caused by input from the first paint on. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function totalShift(page: Page): Promise<number> {
  // Let the last frame's shifts be reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
  return page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0));
}

/** Holds back the answers to one API path. */
async function delayApi(page: Page, path: string) {
  await page.route(`**/back/api/${path}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, DATA_DELAY_MS));
    await route.continue();
  });
}

test('the profile does not move when the account arrives', async ({ page, request }) => {
  const id = await loginAs(page, request, 'hogar@demo.puntoverde.co');
  await recordShifts(page);
  await delayApi(page, 'v1/me');
  await page.goto(`/auth/profile/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Mi cuenta', exact: true })).toBeVisible();
  // The lower sections render once reached (components/when-visible): they must not move it either.
  await revealWhenVisible(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Notificaciones' })).toBeAttached();
  expect(await totalShift(page)).toBeLessThanOrEqual(0.1);
});

test('the back-office home does not move when its dashboard arrives', async ({ page, request }) => {
  await loginAs(page, request, 'admin@demo.puntoverde.co');
  await recordShifts(page);
  await delayApi(page, 'v1/admin/dashboard');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Lo que necesita atención' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Secciones' })).toBeAttached();
  expect(await totalShift(page)).toBeLessThanOrEqual(0.1);
});

test("the landing does not move when the scheme's figures arrive", async ({ page }) => {
  await recordShifts(page);
  await delayApi(page, 'v1/statistics/impact');
  await page.goto('/index');
  await expect(page.getByRole('heading', { level: 2, name: 'Tu punto más cercano' })).toBeAttached();
  await expect(page.getByRole('heading', { level: 2, name: 'Lo que hemos reciclado' })).toBeVisible();
  // Its section keeps its place while the figures load: nothing on screen moves (it was 0.053).
  expect(await totalShift(page)).toBeLessThanOrEqual(0.01);
});

test('the reports do not move when the report categories arrive', async ({ page, request }) => {
  await loginAs(page, request, 'hogar@demo.puntoverde.co');
  await recordShifts(page);
  await delayApi(page, 'v1/reports/categories');
  await page.goto('/app/tabs/reports');
  await expect(page.getByText(/^\d+ reportes?$/)).toBeVisible();
  await expect(page.getByLabel('Categoría').locator('option')).not.toHaveCount(1, { timeout: 10_000 });
  expect(await totalShift(page)).toBeLessThanOrEqual(0.01);
});
