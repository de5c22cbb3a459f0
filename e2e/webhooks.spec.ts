import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Back office → Webhooks, as staff on a phone-sized and a desktop-sized window: an inward URL is
 * refused with the Spanish message; a public one is registered and its signing secret shown once
 * (not after a reload); the endpoint is paused and resumed, its secret rotated (a new one shown,
 * the old one's overlap listed) and removed. Screenshots of each width go to test-results/e2e.
 *
 * The e2e server leaves WEBHOOK_ALLOW_LOOPBACK off and registration resolves the host, so the
 * endpoint is a public IP literal (IANA's example.com address): no DNS lookup, and the endpoint
 * subscribes to one event only and is removed at the end, so the worker has nothing to send it.
 */
const PASSWORD = 'PuntoVerde2026!';
const STAFF = 'admin@demo.puntoverde.co';
const REFUSED = 'No podemos enviar a esa dirección: debe ser https y de un servidor público en internet';

test.describe.configure({ mode: 'serial' });

function current(page: Page): Locator {
  return page.locator('.ion-page:not(.ion-page-hidden)').last();
}

async function login(page: Page, email: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel(/correo/i).fill(email);
  await page
    .getByLabel(/contraseña/i)
    .first()
    .fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** The element's right edge is inside the window and nothing in it scrolls sideways. */
async function expectWithinWidth(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  const width = page.viewportSize()?.width ?? 0;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(await locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
}

/**
 * A screenshot of the whole screen: the page scrolls inside ion-content, so the window grows to
 * the section's height for the shot and returns to its size after.
 */
async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  const box = await current(page).locator('section.wh').boundingBox();
  const height = Math.min(4000, Math.max(size.height, Math.ceil((box?.y ?? 0) + (box?.height ?? 0) + 24)));
  await page.setViewportSize({ width: size.width, height });
  await current(page)
    .locator('section.wh')
    .evaluate(async (el) => {
      type IonContent = HTMLElement & { scrollToTop?: (ms: number) => Promise<void> };
      const content = el.closest<IonContent>('ion-content');
      await content?.scrollToTop?.(0);
    });
  await page.screenshot({ path: `test-results/e2e/${name}.png` });
  await page.setViewportSize(size);
}

for (const width of [390, 1366] as const) {
  test.describe(`webhooks at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 900 } });

    test('staff register an endpoint, see its secret once, pause, resume, rotate and remove it', async ({ page }) => {
      await login(page, STAFF);
      await page.goto('/admin');
      await current(page).getByRole('link', { name: 'Webhooks' }).click();
      await expect(page).toHaveURL(/\/admin\/webhooks$/);
      const screen = current(page);
      await expect(screen.getByRole('heading', { level: 1, name: 'Webhooks', exact: true })).toBeVisible();
      const section = screen.locator('section.wh');

      // An inward address is refused, in Spanish, on the URL.
      const urlField = screen.getByLabel('Dirección (URL https) que recibe los avisos');
      await urlField.fill('http://127.0.0.1:9/hook');
      await screen.getByRole('button', { name: 'Registrar webhook' }).click();
      await expect(screen.getByText(REFUSED)).toBeVisible();
      await shoot(page, `webhooks-${width}-refused`);

      // A public endpoint, subscribed to one event.
      const url = `https://93.184.216.34/puntoverde-${width}-${Date.now() % 100000}`;
      await urlField.fill(url);
      await screen.getByLabel('Descripción (para quién es)').fill('Secretaría de Ambiente, tablero de indicadores');
      for (const type of [
        'report.created',
        'report.status_changed',
        'pqr.created',
        'pqr.status_changed',
        'pickup_request.created',
        'pickup_request.status_changed',
      ]) {
        await screen.getByRole('checkbox', { name: type }).uncheck();
      }
      await expect(screen.getByRole('checkbox', { name: 'certificate.issued' })).toBeChecked();
      await screen.getByRole('button', { name: 'Registrar webhook' }).click();
      const notice = screen.getByRole('status').filter({ hasText: 'no lo volveremos a mostrar' });
      await expect(notice).toContainText(url);
      const secretCode = notice.locator('code');
      await expect(secretCode).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const secret = (await secretCode.textContent())!;
      await expect(screen.getByText(REFUSED)).toHaveCount(0);
      await expectWithinWidth(page, secretCode);

      const card = screen.getByRole('listitem').filter({ hasText: url });
      await expect(card).toContainText('Activo');
      await expect(card).toContainText('Certificado emitido');
      await expectWithinWidth(page, card);
      await expectWithinWidth(page, section);
      await shoot(page, `webhooks-${width}-secret`);

      // Pause, resume.
      await card.getByRole('button', { name: 'Pausar' }).click();
      await expect(card).toContainText('En pausa');
      await card.getByRole('button', { name: 'Reanudar' }).click();
      await expect(card).toContainText('Activo');
      await expect(card.getByRole('button', { name: 'Pausar' })).toBeVisible();

      // Rotate: a new secret, shown once; the old one keeps signing for the overlap.
      await card.getByRole('button', { name: 'Rotar secreto' }).click();
      await expect(secretCode).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
      await expect(secretCode).not.toHaveText(secret);
      await expect(card).toContainText('el secreto anterior firma hasta');
      await card.getByRole('button', { name: 'Ver envíos' }).click();
      await expect(card).toContainText('Todavía no hay envíos.');
      await expectWithinWidth(page, section);
      await shoot(page, `webhooks-${width}-rotated`);

      // After a reload the secret is gone: it is never listed again.
      await page.reload();
      await expect(card).toContainText('Activo');
      await expect(screen.getByText(/whsec_/)).toHaveCount(0);
      await expect(screen.getByText('no lo volveremos a mostrar', { exact: false })).toHaveCount(0);

      // Remove it (the confirmation names the URL).
      page.once('dialog', (dialog) => {
        expect(dialog.message()).toContain(url);
        void dialog.accept();
      });
      await card.getByRole('button', { name: 'Eliminar' }).click();
      await expect(card).toHaveCount(0);
    });
  });
}
