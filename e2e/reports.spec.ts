import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * Incident reports against the real server with demo data: a household reports an overflowing
 * container from the point page with a photo and its location; a neighbour filing the same
 * problem nearby is offered "¿Es este? Súmate al reporte" and joins it; the point's manager
 * resolves it; the reporter answers "¿Se resolvió? Sí" from the e-mail link in the outbox. Staff
 * move two open reports to "En revisión" at once from the inbox and assign one to the manager.
 */
const PASSWORD = 'PuntoVerde2026!';
const HOUSEHOLD = 'hogar@demo.puntoverde.co';
const NEIGHBOUR = 'empresa@demo.puntoverde.co';
const MANAGER = 'gestor@demo.puntoverde.co';
const MANAGER_NAME = 'Gloria Estela Mejía (demo)';
const STAFF = 'admin@demo.puntoverde.co';
const MANAGED_POINT = 'ECA Laureles La 70 (demo)';
// The demo household's street, a few hundred metres from the ECA; the neighbour stands 20 m away.
const HOME = { latitude: 6.2449, longitude: -75.5911 };
const NEXT_DOOR = { latitude: 6.2449 + 20 / 111_320, longitude: -75.5911 };

type OutboxEntry = { to: string; subject: string; text: string };

test.describe.configure({ mode: 'serial' });

function current(page: Page): Locator {
  return page.locator('.ion-page:not(.ion-page-hidden)').last();
}

async function newContext(browser: Browser, geolocation = HOME): Promise<BrowserContext> {
  return browser.newContext({ geolocation, permissions: ['geolocation'], locale: 'es-CO', timezoneId: 'America/Bogota' });
}

async function login(page: Page, email: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel(/correo/i).fill(email);
  await page.getByLabel(/contraseña/i).first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

async function managedPointId(request: APIRequestContext): Promise<number> {
  const res = await request.get(`/back/api/v1/points/near?lat=${HOME.latitude}&lng=${HOME.longitude}&limit=20`);
  const points = ((await res.json()) as { data: { id: number; name: string }[] }).data;
  const point = points.find((p) => p.name === MANAGED_POINT);
  expect(point, `${MANAGED_POINT} near the demo household`).toBeTruthy();
  return point!.id;
}

/** From the point page: "Reportar un problema", pre-filled with the point; category, text, place. */
async function startReport(page: Page, pointId: number, description: string): Promise<Locator> {
  await page.goto(`/map/${pointId}`);
  await current(page).getByRole('link', { name: 'Reportar un problema' }).click();
  await expect(page).toHaveURL(/\/app\/tabs\/reports\/new\?point=\d+/);
  const form = current(page);
  await expect(form.getByText(`Sobre el punto: ${MANAGED_POINT}`)).toBeVisible();
  await form.getByLabel('¿Qué pasa?').selectOption('contenedor_lleno');
  await form.getByLabel('Descripción').fill(description);
  await form.getByRole('button', { name: 'Usar mi ubicación' }).click();
  await expect(form.getByText(/Marcado en/)).toBeVisible();
  return form;
}

let number = '';

test('a household reports an overflowing container from the point page with a photo and its location', async ({ browser, request }) => {
  const pointId = await managedPointId(request);
  const context = await newContext(browser);
  const page = await context.newPage();
  await login(page, HOUSEHOLD);
  const form = await startReport(page, pointId, 'El contenedor de aprovechables está lleno y hay bolsas en el andén.');
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#5d8a3a' } }).jpeg().toBuffer();
  await form.getByLabel('Elegir imagen', { exact: true }).setInputFiles({ name: 'contenedor.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByRole('img', { name: 'Foto 1 del problema' })).toBeVisible();
  await form.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(page).toHaveURL(/\/app\/tabs\/reports\/REP-\d{4}-\d{6}$/);
  number = /REP-\d{4}-\d{6}$/.exec(page.url())![0];
  const report = current(page);
  await expect(report.getByRole('heading', { name: `Contenedor lleno · ${number}`, level: 2 })).toBeVisible();
  await expect(report.getByText('Abierto').filter({ visible: true }).first()).toBeVisible();
  await expect(report.getByRole('img', { name: 'Foto 1 del reporte' })).toBeVisible();
  await expect(report.getByText(`Punto: ${MANAGED_POINT}`, { exact: false })).toBeVisible();
  await context.close();
});

test('a neighbour filing the same problem nearby is offered the report and joins it', async ({ browser, request }) => {
  const pointId = await managedPointId(request);
  const context = await newContext(browser, NEXT_DOOR);
  const page = await context.newPage();
  await login(page, NEIGHBOUR);
  const form = await startReport(page, pointId, 'Contenedor lleno en la esquina, ya huele mal.');
  const offer = form.getByRole('region', { name: '¿Es este? Súmate al reporte' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: `Súmate al reporte ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/app/tabs/reports/${number}$`));
  await expect(current(page).getByRole('button', { name: 'Dejar de seguir' })).toBeVisible();
  await context.close();
});

test('the manager resolves it and the reporter answers «¿Se resolvió? Sí» from the e-mail link', async ({ browser, request }) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await login(page, MANAGER);
  await page.goto(`/app/tabs/reports/${number}`);
  const panel = current(page).getByRole('region', { name: 'Gestionar el reporte' });
  await panel.getByLabel('Nuevo estado').selectOption('resuelto');
  await panel.getByLabel('Nota pública (opcional)').fill('Vaciamos el contenedor esta mañana.');
  await panel.getByRole('button', { name: 'Cambiar estado' }).click();
  // The status badge (the form's own <option>s also read «Resuelto»).
  await expect(current(page).locator('.pv-badge', { hasText: 'Resuelto' }).first()).toBeVisible();
  await context.close();

  // A week later the reporter is asked; the demo server can jump ahead from loopback.
  const sweep = await request.post('/back/api/dev/reports/follow-ups?days=8');
  expect(sweep.ok()).toBeTruthy();
  let link = '';
  await expect
    .poll(async () => {
      const entries = ((await (await request.get('/back/api/dev/outbox')).json()) as { data: OutboxEntry[] }).data;
      const mail = entries.find((e) => e.to === HOUSEHOLD && e.subject === `¿Se resolvió? Reporte ${number}`);
      link = (mail && /https?:\/\/\S+respuesta=si/.exec(mail.text)?.[0]) ?? '';
      return link;
    })
    .toBeTruthy();

  // One tap from the e-mail, without a session.
  const mailReader = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
  const reader = await mailReader.newPage();
  await reader.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await current(reader).getByRole('button', { name: 'Sí, se resolvió' }).click();
  await expect(current(reader).getByText('¡Gracias por confirmarlo!')).toBeVisible();
  await mailReader.close();

  const res = await request.get(`/back/api/v1/reports/${number}`);
  const report = ((await res.json()) as { data: { status: string; history: { kind: string }[] } }).data;
  expect(report.status).toBe('resuelto');
  expect(report.history.map((h) => h.kind)).toContain('follow_up');
});

test('the public reports show on a map filtered by status, and the list beside it links each one', async ({ browser }) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await login(page, NEIGHBOUR);
  await page.goto('/app/tabs/reports');
  const section = current(page);
  await section.getByRole('button', { name: 'Todos' }).click();
  await section.getByRole('button', { name: 'Mapa' }).click();
  await expect(section.getByRole('region', { name: 'Mapa de reportes públicos' })).toBeVisible();
  await expect(section.getByText(/\d+ reportes? en esta zona del mapa/)).toBeVisible();
  await section.getByRole('combobox', { name: 'Estado' }).selectOption('resuelto');
  await expect(section.getByText(/\d+ reportes? en esta zona del mapa/)).toBeVisible();
  await section.getByRole('button', { name: 'Lista' }).click();
  await expect(section.getByRole('link', { name: new RegExp(number) })).toBeVisible();
  await context.close();
});

test('staff move two open reports to «En revisión» at once and assign one to the point manager', async ({ browser, request }) => {
  const pointId = await managedPointId(request);
  const session = await request.post('/back/api/clientes/login', { data: { username: HOUSEHOLD, password: PASSWORD } });
  const headers = { authorization: `Bearer ${((await session.json()) as { data: { token: string } }).data.token}` };
  const filed: string[] = [];
  for (const description of ['El punto estaba cerrado en su horario del martes.', 'Otra vez cerrado el punto en horario de atención.']) {
    const res = await request.post('/back/api/v1/reports', {
      headers,
      data: { category: 'punto_cerrado', description, lat: HOME.latitude, lng: HOME.longitude, point_id: pointId },
    });
    expect(res.status()).toBe(201);
    filed.push(((await res.json()) as { data: { number: string } }).data.number);
  }

  const context = await newContext(browser);
  const page = await context.newPage();
  await login(page, STAFF);
  await page.goto('/app/tabs/reports');
  const section = current(page);
  await section.getByRole('combobox', { name: 'Estado' }).selectOption('abierto');
  await section.getByRole('combobox', { name: 'Categoría' }).selectOption('punto_cerrado');
  for (const n of filed) await section.getByRole('checkbox', { name: `Seleccionar ${n}` }).check();
  const bar = section.getByRole('region', { name: '2 reportes seleccionados' });
  await bar.getByRole('combobox', { name: 'Nuevo estado' }).selectOption('en_revision');
  await bar.getByRole('button', { name: 'Aplicar a 2 reportes' }).click();
  await bar.getByRole('button', { name: 'Sí, cambiar' }).click();
  await expect(section.getByRole('status').filter({ hasText: '2 reportes pasaron a «En revisión».' })).toBeVisible();
  // Both left the "Abierto" inbox; under "En revisión" they are there.
  await expect(section.getByRole('checkbox', { name: `Seleccionar ${filed[0]}` })).toHaveCount(0);
  await section.getByRole('combobox', { name: 'Estado' }).selectOption('en_revision');
  for (const n of filed) await expect(section.getByRole('listitem').filter({ hasText: n }).getByText('En revisión')).toBeVisible();

  await page.goto(`/app/tabs/reports/${filed[0]}`);
  const assign = current(page).getByRole('form', { name: 'Asignación' });
  await expect(assign.getByText('Sin asignar').first()).toBeVisible();
  await assign.getByRole('combobox', { name: 'Asignar a' }).selectOption({ label: MANAGER_NAME });
  await assign.getByRole('button', { name: 'Asignar' }).click();
  await expect(assign.getByRole('status')).toHaveText(`Asignado a ${MANAGER_NAME}`);
  await context.close();
});

test('a report filed by location 5 m from a point, without naming it, reaches that point manager’s inbox', async ({ browser, request }) => {
  const near = await request.get(`/back/api/v1/points/near?lat=${HOME.latitude}&lng=${HOME.longitude}&limit=20`);
  const points = ((await near.json()) as { data: { name: string; lat: number; lng: number }[] }).data;
  const eca = points.find((p) => p.name === MANAGED_POINT)!;
  const context = await newContext(browser, { latitude: eca.lat + 5 / 111_320, longitude: eca.lng });
  const page = await context.newPage();
  await login(page, HOUSEHOLD);
  await page.goto('/app/tabs/reports/new');
  const form = current(page);
  await form.getByLabel('¿Qué pasa?').selectOption('contenedor_danado');
  await form.getByLabel('Descripción').fill('La tapa del contenedor está rota y no cierra.');
  await form.getByRole('button', { name: 'Usar mi ubicación' }).click();
  await expect(form.getByText(`Lo enviaremos a ${MANAGED_POINT}, el punto más cercano (a 5 m).`)).toBeVisible();
  await form.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(page).toHaveURL(/\/app\/tabs\/reports\/REP-\d{4}-\d{6}$/);
  const filed = /REP-\d{4}-\d{6}$/.exec(page.url())![0];
  const report = current(page);
  await expect(report.getByText(`Punto: ${MANAGED_POINT}`)).toBeVisible();
  // The place as an address, not "6.24690, -75.59022".
  await expect(report.getByText(/Ubicación: (Calle|Carrera) \d+/)).toBeVisible();
  await expect(report.getByText(/-75[.,]\d{5}/)).toHaveCount(0);
  await context.close();

  const managerContext = await newContext(browser);
  const managerPage = await managerContext.newPage();
  await login(managerPage, MANAGER);
  await managerPage.goto('/app/tabs/reports');
  const inbox = current(managerPage);
  await inbox.getByRole('combobox', { name: 'Estado' }).selectOption('abierto');
  await inbox.getByRole('combobox', { name: 'Categoría' }).selectOption('contenedor_danado');
  await expect(inbox.getByRole('listitem').filter({ hasText: filed })).toBeVisible();
  await managerContext.close();
});
