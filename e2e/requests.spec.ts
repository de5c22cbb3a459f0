import { getHolidaysForYear } from 'colombian-holidays';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * Pickup request journeys against the real server with demo data, each with two browser contexts:
 *  1. a household asks for a pickup with a photo at a point run by the demo manager; the manager
 *     sees it appear live, accepts and schedules it, then records 23,4 kg of PET; the household
 *     sees each status change live and the timeline;
 *  2. a company head creates a branch; the branch accepts the invitation from the e-mail outbox,
 *     is logged in, asks for a pickup, and the head sees it.
 */
const PASSWORD = 'PuntoVerde2026!';
const HOUSEHOLD = 'hogar@demo.puntoverde.co';
const MANAGER = 'gestor@demo.puntoverde.co';
const HEAD = 'empresa@demo.puntoverde.co';
const MANAGED_POINT = 'ECA Laureles La 70 (demo)';
// Carrera 70 # 44-10, Laureles (demo household's address), a few hundred metres from the ECA.
const HOME = { latitude: 6.2449, longitude: -75.5911 };
const stamp = Date.now().toString(36);

test.describe.configure({ mode: 'serial' });

/** Ionic keeps earlier pages in the DOM, hidden: look inside the page on screen only. */
function current(page: Page): Locator {
  return page.locator('.ion-page:not(.ion-page-hidden)').last();
}

async function newContext(browser: Browser, geolocation = HOME): Promise<BrowserContext> {
  return browser.newContext({
    geolocation,
    permissions: ['geolocation'],
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  });
}

async function login(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel(/correo/i).fill(email);
  await page
    .getByLabel(/contraseña/i)
    .first()
    .fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** The live-updates stream of this tab is connected (set by the app on <html>). */
async function liveReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-live-updates', 'open');
}

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e7d32' } })
    .jpeg()
    .toBuffer();
}

/** Fills and sends the new-request form; returns the new request's id. */
async function askForPickup(page: Page, options: { kg: string; point?: string; withPhoto?: boolean }): Promise<number> {
  await page.goto('/app/tabs/request/new');
  const form = current(page);
  await expect(form.getByRole('heading', { name: 'Nueva solicitud de recolección', level: 1 })).toBeVisible();
  await form.getByLabel('Material 1', { exact: true }).selectOption('pet');
  await form.getByLabel('Kilos aproximados', { exact: true }).fill(options.kg);
  await form.getByLabel('Dirección de recogida', { exact: true }).fill(`Carrera 70 # 44-10, Laureles (${stamp})`);
  await form.getByRole('button', { name: 'Usar mi ubicación' }).click();
  await expect(form.getByText(/Marcado en/)).toBeVisible();
  const pointGroup = form.getByRole('group', { name: 'Punto que recoge' });
  await expect(pointGroup.getByRole('radio').first()).toBeChecked();
  if (options.point)
    await pointGroup.getByRole('radio', { name: new RegExp(options.point.replace(/[()]/g, '\\$&')) }).check();
  const date = form.getByLabel('Día preferido', { exact: true });
  await expect(date.locator('option:not([disabled])').nth(1)).toBeAttached();
  const firstDay = await date.locator('option:not([disabled])').nth(1).getAttribute('value');
  await date.selectOption(firstDay ?? '');
  if (options.withPhoto) {
    await form
      .getByLabel('Elegir imagen', { exact: true })
      .setInputFiles({ name: 'reciclaje.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await expect(form.getByRole('img', { name: 'Foto 1 de los materiales' })).toBeVisible();
  }
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page).toHaveURL(/\/app\/tabs\/request\/\d+$/);
  const id = Number(/\/(\d+)$/.exec(page.url())![1]);
  await expect(current(page).getByRole('heading', { name: `Solicitud #${id}`, level: 1 })).toBeVisible();
  return id;
}

/** `YYYY-MM-DD` (Bogotá) at least `daysAhead` days from today that is neither a Sunday nor a Colombian holiday. */
function schedulableDay(daysAhead: number): string {
  const bogotaToday = new Date(Date.now() - 5 * 60 * 60 * 1000);
  for (let i = daysAhead; ; i += 1) {
    const day = new Date(bogotaToday.getTime() + i * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const holidays = getHolidaysForYear(Number(day.slice(0, 4))).map((h) => h.celebrationDate);
    if (new Date(`${day}T00:00:00Z`).getUTCDay() !== 0 && !holidays.includes(day)) return day;
  }
}

test('a household asks for a pickup and the manager handles it, both seeing every change live', async ({ browser }) => {
  // Two people through a request's whole life (about 20 steps each): ~50 s on a 2-core machine
  // running two workers, too close to the default 60 s.
  test.setTimeout(120_000);
  const householdContext = await newContext(browser);
  const managerContext = await newContext(browser);
  const household = await householdContext.newPage();
  const manager = await managerContext.newPage();
  try {
    await login(manager, MANAGER);
    await manager.goto('/app/tabs/prequest');
    await expect(current(manager).getByRole('heading', { name: 'Solicitudes a mis puntos', level: 2 })).toBeVisible();
    await liveReady(manager);

    await login(household, HOUSEHOLD);
    // es-CO writes a decimal comma: "3,5" kilos are three and a half, never 35.
    const id = await askForPickup(household, { kg: '3,5', point: MANAGED_POINT, withPhoto: true });
    const detail = current(household);
    await expect(detail.getByRole('cell', { name: '3,5 kg' }).first()).toBeVisible();
    // The request's own field (the page's status line also names the point after sending).
    await expect(detail.locator('dd', { hasText: MANAGED_POINT })).toBeVisible();
    await expect(detail.getByRole('img', { name: 'Foto 1 de los materiales' })).toBeVisible();
    await liveReady(household);

    // The manager's list shows the new request without reloading.
    const requestLink = current(manager).getByRole('link', { name: `Solicitud #${id}`, exact: true });
    await expect(requestLink).toBeVisible();
    await requestLink.click();
    const managerDetail = current(manager);
    await expect(managerDetail.getByRole('heading', { name: `Solicitud #${id}`, level: 1 })).toBeVisible();
    await expect(managerDetail.getByRole('img', { name: 'Foto 1 de los materiales' })).toBeVisible();

    // By keyboard: "Aceptar" gives way to the next step under the person's focus.
    await managerDetail.getByRole('button', { name: 'Aceptar', exact: true }).focus();
    await manager.keyboard.press('Enter');
    await expect(managerDetail.locator('article[aria-labelledby="rq-detail-title"] > .rq-card-head .pv-badge')).toHaveText('Aceptada');
    // Focus is on the answer, not dropped to the page (WCAG 2.4.3).
    await expect.poll(() => manager.evaluate(() => document.activeElement === document.body)).toBe(false);
    await expect(detail.locator('article[aria-labelledby="rq-detail-title"] > .rq-card-head .pv-badge')).toHaveText('Aceptada');

    // At 10:00 Bogotá time, two days ahead or the next day after that with pickups (no
    // Sundays nor Colombian holidays: the server refuses those).
    const when = schedulableDay(2);
    // By keyboard too: opening the form and saving it never drop focus to the page.
    const focusDropped = () => manager.evaluate(() => document.activeElement === document.body);
    await managerDetail.getByRole('button', { name: 'Programar', exact: true }).focus();
    await manager.keyboard.press('Enter');
    await expect.poll(focusDropped).toBe(false);
    await managerDetail.getByLabel('Fecha y hora de la recogida', { exact: true }).fill(`${when}T10:00`);
    await managerDetail.getByRole('button', { name: 'Guardar programación' }).focus();
    await manager.keyboard.press('Enter');
    await expect(managerDetail.locator('article[aria-labelledby="rq-detail-title"] > .rq-card-head .pv-badge')).toHaveText('Programada');
    await expect.poll(focusDropped).toBe(false);
    await expect(detail.locator('article[aria-labelledby="rq-detail-title"] > .rq-card-head .pv-badge')).toHaveText('Programada');
    await expect(detail.getByText('Recogida programada')).toBeVisible();

    // The day view lists it in route order, with the map; from there back to the request.
    await manager.goto('/app/tabs/prequest');
    const screen = current(manager);
    // The views are tabs (WAI-ARIA pattern): one tab stop, the arrow keys switch views.
    const listTab = screen.getByRole('tab', { name: 'Solicitudes' });
    await expect(listTab).toHaveAttribute('aria-selected', 'true');
    await listTab.focus();
    await manager.keyboard.press('ArrowRight');
    const dayTab = screen.getByRole('tab', { name: 'Ruta del día' });
    await expect(dayTab).toHaveAttribute('aria-selected', 'true');
    await expect(dayTab).toBeFocused();
    await expect(screen.getByRole('tabpanel', { name: 'Ruta del día' })).toBeVisible();
    await screen.getByLabel('Día', { exact: true }).fill(when);
    await expect(screen.getByRole('region', { name: 'Mapa de la ruta del día' })).toBeVisible();
    const stop = screen
      .getByRole('list', { name: 'Orden de la ruta' })
      .getByRole('link', { name: `Solicitud #${id}`, exact: true });
    await expect(stop).toBeVisible();
    await stop.click();
    const managerCollect = current(manager);
    await expect(managerCollect.getByRole('heading', { name: `Solicitud #${id}`, level: 1 })).toBeVisible();

    await managerCollect.getByRole('button', { name: 'Registrar recolección' }).click();
    const collectedKg = managerCollect.getByLabel('Kilos de PET (1)', { exact: true });
    await expect(collectedKg).toHaveValue('3,5');
    // "1.234" is 1234 in es-CO and 1.234 elsewhere: refused, not guessed.
    await collectedKg.fill('1.234');
    await managerCollect.getByRole('button', { name: 'Guardar recolección' }).click();
    await expect(managerCollect.getByText(/se puede leer de dos formas/)).toBeVisible();
    await collectedKg.fill('23,4');
    await managerCollect.getByRole('button', { name: 'Guardar recolección' }).click();
    await expect(managerCollect.locator('article[aria-labelledby="rq-detail-title"] > .rq-card-head .pv-badge')).toHaveText('Recogida');

    // The household saw it live: status, kilos and the whole timeline.
    await expect(detail.locator('article[aria-labelledby="rq-detail-title"] > .rq-card-head .pv-badge')).toHaveText('Recogida');
    await expect(detail.getByRole('cell', { name: '23,4 kg' }).first()).toBeVisible();
    const timeline = detail.getByRole('region', { name: 'Historial' });
    const steps = timeline.locator('li .pv-badge');
    await expect(steps).toHaveText(['Pendiente', 'Aceptada', 'Programada', 'Recogida']);
    await expect(timeline.getByText(/por Gloria Estela Mejía/).first()).toBeVisible();
  } finally {
    await householdContext.close();
    await managerContext.close();
  }
});

test('a company head creates a branch; the branch accepts the invitation and asks for a pickup the head sees', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const headContext = await newContext(browser);
  const branchContext = await newContext(browser, { latitude: 6.2096, longitude: -75.5673 });
  const head = await headContext.newPage();
  const branch = await branchContext.newPage();
  const branchName = `Sede Envigado ${stamp}`;
  const branchEmail = `sede.${stamp}@example.com`;
  try {
    await login(head, HEAD);
    const headId = await head.evaluate(
      () => (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { id: number }).id,
    );
    await head.goto(`/app/tabs/branch-offices/list/${headId}`);
    const screen = current(head);
    await expect(screen.getByRole('heading', { name: 'Sucursales de tu empresa', level: 2 })).toBeVisible();
    await screen.getByRole('button', { name: 'Nueva sucursal' }).click();
    await screen.getByLabel('Nombre de la sucursal', { exact: true }).fill(branchName);
    await screen.getByLabel('Correo de la sucursal', { exact: true }).fill(branchEmail);
    await screen.getByLabel('Persona de contacto', { exact: true }).fill('Camila Vélez');
    await screen.getByLabel('Teléfono', { exact: true }).fill('3104445566');
    await screen.getByLabel('Dirección', { exact: true }).fill('Calle 38 Sur # 43-20');
    await screen.getByLabel('Ciudad', { exact: true }).fill('Envigado');
    await screen.getByRole('button', { name: 'Crear e invitar' }).click();
    const card = screen.getByRole('listitem', { name: branchName });
    await expect(card).toBeVisible();
    await expect(card.getByText(/Invitación enviada/)).toBeVisible();

    // Another head's id in the route is a 403 page.
    await head.goto(`/app/tabs/branch-offices/list/${headId + 1000}`);
    await expect(current(head).getByText('403')).toBeVisible();

    const outbox = await request.get('/back/api/dev/outbox');
    const mails = ((await outbox.json()) as { data: { to: string; text: string }[] }).data;
    const invitation = mails.find((m) => m.to === branchEmail);
    expect(invitation).toBeTruthy();
    const link = new URL(/https?:\/\/\S+/.exec(invitation!.text)![0]);
    expect(link.pathname).toBe('/auth/branch-invitation');

    await branch.goto(link.pathname + link.search);
    const invite = current(branch);
    await expect(invite.getByRole('heading', { name: `Bienvenida, ${branchName}` })).toBeVisible();
    await invite.getByLabel('Contraseña', { exact: true }).fill('Sede-Envigado-Recicla-2026');
    await invite.getByLabel('Repite la contraseña', { exact: true }).fill('Sede-Envigado-Recicla-2026');
    await invite.getByLabel(/Acepto la política/).check();
    await invite.getByRole('button', { name: 'Crear contraseña y entrar' }).click();
    await expect(branch).toHaveURL(/\/app\/tabs\/request$/);
    await expect(
      current(branch).getByRole('heading', { name: 'Mis solicitudes de recolección', level: 2 }),
    ).toBeVisible();

    // A branch's menu has no Sucursales entry (spec §2).
    await current(branch).getByRole('button', { name: 'Abrir el menú' }).click();
    const menu = branch.getByRole('navigation', { name: 'Sucursal' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Mis Solicitudes' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sucursales' })).toHaveCount(0);
    // Out and back in with the password it just set.
    await menu.getByText('Cerrar Sesión', { exact: true }).click();
    await expect(branch).toHaveURL(/\/auth\/login/);
    await login(branch, branchEmail, 'Sede-Envigado-Recicla-2026');

    const id = await askForPickup(branch, { kg: '30' });

    await head.goto('/app/tabs/request');
    const mine = current(head);
    await expect(
      mine.getByRole('heading', { name: 'Solicitudes de tu empresa y sus sucursales', level: 2 }),
    ).toBeVisible();
    const item = mine.locator(`li[data-request-id="${id}"]`);
    await expect(item).toBeVisible();
    await expect(item.getByText(branchName)).toBeVisible();
    await mine.getByLabel('Sede', { exact: true }).selectOption({ label: branchName });
    await expect(mine.locator('li[data-request-id]')).toHaveCount(1);
    await expect(item).toBeVisible();
  } finally {
    await headContext.close();
    await branchContext.close();
  }
});
