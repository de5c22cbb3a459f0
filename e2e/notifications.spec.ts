import { chromium, expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { revealWhenVisible } from './when-visible';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from '../scripts/find-chromium.mjs';

/**
 * Notifications journeys against the real server with demo data:
 *  1. the manager accepts a household's pickup → the household's bell shows 1 unread and the
 *     in-app alert appears, and the centre opens the request;
 *  2. with push on (a subscription at a local Web Push service), the household gets the push;
 *     with request pushes turned off in the profile, no push, and the record is still listed;
 *  3. staff compose a broadcast in the back office (preview, confirmation with its reach) and the
 *     subscribed household sees it in the bell on a phone and on a desktop, and gets the push;
 *  4. a push delivered to the service worker through the DevTools protocol shows the in-app
 *     alert when a page of the app has focus, and a system notification when none is open.
 */
const PASSWORD = 'PuntoVerde2026!';
const HOUSEHOLD = 'hogar@demo.puntoverde.co';
const MANAGER = 'gestor@demo.puntoverde.co';

// The app's service worker (the suite blocks it elsewhere: its precache download in every new context cost a quarter of the run).
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

function current(page: Page): Locator {
  return page.locator('.ion-page:not(.ion-page-hidden)').last();
}

async function login(page: Page, email: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel(/correo/i).fill(email);
  await page.getByLabel(/contraseña/i).first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

async function apiLogin(request: APIRequestContext, email: string): Promise<{ headers: { authorization: string }; id: number }> {
  const res = await request.post('/back/api/clientes/login', { data: { username: email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  const data = (await res.json()).data as { token: string; id: number };
  return { headers: { authorization: `Bearer ${data.token}` }, id: data.id };
}

/** The household asks for a pickup at the manager's point (API), and the manager accepts it. */
async function acceptedPickup(request: APIRequestContext): Promise<number> {
  const household = await apiLogin(request, HOUSEHOLD);
  const manager = await apiLogin(request, MANAGER);
  const me = (await (await request.get('/back/api/v1/me', { headers: manager.headers })).json()).data as { point_ids: number[] };
  const calendar = (await (await request.get('/back/api/v1/requests/calendar', { headers: household.headers })).json()).data as { date: string; available: boolean }[];
  const day = calendar.filter((d) => d.available)[1] ?? calendar.find((d) => d.available);
  const created = await request.post('/back/api/v1/requests', {
    headers: household.headers,
    data: {
      items: [{ material: 'pet', estimated_kg: 6 }],
      address: 'Carrera 70 # 44-10, Laureles',
      lat: 6.2449,
      lng: -75.5911,
      point_id: me.point_ids[0],
      preferred_date: day!.date,
      time_window: 'manana',
      notes: null,
      photos: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as number;
  const accepted = await request.post(`/back/api/v1/requests/${id}/status`, { headers: manager.headers, data: { status: 'aceptada' } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return id;
}

test('the manager accepts a pickup: the household’s bell shows 1 unread and the in-app alert appears', async ({ page, request }) => {
  const household = await apiLogin(request, HOUSEHOLD);
  await request.post('/back/api/v1/notifications/read-all', { headers: household.headers });
  await login(page, HOUSEHOLD);
  await expect(page.locator('html')).toHaveAttribute('data-live-updates', 'open');
  const bell = current(page).getByRole('link', { name: /^Notificaciones/ });
  await expect(bell).toHaveAccessibleName('Notificaciones');

  const id = await acceptedPickup(request);
  await expect(current(page).getByRole('link', { name: 'Notificaciones: 1 sin leer' })).toBeVisible();
  const alert = page.locator('ion-toast.in-app-alert');
  await expect(alert).toContainText(`#${id}`);

  await current(page).getByRole('link', { name: 'Notificaciones: 1 sin leer' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const entry = current(page).getByRole('link', { name: new RegExp(`solicitud #${id}\\b`, 'i') });
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/app/tabs/request/${id}$`));
  await expect(current(page).getByRole('link', { name: 'Notificaciones' })).toBeVisible();
});

// ---- a local Web Push service (web-push-testing): verifies VAPID, decrypts, keeps the messages ----

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let pushService: ChildProcess | null = null;
let pushUrl = '';
test.afterAll(() => {
  pushService?.kill('SIGTERM');
});

async function startPushService(): Promise<void> {
  if (pushService) return;
  const require = createRequire(import.meta.url);
  const pkg = path.dirname(require.resolve('web-push-testing/package.json', { paths: [path.resolve('apps/server'), process.cwd()] }));
  const port = await freePort();
  pushService = spawn(process.execPath, [path.join(pkg, 'src/bin/server.js'), String(port)], { stdio: 'ignore' });
  pushUrl = `http://localhost:${port}`;
  await expect
    .poll(async () => (await fetch(`${pushUrl}/status`, { method: 'POST' }).catch(() => null))?.status ?? 0)
    .toBe(200);
}

async function pushMessages(clientHash: string): Promise<string[]> {
  const res = await fetch(`${pushUrl}/get-notifications`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientHash }) });
  return ((await res.json()) as { data: { messages: string[] } }).data.messages;
}

test('push follows the preferences: on → the push arrives; request pushes off → none, the record is still listed', async ({ page, request }) => {
  await startPushService();
  const household = await apiLogin(request, HOUSEHOLD);
  const key = (await (await request.get('/back/api/v1/notifications/push-key')).json()).data.public_key as string;
  const subscribed = await fetch(`${pushUrl}/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userVisibleOnly: 'true', applicationServerKey: key }),
  });
  const { clientHash, endpoint, keys } = ((await subscribed.json()) as { data: { clientHash: string; endpoint: string; keys: object } }).data;
  const registered = await request.post('/back/api/register-notifications', { headers: household.headers, data: { data: { kind: 'webpush', subscription: { endpoint, keys } } } });
  expect(registered.status()).toBe(200);

  // In the profile: no quiet hours (the suite may run at night), every push on.
  await login(page, HOUSEHOLD);
  await page.goto(`/auth/profile/${household.id}`);
  await expect(current(page).getByRole('heading', { level: 2, name: 'Mi cuenta', exact: true })).toBeVisible();
  await revealWhenVisible(page);
  const settings = current(page).getByRole('region', { name: 'Notificaciones' });
  await expect(settings.getByText(/Activa las notificaciones en este dispositivo/)).toBeVisible();
  const quiet = settings.getByRole('checkbox', { name: 'No enviarme push en horas de silencio' });
  if (await quiet.isChecked()) await quiet.uncheck();
  const requestPush = settings.getByRole('checkbox', { name: 'Push para Solicitudes de recolección' });
  if (!(await requestPush.isChecked())) await requestPush.check();
  await settings.getByRole('button', { name: 'Guardar preferencias' }).click();
  await expect(settings.getByText('Guardamos tus preferencias.')).toBeVisible();

  const first = await acceptedPickup(request);
  await expect.poll(async () => (await pushMessages(clientHash)).map((m) => (JSON.parse(m) as { link: string }).link), { timeout: 15_000 }).toContain(`/app/tabs/request/${first}`);

  await requestPush.uncheck();
  await settings.getByRole('button', { name: 'Guardar preferencias' }).click();
  await expect(settings.getByText('Guardamos tus preferencias.')).toBeVisible();
  const before = (await pushMessages(clientHash)).length;
  const second = await acceptedPickup(request);
  await page.goto('/notifications');
  await expect(current(page).getByRole('link', { name: new RegExp(`solicitud #${second}\\b`, 'i') })).toBeVisible();
  // The worker polls every second: give it several rounds before saying nothing came.
  await page.waitForTimeout(4000);
  expect((await pushMessages(clientHash)).length).toBe(before);

  // Leave the demo household as it was for other journeys.
  await request.put('/back/api/v1/notifications/preferences', {
    headers: household.headers,
    data: { items: [{ kind: 'request', push: true, email: false }] },
  });
});

test('staff send a broadcast from the back office; a subscribed household gets it in the bell on phone and desktop', async ({ browser, page, request }) => {
  // Three browsers (staff, phone, desktop) log in and wait for the push service: more than one journey's time.
  test.setTimeout(120_000);
  await startPushService();
  const household = await apiLogin(request, HOUSEHOLD);
  // A browser of the household subscribed at the local push service; quiet hours off (the suite may run at night).
  const key = (await (await request.get('/back/api/v1/notifications/push-key')).json()).data.public_key as string;
  const subscribed = await fetch(`${pushUrl}/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userVisibleOnly: 'true', applicationServerKey: key }),
  });
  const { clientHash, endpoint, keys } = ((await subscribed.json()) as { data: { clientHash: string; endpoint: string; keys: object } }).data;
  expect((await request.post('/back/api/register-notifications', { headers: household.headers, data: { data: { kind: 'webpush', subscription: { endpoint, keys } } } })).status()).toBe(200);
  await request.put('/back/api/v1/notifications/preferences', {
    headers: household.headers,
    data: { items: [{ kind: 'broadcast', push: true, email: false }], quiet_hours: { enabled: false, start: '21:00', end: '07:00' } },
  });
  await request.post('/back/api/v1/notifications/read-all', { headers: household.headers });

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-CO', timezoneId: 'America/Bogota' });
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
  try {
    const onPhone = await phone.newPage();
    const onDesktop = await desktop.newPage();
    for (const p of [onPhone, onDesktop]) {
      await login(p, HOUSEHOLD);
      await expect(p.locator('html')).toHaveAttribute('data-live-updates', 'open');
      await expect(current(p).getByRole('link', { name: 'Notificaciones' })).toBeVisible();
    }

    // Staff: back office → Envíos masivos → compose, preview, confirm.
    await login(page, 'admin@demo.puntoverde.co');
    await page.goto('/admin');
    await current(page).getByRole('link', { name: 'Envíos masivos' }).click();
    await expect(page).toHaveURL(/\/admin\/broadcasts$/);
    const title = `Jornada de reciclaje ${Date.now() % 100000}`;
    const screen = current(page);
    await screen.getByLabel('Título').fill(title);
    await screen.getByLabel('Mensaje').fill('Este sábado en el parque de Laureles, de 8 a 12.');
    await screen.getByLabel(/Enlace dentro de la app/).fill('/campaign');
    await expect(screen.getByTestId('broadcast-preview')).toContainText(title);
    await screen.getByRole('radio', { name: 'Un tipo de cuenta' }).check();
    await screen.getByLabel('Tipo de cuenta', { exact: true }).selectOption({ label: 'Hogar' });
    await screen.getByRole('button', { name: 'Revisar envío' }).click();
    const confirm = screen.getByRole('region', { name: 'Confirma el envío' });
    await expect(confirm).toContainText('Cuentas de tipo Hogar');
    await expect(confirm).toContainText(/\d+ personas? \(\d+ dispositivos? con push\)/);
    await confirm.getByRole('button', { name: 'Enviar ahora' }).click();
    await expect(screen.getByRole('status').filter({ hasText: /Enviado a/ })).toBeVisible();

    // The household: the bell on both sizes, the in-app alert, and the push at the push service.
    for (const p of [onPhone, onDesktop]) {
      await expect(current(p).getByRole('link', { name: 'Notificaciones: 1 sin leer' })).toBeVisible();
      await expect(p.locator('ion-toast.in-app-alert')).toContainText(title);
    }
    await expect
      .poll(async () => (await pushMessages(clientHash)).map((m) => (JSON.parse(m) as { title: string }).title), { timeout: 15_000 })
      .toContain(title);
    await current(onPhone).getByRole('link', { name: 'Notificaciones: 1 sin leer' }).click();
    await expect(onPhone).toHaveURL(/\/notifications$/);
    await expect(current(onPhone).getByText(title)).toBeVisible();

    // Staff follow its delivery figures: it reached the push service.
    const row = screen.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('Enviado');
    await expect.poll(async () => Number((await row.locator('td').nth(5).textContent())?.replace(/\D/g, '') || 0), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  } finally {
    await phone.close();
    await desktop.close();
  }
});

test('a push reaching the service worker: in-app alert with focus, system notification without', async ({ baseURL }) => {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'puntoverde-push-profile-'));
  const executablePath = findChromium() ?? undefined;
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...(executablePath ? { executablePath } : {}),
    headless: true,
    baseURL: baseURL!,
    locale: 'es-CO',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    await context.grantPermissions(['notifications'], { origin: baseURL! });
    const page = context.pages()[0] ?? (await context.newPage());
    await login(page, HOUSEHOLD);
    // The app's service worker, as enablePush registers it (real pushManager.subscribe needs Google's push service).
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const found = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const id = await registrationId;
    const deliver = (n: number, title: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL!,
        registrationId: id,
        data: JSON.stringify({ id: 900000 + n, kind: 'broadcast', title, body: 'Trae tus residuos al parque.', link: '/campaign', click: '' }),
      });

    // Focused page: the worker hands the push to it and the page shows the in-app alert.
    await deliver(1, 'Jornada con la app abierta');
    await expect(page.locator('ion-toast.in-app-alert')).toContainText('Jornada con la app abierta');
    expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(0);

    // No page of the app open: a system notification.
    await page.goto('about:blank');
    await deliver(2, 'Jornada con la app cerrada');
    // The worker decides once the push arrives: the app is opened only after it has shown the
    // notification (opened at once, the new page could be the focused page it finds).
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
    expect(worker).toBeDefined();
    const notifications = () =>
      worker!.evaluate(async () => (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).length);
    await expect.poll(notifications).toBeGreaterThan(0);
    await page.goto('/index');
    const shown = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body })));
    expect(shown).toContainEqual({ title: 'Jornada con la app cerrada', body: 'Trae tus residuos al parque.' });
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
});
