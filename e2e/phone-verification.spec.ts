import {
  devices,
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

/**
 * Phone verification by SMS code at phone size, against the real server with demo data: a new
 * household signs up, follows the offer to verify the phone, gets the code from the local SMS
 * outbox, types it and sees the badge; then asks for a pickup at the demo manager's point, and
 * the manager sees on the request that the phone is verified.
 */
const PASSWORD = 'Reciclo-los-martes-2026';
const MANAGER = 'gestor@demo.puntoverde.co';
const DEMO_PASSWORD = 'PuntoVerde2026!';
const MANAGED_POINT = 'ECA Laureles La 70 (demo)';
const HOME = { latitude: 6.2449, longitude: -75.5911 };
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
// A fresh mobile number per run: codes are limited to 3 per hour per number.
const PHONE = `310${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
const SHOWN_PHONE = `+57 ${PHONE.slice(0, 3)} ${PHONE.slice(3, 6)} ${PHONE.slice(6)}`;

test.describe.configure({ mode: 'serial' });

/** Ionic keeps earlier pages in the DOM, hidden: look inside the page on screen only. */
function current(page: Page): Locator {
  return page.locator('.ion-page:not(.ion-page-hidden)').last();
}

async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7'];
  return browser.newContext({
    ...pixel,
    geolocation: HOME,
    permissions: ['geolocation'],
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  });
}

/** The 6-digit code of the newest SMS to `phone`, read from the local outbox (loopback, demo mode). */
async function codeFromSmsOutbox(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/back/api/dev/sms-outbox');
        const messages = ((await res.json()) as { data: { to: string; body: string }[] }).data;
        code = /\b(\d{6})\b/.exec(messages.find((m) => m.to === `+57${phone}`)?.body ?? '')?.[1];
        return code;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return code ?? '';
}

let requestId = 0;

test('a new household verifies its phone with the SMS code and the badge appears', async ({ browser, request }) => {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  try {
    await page.goto('/auth/signup-client');
    const form = current(page);
    await form.getByLabel('Nombres').fill('Valeria');
    await form.getByLabel('Apellidos').fill('Montoya');
    await form.getByLabel('Tipo de documento').selectOption('CC');
    await form
      .getByLabel('Número de documento')
      .fill(String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999)).slice(0, 10));
    await form.getByLabel('Correo electrónico').fill(`celular-${stamp}@example.com`);
    await form.getByLabel('Teléfono').fill(PHONE);
    await form.getByLabel('Ciudad o municipio').fill('Medellín');
    await form.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await form.getByRole('checkbox', { name: /política de tratamiento de datos personales/ }).check();
    await form.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await page.waitForURL(/\/index$/);

    // Offered once after sign-up.
    const offer = current(page).getByRole('region', { name: 'Verifica tu celular' });
    await expect(offer).toBeVisible();
    await offer.getByRole('link', { name: 'Verificar ahora' }).click();
    await page.waitForURL(/\/auth\/profile\/\d+$/);

    const profile = current(page);
    const section = profile.getByRole('region', { name: 'Verifica tu celular' });
    await expect(section.getByText(SHOWN_PHONE)).toBeVisible();
    await section.getByRole('button', { name: 'Enviarme el código' }).click();
    await expect(section.getByText(`Te enviamos un código al ${SHOWN_PHONE}. Vence en 10 minutos.`)).toBeVisible();
    await expect(section.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
    await expect(section.getByText(/Puedes pedir otro código en \d+ s\./)).toBeVisible();

    // A wrong code first: the field says so.
    const code = await codeFromSmsOutbox(request, PHONE);
    await section.getByLabel('Código de verificación').fill(code === '000000' ? '111111' : '000000');
    await section.getByRole('button', { name: 'Verificar' }).click();
    await expect(
      section.getByText('El código no es correcto o ya no sirve. Revisa el SMS o pide un código nuevo.'),
    ).toBeVisible();

    await section.getByLabel('Código de verificación').fill(code);
    await section.getByRole('button', { name: 'Verificar' }).click();
    const verified = profile.getByRole('region', { name: 'Celular', exact: true });
    await expect(verified.getByText('Celular verificado')).toBeVisible();
    await expect(verified.getByText('¡Listo! Tu celular quedó verificado.')).toBeVisible();
    // The offer does not come back.
    await page.goto('/index');
    await expect(current(page).getByRole('heading', { level: 1 })).toBeVisible();
    await expect(current(page).getByRole('region', { name: 'Verifica tu celular' })).toHaveCount(0);

    // A pickup at the demo manager's point.
    await page.goto('/app/tabs/request/new');
    const newRequest = current(page);
    await expect(newRequest.getByRole('heading', { name: 'Nueva solicitud de recolección', level: 1 })).toBeVisible();
    await newRequest.getByLabel('Material 1', { exact: true }).selectOption('pet');
    await newRequest.getByLabel('Kilos aproximados', { exact: true }).fill('6');
    await newRequest
      .getByLabel('Dirección de recogida', { exact: true })
      .fill(`Carrera 70 # 44-10, Laureles (${stamp})`);
    await newRequest.getByRole('button', { name: 'Usar mi ubicación' }).click();
    await expect(newRequest.getByText(/Marcado en/)).toBeVisible();
    const pointGroup = newRequest.getByRole('group', { name: 'Punto que recoge' });
    await pointGroup.getByRole('radio', { name: new RegExp(MANAGED_POINT.replace(/[()]/g, '\\$&')) }).check();
    const date = newRequest.getByLabel('Día preferido', { exact: true });
    await expect(date.locator('option:not([disabled])').nth(1)).toBeAttached();
    await date.selectOption((await date.locator('option:not([disabled])').nth(1).getAttribute('value')) ?? '');
    await newRequest.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page).toHaveURL(/\/app\/tabs\/request\/\d+$/);
    requestId = Number(/\/(\d+)$/.exec(page.url())![1]);
  } finally {
    await context.close();
  }
});

test('the point manager sees on the request that the requester verified the phone', async ({ browser }) => {
  expect(requestId).toBeGreaterThan(0);
  const context = await phoneContext(browser);
  const page = await context.newPage();
  try {
    await page.goto('/auth/login');
    await page.getByLabel(/correo/i).fill(MANAGER);
    await page
      .getByLabel(/contraseña/i)
      .first()
      .fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).not.toHaveURL(/\/auth\/login/);

    await page.goto('/app/tabs/prequest');
    const card = current(page).locator(`[data-request-id="${requestId}"]`);
    await expect(card.getByText('Valeria Montoya')).toBeVisible();
    await expect(card.getByText('Celular verificado')).toBeVisible();

    await card.getByRole('link', { name: `Solicitud #${requestId}`, exact: true }).click();
    const detail = current(page);
    await expect(detail.getByRole('heading', { name: `Solicitud #${requestId}`, level: 1 })).toBeVisible();
    await expect(detail.getByRole('link', { name: SHOWN_PHONE })).toHaveAttribute('href', `tel:+57${PHONE}`);
    await expect(detail.getByText('Celular verificado')).toBeVisible();
  } finally {
    await context.close();
  }
});
