import { getHolidaysForYear } from 'colombian-holidays';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

/**
 * Rewards, end to end against the real server with demo data:
 *  1. at phone size (390 px): a new household's pickup is collected by the demo point manager
 *     with 4,5 kg of PET → 45 points appear with the entry that earned them; the ally's counter
 *     account proposes an offer of 40 points, staff approve it in the back office at 1366 px;
 *     the household redeems it (code, QR, countdown), the ally confirms the code on their phone,
 *     and balance (5), stock (one unit left) and the ally's list agree;
 *     /recompensas as the household logs no console error and no failed request (4xx/5xx); the
 *     offer says where to redeem it (the ally's points of sale) and opens the allies map on them;
 *  2. at 390 px: the ally organises a campaign with a bonus; after its day they confirm the
 *     household's attendance by keyboard in a checkbox list, and the bonus entry appears once;
 *  3. at 390 px: the demo company chooses per-branch balances in its profile, its branch's
 *     pickup earns on the branch, and the head sees that branch's balance.
 * A fresh household keeps the figures exact while other journeys use the demo accounts.
 */
const PASSWORD = 'PuntoVerde2026!';
const MANAGER = 'gestor@demo.puntoverde.co';
const ALLY = 'aliado@demo.puntoverde.co';
const COMPANY = 'empresa@demo.puntoverde.co';
const BRANCH = 'sucursal@demo.puntoverde.co';
const LA_CANASTA = 'Supermercados La Canasta (demo)';
const STAFF = 'admin@demo.puntoverde.co';
const MANAGED_POINT = 'ECA Laureles La 70 (demo)';
const HOME = { latitude: 6.2449, longitude: -75.5911 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const stamp = Date.now().toString(36);

test.describe.configure({ mode: 'serial' });

/** Ionic keeps earlier pages in the DOM, hidden: look inside the page on screen only. */
function current(page: Page): Locator {
  return page.locator('.ion-page:not(.ion-page-hidden)').last();
}

function forwardedFor(): Record<string, string> {
  return { 'x-forwarded-for': `10.46.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` };
}

interface Session {
  id: number;
  token: string;
}

async function apiLogin(request: APIRequestContext, email: string): Promise<Session & Record<string, unknown>> {
  const res = await request.post('/back/api/clientes/login', {
    data: { username: email, password: PASSWORD, playerId: '' },
    headers: forwardedFor(),
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: Session & Record<string, unknown> }).data;
}

/** A browser window at `viewport` whose app starts signed in as `user` (stored as the app stores it). */
async function signedIn(
  browser: Browser,
  user: Record<string, unknown>,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'es-CO', timezoneId: 'America/Bogota' });
  await context.addInitScript((u) => window.localStorage.setItem('currentUser', JSON.stringify(u)), user);
  return { context, page: await context.newPage() };
}

/** A household account of its own, so its balance is exactly what this journey earns. */
async function newHousehold(request: APIRequestContext): Promise<Session & Record<string, unknown>> {
  const res = await request.post('/back/api/clientes/registro', {
    headers: forwardedFor(),
    data: {
      data_user: {
        tc_id: 2,
        email: `puntos-${stamp}-${Math.floor(Math.random() * 1e6)}@example.com`,
        password: PASSWORD,
        first_name: 'Valentina',
        last_name: 'Ospina',
        document_type: 'CC',
        document_number: String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999)).slice(0, 10),
        phone: '3001234567',
        city: 'Medellín',
        accept_data_policy: true,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Session & Record<string, unknown> }).data;
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

function bogotaDay(daysAhead: number): string {
  return new Date(Date.now() - 5 * 3600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/** Console errors and failed requests (4xx/5xx) of a page, from now on. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

/** The household asks for a pickup of PET at the demo manager's point; the manager accepts and schedules it (API). */
async function scheduledPickup(request: APIRequestContext, household: Session, manager: Session): Promise<number> {
  const near = await request.get(`/back/api/v1/points/near?lat=${HOME.latitude}&lng=${HOME.longitude}&limit=20`);
  const point = ((await near.json()) as { data: { id: number; name: string }[] }).data.find(
    (p) => p.name === MANAGED_POINT,
  );
  expect(point, `${MANAGED_POINT} near the household`).toBeTruthy();
  const created = await request.post('/back/api/v1/requests', {
    headers: { authorization: `Bearer ${household.token}`, ...forwardedFor() },
    data: {
      point_id: point!.id,
      items: [{ material: 'pet', estimated_kg: 4 }],
      address: `Carrera 70 # 44-10, Laureles (${stamp})`,
      lat: HOME.latitude,
      lng: HOME.longitude,
      preferred_date: schedulableDay(2),
      time_window: 'manana',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const staff = { authorization: `Bearer ${manager.token}` };
  const accepted = await request.post(`/back/api/v1/requests/${id}/status`, {
    headers: staff,
    data: { status: 'aceptada' },
  });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  const scheduled = await request.post(`/back/api/v1/requests/${id}/status`, {
    headers: staff,
    data: { status: 'programada', scheduled_at: `${schedulableDay(2)}T10:00:00-05:00` },
  });
  expect(scheduled.ok(), await scheduled.text()).toBeTruthy();
  return id;
}

/** The element's right edge is inside the window: nothing scrolls sideways. */
async function expectWithinWidth(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width + 1);
}

test('collected kilos earn points, the household redeems an offer and the ally confirms the code at the counter', async ({
  browser,
  request,
}) => {
  // Four people (household, manager, ally, staff) through a whole rewards cycle.
  test.setTimeout(150_000);
  const household = await newHousehold(request);
  const managerUser = await apiLogin(request, MANAGER);
  const allyUser = await apiLogin(request, ALLY);
  const staffUser = await apiLogin(request, STAFF);
  const requestId = await scheduledPickup(request, household, managerUser);

  const manager = await signedIn(browser, managerUser, PHONE);
  const person = await signedIn(browser, household, PHONE);
  const ally = await signedIn(browser, allyUser, PHONE);
  const staff = await signedIn(browser, staffUser, DESKTOP);
  const problems = watchProblems(person.page);
  try {
    // Before: no points, and the history says how to earn them.
    await person.page.goto('/recompensas');
    const rewards = current(person.page);
    await expect(rewards.getByRole('heading', { name: 'Recompensas', level: 1 })).toBeVisible();
    await expect(rewards.getByTestId('rewards-balance')).toHaveText('0');
    await expect(rewards.getByText('Aún no tienes movimientos')).toBeVisible();
    await expect(rewards.getByRole('region', { name: 'Ofertas de los aliados' })).toBeVisible();
    await person.page.waitForLoadState('networkidle');
    // A household is nobody's ally staff: the page asks no ally-only route, nothing fails.
    expect(problems).toEqual([]);

    // The manager records 4,5 kg of PET on their phone.
    await manager.page.goto(`/app/tabs/prequest/${requestId}`);
    const pickup = current(manager.page);
    await expect(pickup.getByRole('heading', { name: `Solicitud #${requestId}`, level: 1 })).toBeVisible();
    await pickup.getByRole('button', { name: 'Registrar recolección' }).click();
    await pickup.getByLabel('Kilos de PET (1)', { exact: true }).fill('4,5');
    await pickup.getByRole('button', { name: 'Guardar recolección' }).click();
    await expect(pickup.locator('article[aria-labelledby="rq-detail-title"] > .rq-card-head .pv-badge')).toHaveText('Recogida');

    // 4,5 kg × 10 points/kg: the balance and the entry that earned them, linked to the pickup.
    await person.page.reload();
    await expect(rewards.getByTestId('rewards-balance')).toHaveText('45');
    // Points earned today expire in 12 months: the rule is said, and no "vencen el…" notice yet
    // (it shows 30 days before).
    await expect(rewards.getByText('Los puntos vencen 12 meses después de ganarlos.', { exact: false })).toBeVisible();
    await expect(rewards.getByTestId('rewards-expiring')).toHaveCount(0);
    const history = rewards.getByRole('list', { name: 'Movimientos de puntos, el más reciente primero' });
    const earned = history.getByRole('listitem').first();
    await expect(earned).toContainText('Ganados');
    await expect(earned).toContainText('+45');
    await expect(earned.getByRole('link', { name: `Recolección #${requestId}: PET (1) 4,5 kg` })).toHaveAttribute(
      'href',
      `/app/tabs/request/${requestId}`,
    );
    await expectWithinWidth(person.page, history);

    // The ally proposes an offer from their phone; it waits for staff.
    const offerTitle = `Jugo natural ${stamp}`;
    await ally.page.goto('/recompensas/aliado');
    const counter = current(ally.page);
    await expect(counter.getByRole('heading', { name: 'Mostrador del aliado', level: 1 })).toBeVisible();
    await expect(counter.getByText('Confirma aquí los códigos de canje que te muestran en Supermercados La Canasta (demo).')).toBeVisible();
    await counter.getByRole('button', { name: 'Proponer una oferta' }).click();
    await counter.getByLabel('Título de la oferta').fill(offerTitle);
    await counter.getByLabel('Condiciones').fill('Un jugo de 350 ml en la cafetería de la sede Laureles.');
    await counter.getByLabel('Costo en puntos').fill('40');
    await counter.getByLabel('Unidades disponibles').fill('3');
    await counter.getByLabel('Válida hasta').fill(bogotaDay(30));
    await counter.getByRole('button', { name: 'Enviar para aprobación' }).click();
    await expect(counter.getByText(`Enviamos «${offerTitle}» al equipo de PuntoVerde`)).toBeVisible();
    const proposed = counter.getByRole('listitem').filter({ hasText: offerTitle });
    await expect(proposed).toContainText('Pendiente de aprobación');
    await expect(proposed).toContainText('3 unidades');
    // They edit it (one unit fewer): still pending staff approval.
    await proposed.getByRole('button', { name: `Editar «${offerTitle}»` }).click();
    await counter.getByLabel('Unidades disponibles').fill('2');
    await counter.getByRole('button', { name: 'Guardar y enviar para aprobación' }).click();
    await expect(proposed).toContainText('2 unidades');
    await expect(proposed).toContainText('Pendiente de aprobación');

    // Not shown to people until staff approve it: in the back office, at desktop size.
    await staff.page.goto('/admin/rewards');
    const office = current(staff.page);
    await expect(office.getByRole('heading', { name: 'Recompensas', level: 1 })).toBeVisible();
    await expect(office.getByRole('heading', { name: 'Cifras', level: 2 })).toBeVisible();
    await expect(office.getByRole('table', { name: 'Tarifas por material' })).toContainText('PET');
    const pending = office.getByRole('listitem').filter({ hasText: offerTitle });
    await expect(pending).toContainText('Supermercados La Canasta (demo)');
    await pending.getByRole('button', { name: 'Aprobar' }).click();
    await expect(pending).toHaveCount(0);
    await office.getByRole('group', { name: 'Estado de las ofertas' }).getByRole('button', { name: 'Aprobada' }).click();
    await expect(office.getByRole('listitem').filter({ hasText: offerTitle })).toContainText('Aprobada');
    await expectWithinWidth(staff.page, office.getByRole('table', { name: 'Puntos por mes' }));

    // The household redeems it: a code with its QR and the countdown of its 30 minutes.
    await person.page.reload();
    const offer = rewards
      .getByRole('region', { name: 'Ofertas de los aliados' })
      .getByRole('listitem')
      .filter({ has: person.page.getByRole('heading', { name: offerTitle }) });
    await expect(offer).toContainText('40 puntos');
    await expect(offer).toContainText('2 unidades');
    await expect(offer).toContainText('Supermercados La Canasta (demo)');
    await offer.getByRole('button', { name: 'Canjear' }).click();
    await offer.getByRole('button', { name: 'Sí, canjear' }).click();
    const fresh = rewards.getByRole('region', { name: 'Tu código de canje' });
    const shownCode = fresh.getByTestId('redemption-code');
    await expect(shownCode).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const code = (await shownCode.textContent())!.trim();
    await expect(fresh.getByRole('img', { name: `Código QR del canje ${code}` })).toBeVisible();
    await expect(fresh.getByRole('timer')).toHaveText(/^Vence en (30:00|29:\d\d)$/);
    await expect(rewards.getByTestId('rewards-balance')).toHaveText('5');
    await expectWithinWidth(person.page, fresh);

    // The ally types it on their phone (lower case, without the dash) and confirms it.
    await ally.page.reload();
    await counter.getByLabel('Código de canje').fill(code.replace('-', '').toLowerCase());
    await counter.getByRole('button', { name: 'Confirmar canje' }).click();
    await expect(counter.getByText(`Código ${code} confirmado`)).toBeVisible();
    await expect(counter.getByText(`Entrega «${offerTitle}» a Valentina.`, { exact: false })).toBeVisible();
    // A code works once.
    await counter.getByLabel('Código de canje').fill(code);
    await counter.getByRole('button', { name: 'Confirmar canje' }).click();
    await expect(counter.getByText('Este código ya se usó: cada código sirve una sola vez.')).toBeVisible();

    // Balance, stock and the ally's list agree.
    const allyList = counter.getByRole('list', { name: 'Canjes en este aliado' });
    const confirmedRow = allyList.getByRole('listitem').filter({ hasText: code });
    await expect(confirmedRow).toContainText('Usado');
    await expect(confirmedRow).toContainText(offerTitle);
    await expect(confirmedRow).toContainText('Valentina');
    await expect(confirmedRow).toContainText('40 puntos');
    await expectWithinWidth(ally.page, allyList);

    problems.length = 0;
    await person.page.reload();
    await expect(rewards.getByTestId('rewards-balance')).toHaveText('5');
    await expect(offer).toContainText('1 unidad');
    await person.page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    const mine = rewards.getByRole('region', { name: 'Mis canjes' }).getByRole('listitem').first();
    await expect(mine).toContainText(offerTitle);
    await expect(mine).toContainText('Usado');
    const spent = history.getByRole('listitem').first();
    await expect(spent).toContainText('Canjeados');
    await expect(spent).toContainText('\u221240');
    await expect(history.getByRole('listitem').nth(1)).toContainText('+45');

    // Where to redeem it: La Canasta's points of sale, and the allies map showing them.
    const where = offer.getByRole('group', { name: 'Dónde canjearla' });
    await expect(where.getByRole('listitem')).toHaveText([
      'La Canasta Laureles · Carrera 70 # 44-10, Laureles, Medellín',
      'La Canasta Belén · Calle 30A # 76-45, Belén, Medellín',
      'La Canasta Envigado · Carrera 43A # 38 Sur-35, Envigado, Medellín',
    ]);
    await where.getByRole('link', { name: 'Ver en el mapa' }).click();
    await expect(person.page).toHaveURL(/\/allies\?aliado=\d+&mapa=1$/);
    const alliesPage = current(person.page);
    const caption = alliesPage.getByTestId('allies-map-caption');
    await expect(caption).toHaveText(`3 puntos de venta de ${LA_CANASTA} en el mapa`);
    // One marker per point of sale, drawn on the map's canvas.
    await expect(alliesPage.locator('.leaflet-container[data-markers]')).toHaveAttribute('data-markers', '3');
    await expectWithinWidth(person.page, alliesPage.locator('#allies-map'));

    // The way in: Mi Perfil links to Recompensas (the side menu keeps the spec's entries).
    await person.page.goto(`/auth/profile/${household.id}`);
    const profileLink = current(person.page).getByRole('link', { name: 'Ver mis recompensas' });
    await profileLink.scrollIntoViewIfNeeded();
    await profileLink.click();
    await expect(person.page).toHaveURL(/\/recompensas$/);
  } finally {
    for (const s of [manager, person, ally, staff]) await s.context.close();
  }
});

/** Staff create (or move) a campaign organised by the demo ally, with an attendance bonus (API). */
async function saveCampaign(
  request: APIRequestContext,
  staff: Session,
  body: { title: string; starts_at: string; ends_at: string; organiser_ally_id: number; reward_bonus_points: number },
  id?: number,
): Promise<number> {
  const payload = { ...body, summary: 'Trae tus residuos aprovechables separados al parque del barrio.' };
  const res = id
    ? await request.put(`/back/api/v1/admin/campaigns/${id}`, { headers: { authorization: `Bearer ${staff.token}` }, data: payload })
    : await request.post('/back/api/v1/admin/campaigns', { headers: { authorization: `Bearer ${staff.token}` }, data: payload });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { id: number } }).data.id;
}

test('the ally confirms a household’s campaign attendance after the day, and the bonus is earned once', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const household = await newHousehold(request);
  const allyUser = await apiLogin(request, ALLY);
  const staffUser = await apiLogin(request, STAFF);
  const allies = await request.get('/back/api/v1/allies?page_size=100');
  const canasta = ((await allies.json()) as { data: { items: { id: number; name: string }[] } }).data.items.find(
    (a) => a.name === LA_CANASTA,
  );
  expect(canasta, LA_CANASTA).toBeTruthy();
  const title = `Jornada de reciclaje ${stamp}`;
  const campaign = {
    title,
    starts_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
    ends_at: new Date(Date.now() + 3600_000).toISOString(),
    organiser_ally_id: canasta!.id,
    reward_bonus_points: 30,
  };
  const id = await saveCampaign(request, staffUser, campaign);

  const person = await signedIn(browser, household, PHONE);
  const ally = await signedIn(browser, allyUser, PHONE);
  try {
    // The household joins on the campaign's page, which tells them about the bonus.
    await person.page.goto(`/campaign?id=${id}`);
    const page = current(person.page);
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    await expect(page.getByTestId('campaign-bonus')).toHaveText(
      'Si asistes y quien organiza lo confirma, ganas 30 puntos de recompensa.',
    );
    await page.getByRole('button', { name: 'Inscribirme' }).click();
    await expect(page.getByText('Inscrito', { exact: true })).toBeVisible();

    // Before the day is over the ally cannot confirm yet.
    await ally.page.goto('/recompensas/aliado');
    const counter = current(ally.page);
    const section = counter.getByRole('region', { name: 'Asistencia a tus campañas' });
    const card = section.getByRole('article', { name: title });
    await card.getByRole('button', { name: 'Confirmar asistencia' }).click();
    await expect(card.getByText('Podrás confirmar la asistencia cuando termine la campaña.')).toBeVisible();

    // The day is over; the ally checks the household by keyboard and confirms.
    await saveCampaign(
      request,
      staffUser,
      {
        ...campaign,
        starts_at: new Date(Date.now() - 26 * 3600_000).toISOString(),
        ends_at: new Date(Date.now() - 20 * 3600_000).toISOString(),
      },
      id,
    );
    await ally.page.reload();
    await card.getByRole('button', { name: 'Confirmar asistencia' }).click();
    const list = card.getByRole('group', { name: `¿Quiénes asistieron a «${title}»?` });
    const box = list.getByRole('checkbox', { name: 'Valentina Ospina' });
    await box.focus();
    await ally.page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await card.getByRole('button', { name: 'Confirmar 1 asistencia' }).focus();
    await ally.page.keyboard.press('Enter');
    await expect(card.getByRole('status')).toHaveText('Confirmaste 1 persona; se abonaron 30 puntos en total.');
    const done = list.getByRole('checkbox', { name: 'Valentina Ospina — asistencia confirmada' });
    await expect(done).toBeChecked();
    await expect(done).toBeDisabled();
    await expectWithinWidth(ally.page, list);

    // Confirming again (a second tab, a retry) earns nothing more.
    const again = await request.post(`/back/api/v1/campaigns/${id}/attendance`, {
      headers: { authorization: `Bearer ${allyUser.token}` },
      data: { user_ids: [household.id] },
    });
    expect(((await again.json()) as { data: { points_awarded: number } }).data.points_awarded).toBe(0);

    // The bonus entry appears in the household's history, once.
    await person.page.goto('/recompensas');
    const rewards = current(person.page);
    await expect(rewards.getByTestId('rewards-balance')).toHaveText('30');
    const history = rewards.getByRole('list', { name: 'Movimientos de puntos, el más reciente primero' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByRole('listitem').first()).toContainText(`Asististe a la campaña «${title}»`);
    await expect(history.getByRole('listitem').first()).toContainText('+30');
    await person.page.goto(`/campaign?id=${id}`);
    await expect(current(person.page).getByTestId('campaign-bonus')).toHaveText(
      'Confirmaron tu asistencia: ganaste 30 puntos.',
    );
  } finally {
    for (const s of [person, ally]) await s.context.close();
  }
});

test('a company chooses per-branch balances in its profile: its branch earns on its own and the head sees it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const headUser = await apiLogin(request, COMPANY);
  const branchUser = await apiLogin(request, BRANCH);
  const managerUser = await apiLogin(request, MANAGER);
  const head = await signedIn(browser, headUser, PHONE);
  const branch = await signedIn(browser, branchUser, PHONE);
  try {
    await head.page.goto(`/auth/profile/${headUser.id}`);
    const profile = current(head.page);
    const setting = profile.getByRole('region', { name: 'Puntos de la empresa' });
    await setting.scrollIntoViewIfNeeded();
    await setting.getByRole('radio', { name: /Al saldo de cada sucursal/ }).check();
    await setting.getByRole('button', { name: 'Guardar' }).click();
    await expect(setting.getByRole('status')).toHaveText('Guardado: los puntos irán a donde elegiste.');

    // The branch's pickup: 2 kg of PET collected by the point's manager → 20 points on the branch.
    const pickupId = await scheduledPickup(request, branchUser, managerUser);
    const collected = await request.post(`/back/api/v1/requests/${pickupId}/status`, {
      headers: { authorization: `Bearer ${managerUser.token}` },
      data: { status: 'recogida', items: [{ material: 'pet', actual_kg: 2 }] },
    });
    expect(collected.ok(), await collected.text()).toBeTruthy();

    await branch.page.goto('/recompensas');
    const own = current(branch.page);
    await expect(own.getByTestId('rewards-balance')).toHaveText('20');
    await expect(own.getByTestId('rewards-points-to')).toHaveText(
      'Tu empresa eligió un saldo por sucursal: este es el de tu sede.',
    );
    await expect(
      own.getByRole('list', { name: 'Movimientos de puntos, el más reciente primero' }).getByRole('listitem').first(),
    ).toContainText('+20');

    await head.page.goto('/recompensas');
    const headView = current(head.page);
    // The notice of expiring points says what the balance says: how many and on which day
    // (the demo's oldest points come near their 12 months on some days of the month only).
    const headBalance = await request.get('/back/api/v1/rewards/balance', {
      headers: { authorization: `Bearer ${headUser.token}` },
    });
    const { expiring } = ((await headBalance.json()) as { data: { expiring: { points: number; on: string } | null } }).data;
    if (expiring) {
      const points = new Intl.NumberFormat('es-CO').format(expiring.points);
      await expect(headView.getByTestId('rewards-expiring')).toHaveText(
        new RegExp(
          `^${points} puntos? vencen? el ${Number(expiring.on.slice(8, 10))} de [a-z]+ de ${expiring.on.slice(0, 4)}\\. Úsalos? antes en una oferta\\.$`,
        ),
      );
    } else {
      await expect(headView.getByTestId('rewards-balance')).toBeVisible();
      await expect(headView.getByTestId('rewards-expiring')).toHaveCount(0);
    }
    await expect(headView.getByTestId('rewards-points-to')).toHaveText(
      'Cada sucursal gana y canjea sus propios puntos. Así van sus saldos:',
    );
    await expect(headView.getByTestId(`rewards-branch-${branchUser.id}`)).toHaveText('20 puntos');
    await expectWithinWidth(head.page, headView.getByTestId(`rewards-branch-${branchUser.id}`));
  } finally {
    // Back to one balance (the branch's points move to the head), as the demo starts.
    const back = await request.put('/back/api/v1/rewards/company', {
      headers: { authorization: `Bearer ${headUser.token}` },
      data: { points_to: 'head' },
    });
    expect(back.ok(), await back.text()).toBeTruthy();
    for (const s of [head, branch]) await s.context.close();
  }
});
