import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@puntoverde/contract';

/**
 * The ECA's scale, at a phone's width: the coordinator of the demo organisation records a scale
 * ticket for a recycler with kilos as Colombians type them ("3,5"), leaves it for the recycler to
 * confirm on their phone; the recycler, signed in on theirs, confirms it in Mis pesajes and sees the
 * kilos in the week's total; a sale larger than the ECA's stock is refused with its Spanish message.
 */
test.describe.configure({ mode: 'serial' });

const COORDINATOR = 'gestor@demo.puntoverde.co';
const RECYCLER = 'reciclador@demo.puntoverde.co';
const RECYCLER_NAME = 'María Elena Gómez Ríos';
const PHONE = { width: 390, height: 844 };

async function signedIn(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  });
  const res = await context.request.post('/back/api/clientes/login', {
    data: { username: email, password: DEMO_PASSWORD, playerId: '' },
    headers: { 'x-forwarded-for': `10.13.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = (await res.json()) as { data: unknown };
  await context.addInitScript((user) => window.localStorage.setItem('currentUser', JSON.stringify(user)), data);
  return { context, page: await context.newPage() };
}

/** The demo organisation's page, from the coordinator's Contenedores page, on one of its sections. */
async function openSection(page: Page, section: string): Promise<void> {
  await page.goto('/app/tabs/points');
  await expect(page.locator('#boot')).toHaveCount(0);
  await page.getByRole('link', { name: 'Asociación de Recicladores Demo', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/tabs\/recyclers\/\d+$/);
  const chip = page.getByRole('button', { name: section, exact: true });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
}

let ticketNumber = '';

test('the coordinator records a scale ticket with "3,5" kg and leaves it for the recycler to confirm', async ({ browser }) => {
  const { context, page } = await signedIn(browser, COORDINATOR);
  await openSection(page, 'Pesajes');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Registrar tiquete' }) });
  await form.getByLabel('Reciclador(a)', { exact: true }).selectOption({ label: RECYCLER_NAME });
  // A scale whose verification is current (the demo has an expired one too).
  const scale = form.getByLabel('Báscula', { exact: true });
  await scale.selectOption({ index: 0 });
  await form.getByLabel('Material', { exact: true }).first().selectOption({ label: 'Cartón' });
  await form.getByLabel('Bruto (kg)', { exact: true }).first().fill('3,5');
  await form.getByLabel('Tara (kg)', { exact: true }).first().fill('0');
  await expect(form.getByText('Neto: 3,5 kg')).toBeVisible();
  await form.getByRole('button', { name: 'Registrar tiquete' }).click();
  const recorded = page.getByText(/^Tiquete TQ-\d{4}-\d{6} registrado/);
  await expect(recorded).toBeVisible();
  ticketNumber = /TQ-\d{4}-\d{6}/.exec((await recorded.textContent()) ?? '')?.[0] ?? '';
  expect(ticketNumber).not.toBe('');
  await page.getByRole('button', { name: 'Que lo confirme en su teléfono' }).click();
  await expect(page.getByText(ticketNumber).first()).toBeVisible();
  await context.close();
});

test('the recycler confirms it on their phone and finds the kilos in Mis pesajes', async ({ browser }) => {
  test.skip(!ticketNumber, 'needs the ticket of the test before');
  const { context, page } = await signedIn(browser, RECYCLER);
  await page.goto('/app/tabs/mis-pesajes');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis pesajes' })).toBeVisible();
  const confirm = page.getByRole('button', { name: `Confirmo el pesaje ${ticketNumber}` });
  await confirm.click();
  await expect(page.getByText(`Confirmaste el tiquete ${ticketNumber}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Confirmo el pesaje ${ticketNumber}` })).toHaveCount(0);
  await expect(page.getByText(/^Cartón: [\d.]+(,\d+)? kg$/).first()).toBeVisible();
  await context.close();
});

test('a sale larger than the stock is refused with its Spanish message, and nothing is recorded', async ({ browser }) => {
  const { context, page } = await signedIn(browser, COORDINATOR);
  await openSection(page, 'Ventas');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Registrar venta' }) });
  const invoice = `FE-${Date.now().toString(36).toUpperCase()}`;
  await form.getByLabel('Tipo de documento del comprador', { exact: true }).selectOption('NIT');
  await form.getByLabel('Documento del comprador (NIT con DV)', { exact: true }).fill('900.123.456-8');
  await form.getByLabel('Nombre del comprador', { exact: true }).fill('Compradora de Cartón S.A.S.');
  await form.getByLabel('Número de factura', { exact: true }).fill(invoice);
  await form.getByLabel('Kilos', { exact: true }).fill('5000');
  await form.getByLabel('Precio por kg (pesos)', { exact: true }).fill('650');
  await form.getByRole('button', { name: 'Registrar venta' }).click();
  // On the field, with what there is and what was asked for, as Colombians write kilos.
  await expect(form.getByText(/^La venta supera el inventario de la ECA: de Cartón hay [\d.]+(,\d+)? kg y quieres vender 5\.000 kg\.$/)).toBeVisible();
  await expect(form.getByLabel('Kilos', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(invoice)).toHaveCount(0);
  await context.close();
});
