import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@puntoverde/contract';

/**
 * WCAG 2.1.1: a place is picked on a map without a pointer and without the device's location.
 * On a 390 px phone with the location permission refused, a household files an incident report
 * from Reportes and asks for a pickup using only the keyboard: Tab to each control, type, arrow
 * keys, Enter. The place comes from the address search (or the form's own address field) and from
 * the focused map, panned with the arrows and marked at its centre with Enter. Map markers panned
 * out of the view leave the tab order.
 */
test.describe.configure({ mode: 'serial' });

const HOUSEHOLD = 'hogar@demo.puntoverde.co';
const MAX_TABS = 80;

let context: BrowserContext;
let page: Page;

async function signedIn(browser: Browser): Promise<void> {
  // No `permissions: ['geolocation']`: the browser refuses the location, as a person who said no.
  context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  });
  const res = await context.request.post('/back/api/clientes/login', {
    data: { username: HOUSEHOLD, password: DEMO_PASSWORD, playerId: '' },
    headers: { 'x-forwarded-for': `10.11.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = (await res.json()) as { data: unknown };
  await context.addInitScript((user) => window.localStorage.setItem('currentUser', JSON.stringify(user)), data);
  page = await context.newPage();
}

test.beforeAll(async ({ browser }) => signedIn(browser));
test.afterAll(async () => context?.close());

function current(): Locator {
  return page.locator('.ion-page:not(.ion-page-hidden)').last();
}

/** Presses Tab (a bounded number of times) until `target` holds focus: it is reachable by keyboard. */
async function tabTo(target: Locator, what: string): Promise<void> {
  await expect(target, what).toBeVisible();
  for (let i = 0; i < MAX_TABS; i += 1) {
    // Resolved again at each press: the form may render the control anew meanwhile.
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${what}: not reached in ${MAX_TABS} presses of Tab (focus on ${await focused()})`);
}

async function focused(): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}`
      : 'none';
  });
}

test('an incident report is filed from Reportes by keyboard only, with the location refused', async () => {
  await page.goto('/app/tabs/reports/new');
  const form = current();
  await expect(form.getByRole('heading', { name: 'Reportar un problema', level: 1 })).toBeVisible();
  await expect(page.locator('#boot')).toHaveCount(0);

  const category = form.getByLabel('¿Qué pasa?');
  await expect(category.locator('option')).not.toHaveCount(1);
  await tabTo(category, 'the category');
  await page.keyboard.press('ArrowDown');
  await expect(category).not.toHaveValue('');

  await tabTo(form.getByLabel('Descripción'), 'the description');
  await page.keyboard.type('Hay escombros tirados en el andén desde hace una semana.');

  // The device's location is refused: the form says so and offers the other ways.
  await tabTo(form.getByRole('button', { name: 'Usar mi ubicación' }), '"Usar mi ubicación"');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert').filter({ hasText: 'No diste permiso para usar tu ubicación' })).toBeVisible();

  // The address search places the pin.
  await page.keyboard.press('Shift+Tab');
  const search = form.getByLabel('Buscar una dirección', { exact: true });
  await tabTo(search, 'the address search');
  await page.keyboard.type('Cra 72 # 49-10, Medellín');
  await page.keyboard.press('Enter');
  const hits = form.getByRole('list', { name: 'Direcciones encontradas' });
  await expect(form.getByText(/Ubicamos .*Medellín en el mapa/).or(hits)).toBeVisible();
  if (await hits.isVisible()) {
    await tabTo(hits.getByRole('button').first(), 'the first address found');
    await page.keyboard.press('Enter');
  }
  await expect(form.getByText(/Ubicamos Carrera 72 # 49-10, .*Medellín en el mapa/)).toBeVisible();

  // The focused map, named, pans with the arrows and marks its centre with Enter.
  const map = form.getByRole('application', { name: 'Mapa para marcar dónde está el problema' });
  await tabTo(map, 'the map');
  const before = await map.evaluate((el) => el.querySelector<HTMLElement>('.leaflet-map-pane')?.style.transform ?? '');
  await page.keyboard.press('ArrowUp');
  await expect
    .poll(() => map.evaluate((el) => el.querySelector<HTMLElement>('.leaflet-map-pane')?.style.transform ?? ''))
    .not.toBe(before);
  await page.keyboard.press('Enter');
  await expect(form.getByText(/^Marcado en /)).toBeVisible();

  await tabTo(form.getByRole('button', { name: 'Enviar reporte' }), '"Enviar reporte"');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/tabs\/reports\/REP-\d{4}-\d{6}$/);
  await expect(current().getByText('Abierto').filter({ visible: true }).first()).toBeVisible();
  expect(await focused()).not.toBe('body ');
});

test('a pickup request is filed by keyboard only, with the location refused', async () => {
  await page.goto('/app/tabs/request/new');
  const form = current();
  await expect(form.getByRole('heading', { name: 'Nueva solicitud de recolección', level: 1 })).toBeVisible();
  await expect(page.locator('#boot')).toHaveCount(0);

  const material = form.getByLabel('Material 1', { exact: true });
  await expect(material.locator('option')).not.toHaveCount(1);
  await tabTo(material, 'the first material');
  await page.keyboard.press('ArrowDown');
  await expect(material).not.toHaveValue('');
  // Kilos or units, whichever the material is counted in.
  await page.keyboard.press('Tab');
  await page.keyboard.type('3');

  await tabTo(form.getByLabel('Dirección de recogida', { exact: true }), 'the address');
  await page.keyboard.type('Carrera 70 # 44-10, Medellín');
  await expect(form.getByText(/Ubicamos Carrera 70 # 44-10, .*Medellín en el mapa/)).toBeVisible();

  await tabTo(form.getByRole('button', { name: 'Usar mi ubicación' }), '"Usar mi ubicación"');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert').filter({ hasText: 'No diste permiso para usar tu ubicación' })).toBeVisible();

  // "Usar el centro del mapa" places the pin where the map is, and the address typed stays.
  await tabTo(form.getByRole('button', { name: 'Usar el centro del mapa' }), '"Usar el centro del mapa"');
  await page.keyboard.press('Enter');
  await expect(form.getByText(/^Marcado en /)).toBeVisible();
  await expect(form.getByLabel('Dirección de recogida', { exact: true })).toHaveValue('Carrera 70 # 44-10, Medellín');

  const pointGroup = form.getByRole('group', { name: 'Punto que recoge' });
  await expect(pointGroup.getByRole('radio').first()).toBeChecked();

  const day = form.getByLabel('Día preferido', { exact: true });
  await expect(day.locator('option:not([disabled])').nth(1)).toBeAttached();
  await tabTo(day, 'the preferred day');
  await page.keyboard.press('ArrowDown');
  await expect(day).not.toHaveValue('');

  await tabTo(form.getByRole('button', { name: 'Enviar solicitud' }), '"Enviar solicitud"');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/tabs\/request\/\d+$/);
  const id = Number(/\/(\d+)$/.exec(page.url())![1]);
  await expect(current().getByRole('heading', { name: `Solicitud #${id}`, level: 1 })).toBeVisible();
});

test('markers panned out of the map leave the tab order', async () => {
  await page.goto('/home');
  await expect(page.locator('#boot')).toHaveCount(0);
  const map = current().getByRole('application', { name: 'Mapa de puntos de reciclaje' });
  await expect(map).toBeVisible();
  await expect(map.locator('.pvp-cluster').first()).toBeAttached();
  // Every marker still focusable lies wholly inside the map.
  const outside = async () =>
    map.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return [...el.querySelectorAll<HTMLElement>('.leaflet-marker-icon')]
        .filter((m) => m.tabIndex >= 0)
        .map((m) => m.getBoundingClientRect())
        .filter(
          (r) => r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1,
        ).length;
    });
  await expect.poll(outside).toBe(0);
  await map.focus();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  await expect.poll(outside).toBe(0);
});
