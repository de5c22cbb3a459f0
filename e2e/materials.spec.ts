import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The materials catalogue is one query in the app: an admin's rename in the back office reaches
 * a request form that was already open in the same app, without a reload.
 */
const PASSWORD = 'PuntoVerde2026!';
// The demo admin is a household too, so the request form opens for it.
const ADMIN = 'admin@demo.puntoverde.co';
const CODE = 'multicapa';
const stamp = Date.now().toString(36);

/** Ionic keeps earlier pages in the DOM, hidden: look inside the page on screen only. */
function current(page: Page): Locator {
  return page.locator('.ion-page:not(.ion-page-hidden)').last();
}

/** Moves inside the single-page app (no reload, so what the app holds in memory stays). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

async function renameInBackOffice(page: Page, from: string, to: string): Promise<void> {
  const screen = current(page);
  await screen.getByRole('button', { name: `Editar: ${from}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Editar material' })).toBeVisible();
  await dialog.getByLabel('Nombre en español').fill(to);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  // The toast of an earlier save may still be on screen: the newest one is this save's.
  await expect(page.getByText('Cambios guardados.').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('an admin renames a material and the open request form offers the new name', async ({ page }) => {
  const catalogue = await page.request.get('/back/api/v1/materials');
  const { data } = (await catalogue.json()) as { data: { code: string; name_es: string }[] };
  const original = data.find((m) => m.code === CODE)!.name_es;
  const renamed = `${original} renombrado ${stamp}`;

  await page.goto('/auth/login');
  await page.getByLabel(/correo/i).fill(ADMIN);
  await page
    .getByLabel(/contraseña/i)
    .first()
    .fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);

  await navigateInApp(page, '/app/tabs/request/new');
  const form = current(page);
  await expect(form.getByRole('heading', { name: 'Nueva solicitud de recolección', level: 1 })).toBeVisible();
  const material = form.getByLabel('Material 1', { exact: true });
  await expect(material.locator('option', { hasText: original })).toHaveCount(1);

  await navigateInApp(page, '/admin/materials');
  await renameInBackOffice(page, original, renamed);

  await page.goBack();
  await expect(page).toHaveURL(/\/app\/tabs\/request\/new$/);
  const reopened = current(page).getByLabel('Material 1', { exact: true });
  await expect(reopened.locator('option', { hasText: renamed })).toHaveCount(1);

  // Leave the catalogue as the other journeys expect it.
  await navigateInApp(page, '/admin/materials');
  await renameInBackOffice(page, renamed, original);
});
