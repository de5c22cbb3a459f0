import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { formatNit, nitCheckDigit } from '../packages/contract/src/identity-fields-values.js';

/**
 * Social sign-in through the local OpenID Connect provider standing in for Google
 * (oidc-provider.setup.ts): "Continuar con Google" on auth/login → the provider's login →
 * complete-company with a NIT → logged in as 'Empresa'; logout clears the social session, so
 * the next "Continuar con Google" makes the provider ask again instead of signing in silently.
 */

const PROVIDER_LOGIN = 'Cuenta de prueba (correo o sujeto)';
const PROVIDER_SUBMIT = 'Iniciar sesión en el proveedor';

const sideMenu = (page: Page, name: string) => page.getByRole('navigation', { name, exact: true });
/** The page whose heading is this title (a page-change test may still see the page it left). */
const ionPage = (page: Page, title: string) =>
  page.locator('div.ion-page', { has: page.getByRole('heading', { level: 1, name: title, exact: true }) });

/** Opens the overlay menu and waits until its slide-in animation has finished. */
async function openMenu(page: Page, menuName: string) {
  await page.getByRole('button', { name: 'Abrir el menú', exact: true }).click();
  await expect(sideMenu(page, menuName)).toBeVisible();
  await sideMenu(page, menuName).getByRole('link').first().click({ trial: true });
}

/** On the provider's own page (its origin, not the app's), signs in as `email`. */
async function signInAtProvider(page: Page, email: string) {
  const account = page.getByLabel(PROVIDER_LOGIN);
  await expect(account).toBeVisible();
  expect(new URL(page.url()).port).toBe(process.env.E2E_OIDC_PORT);
  await account.fill(email);
  await page.getByRole('button', { name: PROVIDER_SUBMIT }).click();
}

test.use({ viewport: { width: 1280, height: 800 } });

test('social sign-in through the local OIDC provider → complete-company → logged in', async ({ page }) => {
  // Sign-in, consent, the company form and the app: 15 s on CI, 41 s on a slower 2-core machine.
  test.setTimeout(120_000);
  const email = `empresa-social-${Date.now()}@example.com`;
  // A NIT no demo company has: a fresh base with its DIAN check digit.
  const nitBase = `8${String(Date.now() % 1e8).padStart(8, '0')}`;
  const validNit = `${nitBase}${nitCheckDigit(nitBase)}`;
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  await signInAtProvider(page, email);

  // A first sign-in: the account kind and its fields are still missing.
  await page.waitForURL(/\/complete-client/);
  await expect(page.getByText(`Entraste con Google como ${email}`)).toBeVisible();
  // The one-time ticket does not stay in the address bar.
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  await page.getByRole('link', { name: 'Empresa', exact: true }).click();
  await page.waitForURL(/\/complete-company$/);
  const form = ionPage(page, 'Completa el perfil de tu empresa');
  await expect(form).toBeVisible();

  const consent = form.getByRole('checkbox', { name: /política de tratamiento de datos personales/ });
  await expect(consent).not.toBeChecked();
  await form.getByLabel('Razón social').fill('Reciclajes del Valle S.A.S.');
  const nit = form.getByLabel('NIT', { exact: true });
  await nit.fill(`${nitBase}${(Number(nitCheckDigit(nitBase)) + 1) % 10}`);
  await form.getByLabel('Teléfono').fill('3001234567');
  await form.getByLabel('Ciudad o municipio').fill('Medellín');
  await form.getByLabel('Dirección').fill('Calle 10 # 43-20');
  await consent.check();
  await form.getByRole('button', { name: 'Crear la cuenta de la empresa' }).click();
  await expect(form.getByText('El NIT no es válido: revisa el número y el dígito de verificación.')).toBeVisible();

  await nit.fill(validNit);
  await expect(nit).toHaveValue(formatNit(validNit));
  await form.getByRole('button', { name: 'Crear la cuenta de la empresa' }).click();
  await page.waitForURL(/\/index$/);
  await openMenu(page, 'Empresa');
  await expect(sideMenu(page, 'Empresa').getByRole('link', { name: 'Sucursales' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('currentUser') ?? '{}'));
  expect(stored).toMatchObject({ tc_id: 3, id_empresa: null, email, nit: `${nitBase}-${nitCheckDigit(nitBase)}` });
  expect(typeof stored.token).toBe('string');

  // Logout clears the social session: the provider asks again (no silent sign-in)...
  await sideMenu(page, 'Empresa').getByRole('button', { name: 'Cerrar Sesión' }).click();
  await page.waitForURL(/\/auth\/login$/);
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  await signInAtProvider(page, email);
  // ...and the now complete account goes straight in.
  await page.waitForURL(/\/index$/);
  await openMenu(page, 'Empresa');
});

test('a cancelled or failed social sign-in is explained on the login screen', async ({ page }) => {
  await page.goto('/auth/login#social_error=social-login-cancelled');
  await expect(page.getByRole('alert').filter({ hasText: 'Cancelaste el inicio de sesión con la red social.' })).toBeVisible();
  await expect.poll(() => new URL(page.url()).hash).toBe('');
});
