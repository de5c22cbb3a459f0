// Screenshots for docs/ and the README: the journeys at phone and desktop sizes, light and dark.
// Needs a running app (`npm start`, demo data) and Chromium:
//   BASE_URL=http://localhost:3000 node scripts/docs-screenshots.mjs
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs/screenshots');
const base = process.env.BASE_URL ?? 'http://localhost:3000';
const PASSWORD = 'PuntoVerde2026!';
mkdirSync(out, { recursive: true });

const SHOTS = [
  { name: 'index', path: '/index' },
  { name: 'home-point', path: '/home', selectPoint: true },
  { name: 'request-form', path: '/app/tabs/request/new', login: 'hogar@demo.puntoverde.co', address: 'Carrera 72 # 49-10, Medellín' },
  { name: 'my-requests', path: '/app/tabs/request', login: 'hogar@demo.puntoverde.co' },
  { name: 'containers', path: '/app/tabs/points', login: 'gestor@demo.puntoverde.co' },
  // On a desktop the request opens beside the list (list and detail in two columns).
  { name: 'received-request', path: '/app/tabs/prequest', login: 'gestor@demo.puntoverde.co', openFirst: true },
  { name: 'admin-home', path: '/admin', login: 'admin@demo.puntoverde.co' },
  { name: 'help', path: '/help' },
];
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
];

async function nearestPointId() {
  const res = await fetch(`${base}/back/api/v1/points/near?lat=6.2566&lng=-75.5903&limit=1`);
  return (await res.json()).data[0].id;
}

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const visible = (page) => page.locator('.ion-page:not(.ion-page-hidden)').last();
for (const scheme of ['light', 'dark']) {
  for (const size of SIZES) {
    for (const shot of SHOTS) {
      const context = await browser.newContext({
        ...size,
        colorScheme: scheme,
        locale: 'es-CO',
        timezoneId: 'America/Bogota',
        geolocation: { latitude: 6.2566, longitude: -75.5903 },
        permissions: ['geolocation'],
      });
      const page = await context.newPage();
      if (shot.login) {
        await page.goto(`${base}/auth/login`);
        await page.getByLabel(/correo/i).fill(shot.login);
        await page.getByLabel(/contraseña/i).first().fill(PASSWORD);
        await page.getByRole('button', { name: 'Ingresar' }).click();
        await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
      }
      // home/{id} opens the map on a point with its card (the nearest demo point to the Estadio).
      const target = shot.selectPoint ? `/home/${await nearestPointId()}` : shot.path;
      await page.goto(`${base}${target}`);
      await page.waitForLoadState('networkidle');
      if (shot.address) {
        const form = visible(page);
        await form.getByLabel('Material 1', { exact: true }).selectOption('pet');
        await form.getByLabel('Kilos aproximados', { exact: true }).fill('3,5');
        await form.getByLabel('Dirección de recogida', { exact: true }).fill(shot.address);
        await form.getByText(/Ubicamos/).waitFor();
      }
      if (shot.openFirst) {
        await page.locator('.rq-card-link').first().click();
        await page.getByRole('heading', { level: 1, name: /^Solicitud #\d+/ }).waitFor();
        await page.waitForLoadState('networkidle');
      }
      await page.waitForTimeout(800);
      const file = path.join(out, `${shot.name}-${size.name}-${scheme}.png`);
      await page.screenshot({ path: file });
      console.log(path.relative(root, file));
      await context.close();
    }
  }
}
await browser.close();
