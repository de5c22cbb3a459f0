import { chromium, expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { revealWhenVisible } from './when-visible';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/**
 * Works offline and installs like an app, in Chromium against the real server with
 * demo data, in a persistent profile (installability and service workers need one):
 * the install check, a point read offline, a PQR filed offline and sent once back online (no
 * second radicado after a forced retry), a PQR and a report with a photo filed offline together
 * (the photo uploaded on reconnect, no duplicate file or report after a forced retry), the map's
 * cached points with no tiles, and the update prompt after a new build is served.
 */

const LAUREL = { name: 'ECA Laureles La 70 (demo)', lat: 6.2471, lng: -75.5902 };
const SW_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/sw.js');

// The app's service worker (the suite blocks it elsewhere: its precache download in every new context cost a quarter of the run).
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let profile: string;
let baseURL: string;

test.beforeAll(async ({ browserName }, testInfo) => {
  test.skip(browserName !== 'chromium', 'installability is a Chromium check');
  baseURL = String(testInfo.project.use.baseURL);
  profile = mkdtempSync(path.join(tmpdir(), 'puntoverde-pwa-'));
  const launch = testInfo.project.use.launchOptions ?? {};
  context = await chromium.launchPersistentContext(profile, {
    ...launch,
    baseURL,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    viewport: { width: 1280, height: 800 },
  });
  page = context.pages()[0] ?? (await context.newPage());
});

test.afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** The help page's PQR forms render once the visitor reaches them (components/when-visible). */
async function revealPqr(pqr: Locator) {
  await revealWhenVisible(pqr.page());
  await expect(pqr.getByLabel('Tipo de solicitud')).toBeVisible();
}

/** Waits until the service worker controls the page (it registers after the first paint). */
async function untilControlled(p: Page) {
  await p.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
}

test('the app is installable: Chromium reports no installability errors', async () => {
  await page.goto('/index');
  await untilControlled(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
  expect(manifest.errors).toEqual([]);
});

test('a point viewed before stays readable offline, with the "sin conexión" note', async () => {
  const near = await page.request.get(`/back/api/v1/points/near?lat=${LAUREL.lat}&lng=${LAUREL.lng}&limit=5`);
  const id = ((await near.json()) as { data: { id: number; name: string }[] }).data.find(
    (p) => p.name === LAUREL.name,
  )?.id;
  expect(id).toBeDefined();
  await page.goto(`/map/${id}`);
  await expect(page.getByRole('heading', { name: LAUREL.name })).toBeVisible();
  await expect(page.getByText('Caneca blanca: aprovechables').first()).toBeVisible();
  await untilControlled(page);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: LAUREL.name })).toBeVisible();
    await expect(page.getByText('Caneca blanca: aprovechables').first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Sin conexión — datos de / })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('the map shows the points it showed before, offline and without tiles', async () => {
  await page.goto('/home');
  await untilControlled(page);
  const map = page.getByRole('region', { name: 'Mapa de puntos de reciclaje' });
  await expect(map).toBeVisible();
  await expect(page.locator('.pvp-cluster').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const online = await page.locator('.pvp-cluster').count();
  // The browser's HTTP copies live a minute (max-age=60): an hour later only the worker's remain.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(map).toBeVisible();
    await expect(page.locator('.pvp-cluster').first()).toBeVisible();
    expect(await page.locator('.pvp-cluster').count()).toBe(online);
    await expect(page.getByText('El fondo del mapa no cargó; los puntos siguen visibles.')).toBeVisible();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /^Sin conexión — datos de / })
        .first(),
    ).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('a PQR filed offline waits on the device, is sent back online with its radicado, and a retry files no second one', async () => {
  const subject = `Contenedor desbordado sin señal ${Date.now().toString(36)}`;
  await page.goto('/help');
  await untilControlled(page);
  const pqr = page.getByRole('region', { name: 'Peticiones, quejas y reclamos (PQR)' });
  await revealPqr(pqr);

  await context.setOffline(true);
  await pqr.getByLabel('Tipo de solicitud').selectOption('queja');
  await pqr.getByLabel('Asunto').fill(subject);
  await pqr
    .getByLabel('Describe tu solicitud')
    .fill('El contenedor del parque de Laureles está desbordado y no hay señal en el sótano de la ECA.');
  await pqr.getByLabel('Nombre completo o razón social').fill('Ana María Pérez');
  await pqr.getByLabel('Número de documento').fill('1020304050');
  await pqr.getByLabel('Correo electrónico', { exact: true }).fill('ana.sinsenal@example.com');
  await pqr.getByLabel(/Autorizo el tratamiento de mis datos/).check();
  await pqr.getByRole('button', { name: 'Radicar PQR' }).click();

  await expect(pqr.getByText(/guardamos tu envío en este dispositivo/)).toBeVisible();
  const item = pqr.getByRole('listitem').filter({ hasText: subject });
  await expect(item.getByText('Pendiente de envío')).toBeVisible();

  // Back online: the `online` event (or Background Sync) sends it, with its Idempotency-Key.
  await context.setOffline(false);
  await expect(item.getByText(/^Enviado: PQR-\d{4}-\d{6}$/)).toBeVisible({ timeout: 20_000 });
  const radicado = ((await item.getByText(/^Enviado: /).textContent()) ?? '').replace('Enviado: ', '').trim();

  // A forced retry of the same entry (its answer "lost"): the server answers the first radicado.
  const retry = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('puntoverde-outbox');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error(String(open.error)));
    });
    const entries = await new Promise<{ idempotencyKey: string; body: unknown; state: string }[]>((resolve) => {
      const req = db.transaction('entries').objectStore('entries').getAll();
      req.onsuccess = () => resolve(req.result as { idempotencyKey: string; body: unknown; state: string }[]);
    });
    const sent = entries.find((e) => e.state === 'sent')!;
    const res = await fetch('/back/api/v1/pqr', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': sent.idempotencyKey },
      body: JSON.stringify(sent.body),
    });
    return {
      status: res.status,
      replayed: res.headers.get('idempotent-replayed'),
      radicado: ((await res.json()) as { data: { radicado: string } }).data.radicado,
    };
  });
  expect(retry).toEqual({ status: 201, replayed: 'true', radicado });

  // The staff inbox has exactly one PQR with this subject.
  const login = await page.request.post('/back/api/clientes/login', {
    data: { username: 'admin@demo.puntoverde.co', password: 'PuntoVerde2026!', playerId: '' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const list = await page.request.get(`/back/api/v1/admin/pqr?q=${encodeURIComponent(subject)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(list.ok()).toBe(true);
  const rows = JSON.stringify(await list.json()).split(subject).length - 1;
  expect(rows).toBe(1);
});

/** Reads the outbox entries of one kind straight from IndexedDB (what the device kept). */
async function outboxEntries(p: Page, kind: string) {
  return p.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('puntoverde-outbox');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error(String(open.error)));
    });
    type Entry = {
      kind: string;
      state: string;
      idempotencyKey: string;
      body: Record<string, unknown>;
      photosField?: string;
      photos?: { key: string; fileId?: string; bytes?: ArrayBuffer }[];
      result?: { number?: string; radicado?: string };
    };
    const entries = await new Promise<Entry[]>((resolve) => {
      const req = db.transaction('entries').objectStore('entries').getAll();
      req.onsuccess = () => resolve(req.result as Entry[]);
    });
    return entries
      .filter((e) => e.kind === wanted)
      .map((e) => ({
        ...e,
        photos: e.photos?.map((ph) => ({ key: ph.key, fileId: ph.fileId, bytes: ph.bytes?.byteLength ?? 0 })),
      }));
  }, kind);
}

test('offline, a PQR and a report with a photo wait on the device; back online both are sent once, the photo on the report', async () => {
  const stamp = Date.now().toString(36);
  const subject = `Sin señal en la ECA ${stamp}`;
  const description = `El contenedor de la ECA está lleno y no hay señal en el sótano (${stamp}).`;
  const near = await page.request.get(`/back/api/v1/points/near?lat=${LAUREL.lat}&lng=${LAUREL.lng}&limit=5`);
  const pointId = ((await near.json()) as { data: { id: number; name: string }[] }).data.find(
    (p) => p.name === LAUREL.name,
  )!.id;

  // A household logged in: reports need an account. Two tabs, both opened with signal.
  await page.goto('/auth/login');
  await page.getByLabel(/correo/i).fill('hogar@demo.puntoverde.co');
  await page
    .getByLabel(/contraseña/i)
    .first()
    .fill('PuntoVerde2026!');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto(`/app/tabs/reports/new?point=${pointId}`);
  await untilControlled(page);
  const form = page.locator('.ion-page:not(.ion-page-hidden)').last();
  await expect(form.getByText(`Sobre el punto: ${LAUREL.name}`)).toBeVisible();
  await expect(form.getByRole('option', { name: 'Contenedor lleno' })).toBeAttached();
  const helpTab = await context.newPage();
  await helpTab.goto('/help');
  const pqr = helpTab.getByRole('region', { name: 'Peticiones, quejas y reclamos (PQR)' });
  await revealPqr(pqr);

  await context.setOffline(true);
  // The PQR, in its tab.
  await pqr.getByLabel('Tipo de solicitud').selectOption('queja');
  await pqr.getByLabel('Asunto').fill(subject);
  await pqr.getByLabel('Describe tu solicitud').fill('El contenedor de la ECA de Laureles lleva tres días desbordado.');
  await pqr.getByLabel('Nombre completo o razón social').fill('Hogar Demo');
  await pqr.getByLabel('Número de documento').fill('1020304050');
  await pqr.getByLabel('Correo electrónico', { exact: true }).fill('hogar@demo.puntoverde.co');
  await pqr.getByLabel(/Autorizo el tratamiento de mis datos/).check();
  await pqr.getByRole('button', { name: 'Radicar PQR' }).click();
  const pqrItem = pqr.getByRole('listitem').filter({ hasText: subject });
  await expect(pqrItem.getByText('Pendiente de envío')).toBeVisible();

  // The report, with a photo taken with no signal: kept on the device, not uploaded.
  await form.getByLabel('¿Qué pasa?').selectOption('contenedor_lleno');
  await form.getByLabel('Descripción').fill(description);
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#5d8a3a' } })
    .jpeg()
    .toBuffer();
  await form
    .getByLabel('Elegir imagen', { exact: true })
    .setInputFiles({ name: 'contenedor.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByText('Guardada en este dispositivo: se sube cuando vuelva la conexión')).toBeVisible();
  await expect(form.getByRole('img', { name: 'Foto 1 del problema' })).toBeVisible();
  await form.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(page).toHaveURL(/\/app\/tabs\/reports$/);
  const reportItem = page.getByRole('listitem').filter({ hasText: description.slice(0, 40) });
  await expect(reportItem.getByText('Pendiente de envío')).toBeVisible();
  await expect(reportItem.getByText('Con 1 foto')).toBeVisible();
  const [kept] = await outboxEntries(page, 'incident-report');
  expect(kept!.photos).toEqual([{ key: expect.any(String), fileId: undefined, bytes: expect.any(Number) }]);
  expect(kept!.photos![0]!.bytes).toBeGreaterThan(1000);

  // Back online: both go, each once, with its radicado / number.
  await context.setOffline(false);
  await expect(pqrItem.getByText(/^Enviado: PQR-\d{4}-\d{6}$/)).toBeVisible({ timeout: 30_000 });
  await expect(reportItem.getByText(/^Enviado: REP-\d{4}-\d{6}$/)).toBeVisible({ timeout: 30_000 });
  const number = ((await reportItem.getByText(/^Enviado: /).textContent()) ?? '').replace('Enviado: ', '').trim();

  // The photo is on the server's report.
  const report = (await (await page.request.get(`/back/api/v1/reports/${number}`)).json()) as {
    data: { description: string; photos: { id: string }[] };
  };
  expect(report.data.description).toBe(description);
  const [sent] = (await outboxEntries(page, 'incident-report')).filter((e) => e.state === 'sent');
  expect(sent!.photos).toEqual([{ key: kept!.photos![0]!.key, fileId: expect.any(String), bytes: 0 }]);
  expect(report.data.photos.map((p) => p.id)).toEqual([sent!.photos![0]!.fileId]);

  // A forced retry of both steps (their answers "lost"): the first file and the first report come back.
  const retry = await page.evaluate(
    async ({ entry }) => {
      const token = (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { token?: string }).token ?? '';
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'otra.jpg');
      const upload = await fetch('/back/api/v1/files?kind=image', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': entry.photos![0]!.key },
        body: form,
      });
      const body = { ...entry.body, [entry.photosField!]: entry.photos!.map((p) => p.fileId) };
      const again = await fetch('/back/api/v1/reports', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': entry.idempotencyKey,
        },
        body: JSON.stringify(body),
      });
      return {
        upload: {
          status: upload.status,
          replayed: upload.headers.get('idempotent-replayed'),
          id: ((await upload.json()) as { data: { id: string } }).data.id,
        },
        report: {
          status: again.status,
          replayed: again.headers.get('idempotent-replayed'),
          number: ((await again.json()) as { data: { number: string } }).data.number,
        },
      };
    },
    { entry: sent! },
  );
  expect(retry).toEqual({
    upload: { status: 201, replayed: 'true', id: sent!.photos![0]!.fileId },
    report: { status: 201, replayed: 'true', number },
  });
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { token?: string }).token ?? '',
  );
  const mine = await page.request.get('/back/api/v1/reports?scope=mine', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(mine.ok(), await mine.text()).toBe(true);
  expect(JSON.stringify(await mine.json()).split(description).length - 1).toBe(1);
  await helpTab.close();
});

test('a pickup request the server refused while it waited offline opens in its form, is corrected and sent once', async () => {
  const address = `Carrera 70 # 44-10, apto ${Date.now().toString(36)}`;
  // The household is signed in (the test before). An entry as the outbox leaves one the server
  // refused on reconnect: the day it asked for is no longer offered.
  await page.goto('/app/tabs/request');
  const id = await page.evaluate(
    async ({ address, lat, lng }) => {
      const user = JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { id?: number };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('puntoverde-outbox');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(String(open.error)));
      });
      const at = new Date().toISOString();
      const entry = {
        id: crypto.randomUUID(),
        kind: 'pickup-request',
        path: 'v1/requests',
        body: {
          items: [{ material: 'carton', estimated_kg: 12.5, units: null }],
          address,
          lat,
          lng,
          preferred_date: '2020-01-06',
          time_window: 'manana',
          notes: '',
          photos: [],
        },
        photos: [],
        photosField: 'photos',
        label: address,
        userId: user.id ?? null,
        idempotencyKey: crypto.randomUUID(),
        state: 'refused',
        error: {
          code: 'validation-error',
          message: 'Revisa los datos de la solicitud.',
          fields: { preferred_date: 'Elige uno de los días disponibles.' },
        },
        createdAt: at,
        updatedAt: at,
      };
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('entries', 'readwrite');
        tx.objectStore('entries').put(entry, entry.id);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(new Error(String(tx.error)));
      });
      return entry.id;
    },
    { address, lat: LAUREL.lat, lng: LAUREL.lng },
  );
  await page.reload();
  const item = page.getByRole('listitem').filter({ hasText: address });
  await expect(item.getByText('No se pudo enviar')).toBeVisible();
  await expect(item.getByText(/Elige uno de los días disponibles/)).toBeVisible();
  await item.getByRole('button', { name: 'Corregir y reenviar' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/tabs/request/new\\?edit=${id}`));
  const form = page.locator('.ion-page:not(.ion-page-hidden)').last();
  // The form holds what was asked for; the person picks a day that is offered now.
  await expect(form.getByLabel('Dirección de recogida')).toHaveValue(address);
  await expect(form.getByLabel('Material 1', { exact: true })).toHaveValue('carton');
  await expect(form.getByText(/sugerido, el más cercano/).first()).toBeVisible({ timeout: 30_000 });
  const day = form.getByLabel('Día preferido');
  // The first day offered now: today is not, after the day's last window (evenings in Bogotá).
  const offered = day.locator('option:not([disabled])').nth(1);
  await expect(offered).toBeAttached({ timeout: 30_000 });
  await day.selectOption((await offered.getAttribute('value')) ?? '');
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page).toHaveURL(/\/app\/tabs\/request$/);
  const sent = page.getByRole('listitem').filter({ hasText: address });
  await expect(sent.getByText(/^Enviado: #\d+$/)).toBeVisible({ timeout: 30_000 });

  // One request with that address on the server.
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { token?: string }).token ?? '',
  );
  const mine = await page.request.get('/back/api/v1/requests?page_size=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(mine.ok(), await mine.text()).toBe(true);
  expect(JSON.stringify(await mine.json()).split(address).length - 1).toBe(1);

  // Sent, the request is in the list without a reload, and the box says it no longer waits.
  const number = /#(\d+)/.exec((await sent.getByText(/^Enviado: #\d+$/).textContent()) ?? '')?.[1];
  await expect(page.getByRole('link', { name: new RegExp(`#${number}\\b`) }).first()).toBeVisible();
  const box = page.getByRole('region', { name: 'Enviados desde este dispositivo' });
  await expect(box).toBeVisible();
  // Its actions are buttons of the design system, not small text links (44 px targets).
  const done = sent.getByRole('button', { name: 'Listo' });
  expect((await done.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(36);
  await done.click();
  await expect(box).toHaveCount(0);
});

test('offline, a screen with no copy on this device says it loads when the connection returns, and then it does', async () => {
  await page.goto('/app/tabs/reports');
  await untilControlled(page);
  await expect(page.locator('#boot')).toHaveCount(0);
  await expect(page.getByText(/\d+ reportes?/).first()).toBeVisible();
  await context.setOffline(true);
  try {
    // The reports this household follows were never asked for on this device: nothing to show yet.
    await page.getByRole('button', { name: 'Los que sigo', exact: true }).click();
    const note = page.getByRole('status').filter({ hasText: /lo que no está guardado en este dispositivo se carga cuando vuelva/i });
    await expect(note).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByRole('status').filter({ hasText: 'lo que no está guardado' })).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText(/\d+ reportes?|Aún no sigues/).first()).toBeVisible({ timeout: 30_000 });
});

test('a new build served shows "Hay una nueva versión — Actualizar", and updating loads it', async () => {
  await page.goto('/index');
  await untilControlled(page);
  const before = readFileSync(SW_FILE, 'utf8');
  try {
    // What a deploy does to the worker: new bytes (a new precache list); the page asks for updates.
    appendFileSync(SW_FILE, `\n// build ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'Hay una nueva versión' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(prompt).toContainText('Hay una nueva versión —');
    await expect(prompt.getByRole('button', { name: 'Ahora no' })).toBeVisible();
    // Updating reloads the page: the prompt must never sit on what the page ends with (a form's
    // submit button). Scrolled to its end, the page's last block is clear of it.
    // Scrolled again until the end holds still: content below the fold renders once reached
    // (components/when-visible) and can lengthen the page after the first scroll.
    await expect(async () => {
      await page.evaluate(() => {
        const main = document.querySelector('main.page-content');
        if (main) main.scrollTop = main.scrollHeight;
      });
      const lastBlock = await page.locator('main .page-body > *').last().boundingBox();
      const promptBox = await prompt.boundingBox();
      expect((lastBlock?.y ?? 0) + (lastBlock?.height ?? 0)).toBeLessThanOrEqual(promptBox?.y ?? 0);
    }).toPass({ timeout: 15_000 });
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Actualizar' }).click();
    await reloaded;
    await expect(page.getByRole('status').filter({ hasText: 'Hay una nueva versión' })).toHaveCount(0);
    const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(scriptUrl).toBe(`${baseURL}/sw.js`);
  } finally {
    writeFileSync(SW_FILE, before);
  }
});
