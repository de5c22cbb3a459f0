import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@puntoverde/contract';

/**
 * A pickup on a recycler's route, at a phone's width: the demo coordinator assigns one of the
 * day's open pickups to the demo recicladora; it is on her Mi ruta de hoy; she marks it
 * "Recogido" with no signal (kept on the phone), and back online it is sent once; the household
 * who asked for it sees who came, with the check of her id card.
 */
// The app's service worker (the suite blocks it elsewhere: its precache download in every new context cost a quarter of the run).
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const ADDRESS = 'Carrera 73 # 42-18, Laureles (demo)';
const RECYCLER_NAME = 'María Elena Gómez Ríos';

async function signedIn(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'es-CO', timezoneId: 'America/Bogota' });
  const res = await context.request.post('/back/api/clientes/login', {
    data: { username: email, password: DEMO_PASSWORD, playerId: '' },
    headers: { 'x-forwarded-for': `10.14.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = (await res.json()) as { data: unknown };
  await context.addInitScript((user) => window.localStorage.setItem('currentUser', JSON.stringify(user)), data);
  return { context, page: await context.newPage() };
}

test('assigned → on today’s route → collected offline, sent once back online → the household sees who came', async ({ browser }) => {
  // The coordinator assigns the open pickup to the recicladora.
  const coordinator = await signedIn(browser, 'gestor@demo.puntoverde.co');
  const c = coordinator.page;
  await c.goto('/app/tabs/points');
  await expect(c.locator('#boot')).toHaveCount(0);
  await c.getByRole('link', { name: 'Asociación de Recicladores Demo', exact: true }).click();
  const chip = c.getByRole('button', { name: 'Recolecciones', exact: true });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  const row = c.locator('li[data-request-id]').filter({ hasText: ADDRESS });
  await expect(row.getByText('Sin asignar')).toBeVisible();
  const requestId = await row.getAttribute('data-request-id');
  await row.getByLabel('Reciclador(a)', { exact: true }).selectOption({ label: RECYCLER_NAME });
  await row.getByRole('button', { name: 'Asignar' }).click();
  await expect(row.getByText(`Solicitud #${requestId} asignada a ${RECYCLER_NAME}.`)).toBeVisible();
  await coordinator.context.close();

  // On her route today; marked collected with no signal.
  const recycler = await signedIn(browser, 'reciclador@demo.puntoverde.co');
  const r = recycler.page;
  const outcomes: string[] = [];
  r.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith(`/recyclers/me/stops/${requestId}/outcome`)) outcomes.push(req.url());
  });
  await r.goto('/app/tabs/mi-ruta');
  await expect(r.getByRole('heading', { level: 1, name: 'Mi ruta de hoy' })).toBeVisible();
  // The day's map draws the ECA and the stops (its area has its own size: no "too small" error).
  await expect(r.locator('.rc-route-map .rc-route-marker').first()).toBeVisible();
  await expect(r.locator('.rc-route-map .pvp-map-error')).toHaveCount(0);
  // The app's code comes from the service worker's copy once it controls the page, as on a phone
  // that opened the app before leaving for the route.
  await r.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 30_000 });
  const stop = r.locator(`li[data-request-id="${requestId}"]`);
  await expect(stop.getByRole('heading', { name: new RegExp(`^\\d+\\. ${ADDRESS.replace(/[#()]/g, '\\$&')}$`) })).toBeVisible();
  await expect(stop.getByRole('link', { name: `Navegar a ${ADDRESS}` })).toHaveAttribute('href', /^geo:6\.2468,-75\.595\?q=/);
  await recycler.context.setOffline(true);
  await stop.getByRole('button', { name: `Recogido en ${ADDRESS}` }).click();
  await expect(stop.getByText(/guardado en el teléfono/)).toBeVisible();
  expect(outcomes).toHaveLength(0);
  await recycler.context.setOffline(false);
  await expect(stop.getByText('Recogido', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(stop.getByText(/guardado en el teléfono/)).toHaveCount(0);
  expect(outcomes).toHaveLength(1);
  await recycler.context.close();

  // The household sees who came, and can check her card.
  const household = await signedIn(browser, 'hogar@demo.puntoverde.co');
  const h = household.page;
  await h.goto(`/app/tabs/request/${requestId}`);
  const who = h.getByRole('region', { name: 'María pasó por tu reciclaje' });
  await expect(who).toBeVisible();
  await expect(who.getByText('De Asociación de Recicladores Demo')).toBeVisible();
  await expect(who.getByRole('link', { name: 'Verificar el carné de María' })).toHaveAttribute('href', /\/verificar-reciclador\/[A-Za-z0-9_-]{16}$/);
  await household.context.close();
});
