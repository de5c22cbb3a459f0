import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '@puntoverde/contract';

/**
 * The monthly SUI filing at a phone's width: the demo coordinator opens Reporte SUI on the month of
 * the demo's sale without CUFE, the pre-flight names it with a link that opens the organisation's
 * Ventas, and the month's Balance de masas downloads as CSV.
 */
test('the coordinator sees what the SUI validator would refuse, follows the fix link and downloads the balance', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    acceptDownloads: true,
  });
  const res = await context.request.post('/back/api/clientes/login', {
    data: { username: 'gestor@demo.puntoverde.co', password: DEMO_PASSWORD, playerId: '' },
    headers: { 'x-forwarded-for': `10.14.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = (await res.json()) as { data: unknown };
  await context.addInitScript((user) => window.localStorage.setItem('currentUser', JSON.stringify(user)), data);
  const page = await context.newPage();
  await page.goto('/app/tabs/points');
  await expect(page.locator('#boot')).toHaveCount(0);
  await page.getByRole('link', { name: 'Asociación de Recicladores Demo', exact: true }).click();
  await page.getByRole('button', { name: 'Reporte SUI', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Reporte mensual al SUI' })).toBeVisible();
  // The demo's sale without CUFE (FE-1047) was invoiced four days ago, Bogotá time.
  const month = new Date(Date.now() - 5 * 3_600_000 - 4 * 86_400_000).toISOString().slice(0, 7);
  await page.getByLabel('Mes del reporte', { exact: true }).fill(month);
  const issue = page.getByRole('listitem').filter({ hasText: 'Factura FE-1047: la venta no tiene CUFE.' });
  await expect(issue).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Descargar Balance de masas \(\d+ filas?\)$/ }).click();
  expect((await download).suggestedFilename()).toBe(`balance-masas-${month}.csv`);
  await issue.getByRole('link', { name: 'Corregir' }).click();
  await expect(page).toHaveURL(/\/app\/tabs\/recyclers\/\d+\?tab=sales$/);
  await expect(page.getByRole('button', { name: 'Ventas', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await context.close();
});
