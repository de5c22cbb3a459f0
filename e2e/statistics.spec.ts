import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@puntoverde/contract';
import jsQR from 'jsqr';
import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { PNG } from 'pngjs';

/** Mis cifras and certificates, as the demo company uses them on a fresh start. */

const HEAD = 'empresa@demo.puntoverde.co';

function current(page: Page): Locator {
  return page.locator('.ion-page:not(.ion-page-hidden)').last();
}

async function login(page: Page, email: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel(/correo/i).fill(email);
  await page.getByLabel(/contraseña/i).first().fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** The PDF's text and the URL its QR code holds (the QR image is taken out of the PDF and decoded). */
async function readCertificate(pdf: Buffer): Promise<{ text: string; qr: string | null }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = (await parser.getText()).text;
    const images = await parser.getImage({ imageBuffer: true, imageDataUrl: false });
    for (const page of images.pages) {
      for (const image of page.images) {
        const png = PNG.sync.read(Buffer.from(image.data));
        const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
        if (code) return { text, qr: code.data };
      }
    }
    return { text, qr: null };
  } finally {
    await parser.destroy();
  }
}

test('the demo company sees its figures, downloads a certificate for last quarter and its QR verifies it', async ({ page, baseURL }) => {
  await login(page, HEAD);
  await page.goto('/app/tabs/reports');
  const screen = current(page);

  // Reportes holds three parts as tabs: problem reports, Mis cifras, Certificados.
  await screen.getByRole('tab', { name: 'Mis cifras' }).click();
  await expect(screen.getByRole('heading', { name: 'Mis cifras', level: 2 })).toBeVisible();
  const table = screen.getByRole('table').first();
  await expect(table.getByRole('columnheader', { name: 'Cartón' })).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Descargar Excel (XLSX)' })).toBeVisible();
  await expect(screen.getByText('Por sede')).toBeVisible();

  // The tabs follow the WAI-ARIA pattern: from Mis cifras, the right arrow opens Certificados.
  await screen.getByRole('tab', { name: 'Mis cifras' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(screen.getByRole('tab', { name: 'Certificados' })).toHaveAttribute('aria-selected', 'true');
  await expect(screen.getByRole('tab', { name: 'Certificados' })).toBeFocused();
  const certificates = screen.getByRole('region', { name: 'Certificados' });
  await expect(certificates.getByRole('combobox').first()).toHaveValue('lastQuarter');
  await certificates.getByRole('button', { name: 'Pedir certificado' }).click();
  const issued = certificates.getByText(/Listo: certificado CERT-\d{4}-\d{6} por/);
  await expect(issued).toBeVisible({ timeout: 20_000 });
  const number = /CERT-\d{4}-\d{6}/.exec((await issued.textContent()) ?? '')![0];

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    certificates.getByRole('button', { name: `Descargar el certificado ${number} (PDF)` }).first().click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const pdf = await readFile((await download.path()));
  const { text, qr } = await readCertificate(pdf);
  expect(text).toContain(number);
  expect(text).toContain('Reciclados del Aburrá S.A.S. (demo)');
  expect(text).toContain('NIT: 900.123.456-8');
  expect(qr).toMatch(new RegExp(`^${baseURL}/verificar/[A-Za-z0-9_-]{22}$`));

  // Anyone, logged in or not, opens the QR's address.
  const visitor = await page.context().browser()!.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
  try {
    const check = await visitor.newPage();
    await check.goto(qr!);
    const verified = current(check);
    await expect(verified.getByRole('heading', { name: 'Certificado vigente' })).toBeVisible();
    await expect(verified.getByText(number)).toBeVisible();
    await expect(verified.getByText('Reciclados del Aburrá S.A.S. (demo)')).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test('an unknown verification code says it was not found', async ({ page }) => {
  await page.goto('/verificar/no-existe');
  await expect(current(page).getByRole('heading', { name: 'No encontramos ese certificado' })).toBeVisible();
});
