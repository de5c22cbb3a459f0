import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';

/**
 * A municipality brands the scheme: staff set "Reciclemos Pasto", a logo and a colour in
 * Administración → Marca (a too-light colour refused first), and the landing, the menu, the
 * document title, the manifest, a password-reset e-mail and a certificate say Reciclemos Pasto
 * and never PuntoVerde. Against a server of its own (the rest of the suite expects PuntoVerde).
 */

const DEMO_PASSWORD = 'PuntoVerde2026!';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let server: ChildProcess | null = null;
let base = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: '' },
  });
  await expect
    .poll(async () => (await fetch(`${base}/back/api/health`).catch(() => null))?.status ?? 0, { timeout: 100_000 })
    .toBe(200);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

async function login(request: APIRequestContext, email: string): Promise<{ token: string; user: unknown }> {
  const res = await request.post(`${base}/back/api/clientes/login`, {
    data: { username: email, password: DEMO_PASSWORD, playerId: '' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = (await res.json()) as { data: { token: string } };
  return { token: data.token, user: data };
}

async function signIn(page: Page, request: APIRequestContext, email: string): Promise<string> {
  const { token, user } = await login(request, email);
  await page.addInitScript((stored) => window.localStorage.setItem('currentUser', JSON.stringify(stored)), user);
  return token;
}

function current(page: Page) {
  return page.locator('.ion-page:not(.ion-page-hidden)').last();
}

test('staff brand the scheme and every surface says Reciclemos Pasto, never PuntoVerde', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, request, 'admin@demo.puntoverde.co');
  await page.goto(`${base}/admin/branding`);
  const screen = current(page);
  await expect(screen.getByRole('heading', { name: 'Marca del esquema' })).toBeVisible();

  await screen.getByLabel('Nombre del esquema').fill('Reciclemos Pasto');
  const logo = await sharp({ create: { width: 192, height: 192, channels: 3, background: '#0b4f8a' } }).png().toBuffer();
  await screen.locator('input[type="file"]').first().setInputFiles({ name: 'logo-pasto.png', mimeType: 'image/png', buffer: logo });
  await expect(screen.getByRole('img').first()).toBeVisible();
  await screen.getByLabel('Color principal').fill('#8fd18f');
  await screen.getByLabel(/^Entidad responsable/).fill('Alcaldía de Pasto');
  await screen.getByLabel(/^NIT de la entidad/).fill('891280000-3');
  await screen.getByLabel(/^Correo de contacto/).fill('reciclaje@pasto.gov.co');
  await screen.getByRole('button', { name: 'Guardar la marca' }).click();
  // Too light for white text: refused in Spanish on the field.
  await expect(screen.getByText(/el contraste es 1,\d:1 y se necesita al menos 4,5:1/)).toBeVisible();
  await screen.getByLabel('Color principal').fill('#0b4f8a');
  await screen.getByRole('button', { name: 'Guardar la marca' }).click();
  await expect(screen.getByText('Guardamos la marca. Recarga la página para verla en toda la app.')).toBeVisible();

  // The landing: its title, the toolbar, the server-written page, the colour.
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    const html = await (await request.get(`${base}/index`)).text();
    expect(html).toContain('Reciclemos Pasto');
    expect(html).not.toContain('PuntoVerde');
    await page.goto(`${base}/index`);
    await expect(current(page).getByRole('heading', { name: 'Reciclemos Pasto', exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/Reciclemos Pasto$/);
    expect(await current(page).innerText()).not.toContain('PuntoVerde');
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ion-color-primary').trim());
    expect(primary).toBe('#0b4f8a');
  }

  // The menu (the narrow screen's overlay menu).
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${base}/allies`);
  await expect(page).toHaveTitle(/· Reciclemos Pasto$/);
  await page.getByRole('button', { name: 'Abrir el menú', exact: true }).first().click();
  const menu = page.getByRole('navigation', { name: 'Administración', exact: true });
  await expect(menu).toBeVisible();
  expect(await page.locator('ion-menu').innerText()).not.toContain('PuntoVerde');

  // The manifest: name, theme colour, the logo first among the icons.
  const manifest = (await (await request.get(`${base}/manifest.webmanifest`)).json()) as {
    name: string;
    short_name: string;
    theme_color: string;
    icons: { src: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Reciclemos Pasto', short_name: 'Reciclemos Pasto', theme_color: '#0b4f8a' });
  expect(manifest.icons[0]?.src).toMatch(/^\/back\/api\/v1\/files\//);
  expect(JSON.stringify(manifest)).not.toContain('PuntoVerde');

  // A password-reset e-mail, read from the dev outbox.
  const forgot = await request.post(`${base}/back/api/clientes/forgotpassword`, {
    data: { data_user: { email: 'hogar@demo.puntoverde.co' } },
  });
  expect(forgot.ok()).toBeTruthy();
  type Mail = { to: string; from: string; subject: string; text: string; html: string | null };
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      const entries = ((await (await request.get(`${base}/back/api/dev/outbox`)).json()) as { data: Mail[] }).data;
      mail = entries.find((e) => e.to === 'hogar@demo.puntoverde.co' && /contraseña/.test(e.subject));
      return mail?.subject;
    })
    .toBe('Recupera tu contraseña de Reciclemos Pasto');
  for (const part of [mail!.from, mail!.subject, mail!.text, mail!.html ?? '']) expect(part).not.toContain('PuntoVerde');
  expect(mail!.text).toContain('Alcaldía de Pasto · NIT 891280000-3');

  // A certificate issued now is signed by the scheme and its legal entity.
  const { token } = await login(request, 'hogar@demo.puntoverde.co');
  const today = new Date();
  const from = new Date(today.getTime() - 300 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const issued = await request.post(`${base}/back/api/v1/certificates`, {
    headers: { authorization: `Bearer ${token}` },
    data: { from, to: today.toISOString().slice(0, 10) },
  });
  expect(issued.ok(), await issued.text()).toBeTruthy();
  const { number } = ((await issued.json()) as { data: { number: string } }).data;
  const pdf = await request.get(`${base}/back/api/v1/certificates/${number}/pdf`, { headers: { authorization: `Bearer ${token}` } });
  expect(pdf.ok()).toBeTruthy();
  const { text } = await new PDFParse({ data: new Uint8Array(await pdf.body()) }).getText();
  expect(text).toContain('Emitido por: Reciclemos Pasto — Alcaldía de Pasto');
  expect(text).not.toContain('PuntoVerde');
});
