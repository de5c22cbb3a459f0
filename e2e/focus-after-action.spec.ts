import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@puntoverde/contract';

/**
 * WCAG 2.4.3 and 4.1.3 after an action: a control pressed by keyboard is never disabled or removed
 * under the person's finger, and when an action replaces it, focus moves to its result instead of
 * falling to <body> (where a screen reader says nothing). "Usar mi ubicación" on the landing, in
 * Reportes and in the pickup form, with the location allowed and refused, and the forms whose
 * sending replaces them (forgot password, profile, PQR). Phone and desktop sizes.
 */
const HOUSEHOLD = 'hogar@demo.puntoverde.co';
/** Medellín, next to the demo points. */
const HERE = { latitude: 6.2442, longitude: -75.5812 };

async function open(browser: Browser, viewport: { width: number; height: number }, allowLocation: boolean, email?: string) {
  const context = await browser.newContext({
    viewport,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    ...(allowLocation ? { permissions: ['geolocation'], geolocation: HERE } : {}),
  });
  if (email) {
    const res = await context.request.post('/back/api/clientes/login', {
      data: { username: email, password: DEMO_PASSWORD, playerId: '' },
      headers: { 'x-forwarded-for': `10.12.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    const { data } = (await res.json()) as { data: unknown };
    await context.addInitScript((user) => window.localStorage.setItem('currentUser', JSON.stringify(user)), data);
  }
  return { context, page: await context.newPage() };
}

/** What holds focus, readably; "(body)" when nothing does. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return '(body)';
    return `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} ${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}`;
  });
}

/** Focus stays off <body> for the whole action, sampled at every animation frame until `done`. */
async function watchFocus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { pvLostFocus?: boolean };
    w.pvLostFocus = false;
    const tick = () => {
      if (document.activeElement === document.body || !document.activeElement) w.pvLostFocus = true;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
const lostFocus = (page: Page) => page.evaluate(() => (window as unknown as { pvLostFocus?: boolean }).pvLostFocus === true);

async function settled(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.locator('#boot')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible({ timeout: 20_000 });
}

let context: BrowserContext | undefined;
test.afterEach(async () => {
  await context?.close();
  context = undefined;
});

for (const [label, viewport] of [
  ['390 px', { width: 390, height: 844 }],
  ['1366 px', { width: 1366, height: 768 }],
] as const) {
  test.describe(`focus after an action (${label})`, () => {
    test('"Usar mi ubicación" on the landing: focus moves to the nearest point, or stays on the button when refused', async ({
      browser,
    }) => {
      const allowed = await open(browser, viewport, true);
      context = allowed.context;
      let page = allowed.page;
      // Allowed beforehand, the landing locates at once; so the person is asked on this load only.
      await page.addInitScript(() => {
        const query = navigator.permissions.query.bind(navigator.permissions);
        navigator.permissions.query = (d: PermissionDescriptor) =>
          d.name === 'geolocation' ? Promise.resolve({ state: 'prompt' } as PermissionStatus) : query(d);
      });
      await settled(page, '/index', 'Inicio');
      const button = page.getByRole('button', { name: 'Usar mi ubicación', exact: true });
      await button.focus();
      await watchFocus(page);
      await page.keyboard.press('Enter');
      const answer = page.locator('.nearest-point');
      await expect(answer).toBeVisible();
      await expect(answer).toBeFocused();
      expect(await lostFocus(page), 'focus fell to the page while locating').toBe(false);
      await context.close();

      const refused = await open(browser, viewport, false);
      context = refused.context;
      page = refused.page;
      await settled(page, '/index', 'Inicio');
      await page.getByRole('button', { name: 'Usar mi ubicación', exact: true }).focus();
      await watchFocus(page);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: /ubicación/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Usar mi ubicación', exact: true })).toBeFocused();
      expect(await lostFocus(page)).toBe(false);
    });

    test('"Usar mi ubicación" in Reportes and in the pickup form keeps focus, then moves it to the result', async ({
      browser,
    }) => {
      ({ context } = await open(browser, viewport, true, HOUSEHOLD));
      const page = await context.newPage();
      await settled(page, '/app/tabs/reports', 'Reportes');
      await page.getByRole('button', { name: 'Cerca de mí', exact: true }).click();
      const locate = page.getByRole('button', { name: 'Usar mi ubicación', exact: true });
      await locate.focus();
      await watchFocus(page);
      await page.keyboard.press('Enter');
      const total = page.locator('.rp-hint[aria-live]');
      await expect(total).toHaveText(/\d+ reportes?|Ningún reporte|No hay/);
      await expect(total).toBeFocused();
      expect(await lostFocus(page), `focus fell to the page (now on ${await focused(page)})`).toBe(false);

      await settled(page, '/app/tabs/request/new', 'Nueva solicitud de recolección');
      const useMine = page.getByRole('button', { name: 'Usar mi ubicación', exact: true });
      await useMine.focus();
      await watchFocus(page);
      await page.keyboard.press('Enter');
      await expect(page.getByText(/^Marcado en /)).toBeVisible();
      await expect(useMine).toBeFocused();
      expect(await lostFocus(page)).toBe(false);
    });

    test('sending a form moves focus to what replaced it', async ({ browser }) => {
      ({ context } = await open(browser, viewport, false));
      let page = await context.newPage();
      await settled(page, '/auth/forgot-password', 'Recuperar contraseña');
      await page.getByLabel('Correo electrónico', { exact: true }).fill('nadie@example.com');
      await page.getByLabel('Correo electrónico', { exact: true }).press('Enter');
      // Focus stays on the field until the answer replaces the form, then moves to the answer.
      await expect
        .poll(() => focused(page), { message: 'focus is on the confirmation after sending the reset request' })
        .toMatch(/correo|enlace|revisa/i);
      await context.close();

      ({ context } = await open(browser, viewport, false, HOUSEHOLD));
      page = await context.newPage();
      await page.goto('/index');
      await expect(page.locator('#boot')).toHaveCount(0);
      const profileId = await page.evaluate(() => (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { id: number }).id);
      await settled(page, `/auth/profile/${profileId}`, 'Mi perfil');
      const address = page.getByRole('textbox', { name: /^Dirección/ }).first();
      await address.fill(`Calle ${10 + Math.floor(Math.random() * 80)} # 45-12`);
      const save = page.getByRole('button', { name: 'Guardar cambios', exact: true });
      await save.focus();
      await watchFocus(page);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Guardamos tus datos.' }).first()).toBeAttached();
      // Saved, the button has nothing left to send and says so, but keeps focus.
      await expect(save).toBeFocused();
      expect(await lostFocus(page), 'focus fell to the page while saving').toBe(false);
    });
  });
}
