import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * What axe cannot see (WCAG 2.4.2 page titled, 2.4.3 focus order): every route names itself in
 * the document's title, and after a navigation inside the app focus is on the new page's <h1>, so
 * a screen reader announces the page. The side menu gives focus back to its button when closed
 * with Escape. On a phone-sized and a desktop-sized window.
 */
const PASSWORD = 'PuntoVerde2026!';

const VISITOR_PAGES: ReadonlyArray<readonly [path: string, heading: string]> = [
  ['/home', 'Mapa de Residuos'],
  ['/allies', 'Aliados / Adheridos'],
  ['/campaign', 'Campañas'],
  ['/contact', 'Conócenos'],
  ['/help', 'Ayuda / PQR'],
  ['/accesibilidad', 'Declaración de accesibilidad'],
  ['/auth/login', 'Iniciar sesión'],
  ['/auth/signup', 'Crear cuenta'],
  ['/auth/signup-client', 'Registro de personas'],
  ['/auth/signup-company', 'Registro de empresas'],
  ['/auth/forgot-password', 'Recuperar contraseña'],
  ['/data-policy', 'Política de tratamiento de datos personales'],
  ['/page-not-found', 'Página no encontrada'],
  ['/index', 'Inicio'],
];

const USER_PAGES: ReadonlyArray<
  readonly [email: string, paths: ReadonlyArray<readonly [path: string, heading: string]>]
> = [
  [
    'hogar@demo.puntoverde.co',
    [
      ['/app/tabs/request', 'Mis solicitudes'],
      ['/app/tabs/request/new', 'Nueva solicitud de recolección'],
      ['/app/tabs/reports', 'Reportes'],
      ['/auth/profile/:own', 'Mi perfil'],
      ['/notifications', 'Notificaciones'],
    ],
  ],
  [
    'gestor@demo.puntoverde.co',
    [
      ['/app/tabs/prequest', 'Solicitudes recibidas'],
      ['/app/tabs/points', 'Contenedores'],
    ],
  ],
  ['empresa@demo.puntoverde.co', [['/app/tabs/branch-offices/list/:own', 'Sucursales']]],
  [
    'admin@demo.puntoverde.co',
    [
      ['/admin', 'Administración'],
      ['/admin/pqr', 'PQR · Administración'],
    ],
  ],
];

async function loginAs(page: Page, request: APIRequestContext, email: string): Promise<number> {
  const res = await request.post('/back/api/clientes/login', {
    data: { username: email, password: PASSWORD, playerId: '' },
    headers: { 'x-forwarded-for': `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = (await res.json()) as { data: { id: number } };
  await page.addInitScript((user) => window.localStorage.setItem('currentUser', JSON.stringify(user)), data);
  return data.id;
}

/** A navigation inside the app, as a link does it (the router follows the history), without a new load. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}

/** The <h1> holding focus, or what holds it instead. */
async function focusedHeading(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '(body)';
    return el.tagName === 'H1' ? (el.textContent ?? '').trim() : `(${el.tagName.toLowerCase()}.${el.className})`;
  });
}

async function expectAnnounced(page: Page, path: string, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true }), path).toBeVisible({
    timeout: 20_000,
  });
  await expect(page, path).toHaveTitle(`${heading} · PuntoVerde`);
  await expect.poll(() => focusedHeading(page), { message: `focus after opening ${path}` }).toBe(heading);
}

for (const [label, viewport] of [
  ['390 px', { width: 390, height: 844 }],
  ['1366 px', { width: 1366, height: 768 }],
] as const) {
  test.describe(`route announcer (${label})`, () => {
    test.use({ viewport });

    test('every visitor route has its own title and puts focus on its heading', async ({ page }) => {
      test.setTimeout(180_000);
      // The first page of a load is named by its HTML already (the server writes the title).
      const first = await page.request.get('/help');
      expect(await first.text()).toContain('<title>Ayuda / PQR · PuntoVerde</title>');
      await page.goto('/index');
      await expect(page).toHaveTitle('Inicio · PuntoVerde');
      // The app has taken over from the server's boot screen.
      await expect(page.locator('#boot')).toHaveCount(0);
      const titles = new Set<string>();
      for (const [path, heading] of VISITOR_PAGES) {
        await navigateInApp(page, path);
        await expectAnnounced(page, path, heading);
        titles.add(await page.title());
      }
      expect(titles.size).toBe(VISITOR_PAGES.length);
    });

    test('every signed-in route has its own title and puts focus on its heading', async ({ browser, request }) => {
      test.setTimeout(180_000);
      for (const [email, paths] of USER_PAGES) {
        const context = await browser.newContext({ viewport, locale: 'es-CO', timezoneId: 'America/Bogota' });
        const page = await context.newPage();
        const id = await loginAs(page, request, email);
        await page.goto('/index');
        await expect(page).toHaveTitle('Inicio · PuntoVerde');
        // The app has taken over from the server's boot screen.
        await expect(page.locator('#boot')).toHaveCount(0);
        for (const [path, heading] of paths) {
          const to = path.replace(':own', String(id));
          await navigateInApp(page, to);
          await expectAnnounced(page, to, heading);
        }
        await context.close();
      }
    });

    test('the side menu: Escape gives focus back to its button, a choice puts it on the new heading', async ({
      page,
    }) => {
      await page.goto('/contact');
      await expect(page.getByRole('heading', { level: 1, name: 'Conócenos' })).toBeVisible();
      const button = page.getByRole('button', { name: 'Abrir el menú', exact: true });
      await button.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('navigation', { name: 'Menú', exact: true });
      await expect(menu).toBeVisible();
      // Once open, the menu holds focus (Ionic moves it there when its entrance has finished).
      const focusInMenu = () => page.evaluate(() => document.activeElement?.closest('ion-menu') != null);
      await expect.poll(focusInMenu).toBe(true);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();

      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await expect.poll(focusInMenu).toBe(true);
      await menu.getByRole('link', { name: 'Campañas' }).focus();
      await page.keyboard.press('Enter');
      await expect(menu).toBeHidden();
      await expectAnnounced(page, '/campaign', 'Campañas');
    });

    test('the accessibility statement is linked from Conócenos and Ayuda / PQR, not from the menu, and says how to report a barrier', async ({
      page,
    }) => {
      // The menu's entries are the spec's (shell.spec.ts checks them exactly): the statement is linked from pages.
      await page.goto('/help');
      await expect(page.locator('#boot')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Declaración de accesibilidad', exact: true })).toBeVisible();
      await page.goto('/contact');
      await expect(page.locator('#boot')).toHaveCount(0);
      await page.getByRole('link', { name: 'Declaración de accesibilidad', exact: true }).click();
      await expectAnnounced(page, '/accesibilidad', 'Declaración de accesibilidad');
      await expect(page.getByText(/WCAG\) 2\.2/)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Limitaciones conocidas', level: 2 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Reportar una barrera con una PQR' })).toHaveAttribute(
        'href',
        '/help#radicar',
      );
    });
  });
}
