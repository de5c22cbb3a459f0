import { devices, expect, test, type Browser, type Locator, type Page } from '@playwright/test';

/**
 * The pickup form's address and pin agree: typing an address moves the pin (local gazetteer),
 * and a pin placed by hand reads as an address that fills an empty address field.
 */
const PASSWORD = 'PuntoVerde2026!';
const HOUSEHOLD = 'hogar@demo.puntoverde.co';
// Near the Estadio Atanasio Girardot, Medellín.
const HERE = { latitude: 6.2566, longitude: -75.5903 };

function current(page: Page): Locator {
  return page.locator('.ion-page:not(.ion-page-hidden)').last();
}

async function openForm(browser: Browser, size: 'phone' | 'desktop'): Promise<Page> {
  const context = await browser.newContext({
    ...(size === 'phone' ? devices['Pixel 7'] : { viewport: { width: 1280, height: 800 } }),
    geolocation: HERE,
    permissions: ['geolocation'],
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel(/correo/i).fill(HOUSEHOLD);
  await page
    .getByLabel(/contraseña/i)
    .first()
    .fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/app/tabs/request/new');
  await expect(current(page).getByRole('heading', { name: 'Nueva solicitud de recolección', level: 1 })).toBeVisible();
  return page;
}

for (const size of ['phone', 'desktop'] as const) {
  test(`typing an address moves the pin, and the pin names its address (${size})`, async ({ browser }) => {
    const page = await openForm(browser, size);
    const form = current(page);
    const address = form.getByLabel('Dirección de recogida', { exact: true });

    await address.fill('Cra 72 # 49-10, Medellín');
    await expect(form.getByText(/Ubicamos Carrera 72 # 49-10, .*Medellín en el mapa/)).toBeVisible();
    // With a material and a place, the nearest points are offered for that place.
    await form.getByLabel('Material 1', { exact: true }).selectOption('pet');
    await expect(form.getByRole('group', { name: 'Punto que recoge' }).getByRole('radio').first()).toBeVisible();

    // An empty address field is filled from the pin the person places.
    await address.fill('');
    await form.getByRole('button', { name: 'Usar mi ubicación' }).click();
    await expect(form.getByText(/Marcado en (Calle|Carrera) \d+ # \d+-\d+, .*Medellín \(aproximada\)/)).toBeVisible();
    await expect(address).toHaveValue(/^(Calle|Carrera) \d+ # \d+-\d+, .*Medellín$/);
    // Coordinates are not what the person reads.
    await expect(form.getByText(/6\.25\d+, -75\.5/)).toHaveCount(0);

    // A typed address is never overwritten by the pin.
    await address.fill('Torre 2, apartamento 301');
    await form.getByRole('button', { name: 'Usar mi ubicación' }).click();
    await expect(form.getByText(/Marcado en (Calle|Carrera)/)).toBeVisible();
    await expect(address).toHaveValue('Torre 2, apartamento 301');
    await page.context().close();
  });
}
