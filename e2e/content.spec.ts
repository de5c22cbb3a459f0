import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * Campaign, ally and help journeys against the real server with demo data: an admin publishes
 * a campaign with an image (it shows on `campaign` and `index`), a household joins it, an
 * admin adds an adhered member (it shows under its kind), and the help material guide opens
 * the map filtered to points that accept the material.
 */
const PASSWORD = 'PuntoVerde2026!';
const ADMIN = 'admin@demo.puntoverde.co';
const HOUSEHOLD = 'hogar@demo.puntoverde.co';

async function loginAs(page: Page, request: APIRequestContext, email: string) {
  const res = await request.post('/back/api/clientes/login', {
    data: { username: email, password: PASSWORD, playerId: '' },
    headers: { 'x-forwarded-for': `10.5.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = (await res.json()) as { data: unknown };
  await page.addInitScript((user) => window.localStorage.setItem('currentUser', JSON.stringify(user)), data);
}

/** Bogotá wall-clock `YYYY-MM-DDTHH:mm` for a datetime-local field, `days` from now. */
function bogotaLocal(days: number): string {
  return new Date(Date.now() + days * 86_400_000 - 5 * 3_600_000).toISOString().slice(0, 16);
}

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const campaignTitle = `Recolección de tapas ${stamp}`;
const allyName = `Panadería La Espiga ${stamp}`;

test('an admin creates a campaign with an image and it appears on campaign and index', async ({ page, request }) => {
  await loginAs(page, request, ADMIN);
  await page.goto('/admin/campaigns');
  await page.getByRole('button', { name: 'Nueva campaña' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Título').fill(campaignTitle);
  await dialog.getByLabel('Resumen').fill('Trae las tapas plásticas de tus botellas al parque del barrio.');
  const png = await sharp({ create: { width: 600, height: 315, channels: 3, background: '#2e7d32' } }).png().toBuffer();
  // A slow upload: "Guardar" waits for it (saved while it ran, the campaign lost its image).
  await page.route(/\/back\/api\/v1\/files(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await dialog.locator('input[type=file][accept*="image/png"]').setInputFiles({ name: 'tapas.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByRole('img', { name: 'Vista previa de la imagen' })).toBeVisible();
  await dialog.getByLabel('Inicio (hora de Colombia)').fill(bogotaLocal(-1));
  await dialog.getByLabel('Fin (hora de Colombia)').fill(bogotaLocal(0.5));
  await dialog.getByLabel('Lugar').fill('Parque de Belén');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();

  await page.goto('/campaign');
  const card = page.getByRole('article').filter({ hasText: campaignTitle });
  await expect(card).toBeVisible();
  await expect(card.locator('img')).toHaveJSProperty('complete', true);

  await page.goto('/index');
  await expect(page.getByRole('region', { name: 'Campañas en curso' }).getByText(campaignTitle)).toBeVisible();
});

test('a household joins the campaign and sees "Inscrito"', async ({ page, request }) => {
  await loginAs(page, request, HOUSEHOLD);
  await page.goto('/campaign');
  await page.getByRole('link', { name: campaignTitle }).click();
  await expect(page.getByRole('heading', { name: campaignTitle })).toBeVisible();
  await page.getByRole('button', { name: 'Inscribirme' }).click();
  await expect(page.getByText('Inscrito', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar inscripción' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Agregar al calendario' })).toHaveAttribute('href', /calendar\.ics$/);
});

test('an admin creates an adhered member and it shows under its kind', async ({ page, request }) => {
  await loginAs(page, request, ADMIN);
  await page.goto('/admin/allies');
  await page.getByRole('button', { name: 'Nuevo aliado o adherido' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tipo', { exact: true }).selectOption('adherido');
  await dialog.getByLabel('Nombre').fill(allyName);
  await dialog.getByLabel('Descripción').fill('Panadería de barrio que separa sus residuos y entrega el cartón.');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();

  await page.goto('/allies');
  const kinds = page.getByRole('group', { name: 'Tipo de organización' });
  await kinds.getByRole('button', { name: 'Adheridos' }).click();
  await expect(kinds.getByRole('button', { name: 'Adheridos' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: allyName })).toBeVisible();
  await kinds.getByRole('button', { name: 'Aliados' }).click();
  await expect(page.getByRole('heading', { name: 'Supermercados La Canasta (demo)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: allyName })).toHaveCount(0);
});

test('the help material guide leads to the map filtered by that material', async ({ page }) => {
  await page.goto('/help');
  await page.getByRole('searchbox', { name: 'Busca un material' }).fill('pilas');
  await expect(page.getByText('No va en ninguna bolsa: llévalo a un punto posconsumo.').first()).toBeVisible();
  await page.getByRole('link', { name: /¿Dónde reciclo Pilas y baterías\?/ }).click();
  await expect(page).toHaveURL(/\/home\?materials=pilas$/);
  await expect(
    page.getByRole('group', { name: 'Filtrar por material' }).getByRole('button', { name: /Pilas/ }),
  ).toHaveAttribute('aria-pressed', 'true');
});

test('the landing offers the four quick actions and the scheme’s kilos this month', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/index');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'PuntoVerde', level: 2 })).toBeVisible();
  const actions = main.getByRole('navigation', { name: 'Accesos rápidos' });
  for (const [name, href] of [
    ['¿Dónde reciclo?', '/home'],
    ['Pedir recolección', '/app/tabs/request/new'],
    ['Campañas', '/campaign'],
    ['Radicar una PQR', '/help#radicar'],
  ] as const) {
    await expect(actions.getByRole('link', { name: new RegExp(`^${name.replace('?', '\\?')}`) })).toHaveAttribute('href', href);
  }
  // The demo's collected pickups (recorded kilos) make the figure: never an estimate, never zero.
  const impact = main.getByRole('region', { name: 'Lo que hemos reciclado' });
  await expect(impact.getByText(/^\d{1,3}(\.\d{3})*(,\d)? kg/)).toBeVisible();
  await expect(impact.getByText(/WARM/)).toBeVisible();
  await actions.getByRole('link', { name: /^Pedir recolección/ }).click();
  await expect(page).toHaveURL(/\/app\/tabs\/request\/new/);
});

test('the landing’s «Radicar una PQR» opens the help page on the PQR filing form', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/index');
  await page.getByRole('navigation', { name: 'Accesos rápidos' }).getByRole('link', { name: /^Radicar una PQR/ }).click();
  await expect(page).toHaveURL(/\/help#radicar$/);
  // The PQR area is scrolled to and its filing tab open, without scrolling past the guide and FAQ.
  const filing = page.getByRole('tab', { name: 'Radicar PQR' });
  await expect(filing).toBeInViewport();
  await expect(filing).toHaveAttribute('aria-selected', 'true');
});
