import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

/**
 * The app shell: every route renders its page, unknown paths land on the 404 page, and the
 * side menu (labels, language, split pane, navigation, logged-in entries) behaves as the
 * spec (§2) says.
 */

const ROUTES: ReadonlyArray<readonly [path: string, heading: string]> = [
  ['/index', 'Inicio'],
  ['/home', 'Mapa de Residuos'],
  ['/home/1', 'Mapa de Residuos'],
  ['/map/1', 'Punto de residuos'],
  ['/allies', 'Aliados / Adheridos'],
  ['/campaign', 'Campañas'],
  ['/auth/login', 'Iniciar sesión'],
  ['/auth/signup', 'Crear cuenta'],
  ['/auth/signup-client', 'Registro de personas'],
  ['/auth/signup-company', 'Registro de empresas'],
  ['/auth/forgot-password', 'Recuperar contraseña'],
  ['/auth/profile/1', 'Mi perfil'],
  ['/contact', 'Conócenos'],
  ['/help', 'Ayuda / PQR'],
  ['/page-not-found', 'Página no encontrada'],
  ['/complete-client', 'Completa tu perfil'],
  ['/complete-company', 'Completa el perfil de tu empresa'],
  ['/app/tabs/prequest', 'Solicitudes recibidas'],
  ['/app/tabs/request', 'Mis solicitudes'],
  ['/app/tabs/points', 'Contenedores'],
  ['/app/tabs/branch-offices/list/1', 'Sucursales'],
  ['/app/tabs/reports', 'Reportes'],
];

const LOGGED_OUT_MENU_ES = [
  'Inicio',
  'Mapa de Residuos',
  'Campañas',
  'Aliados / Adheridos',
  'Conócenos',
  'Ayuda / PQR',
  'Iniciar Sesión',
  'Registrarme',
];

const LOGGED_OUT_MENU_EN = [
  'Home',
  'Waste map',
  'Campaigns',
  'Allies / Members',
  'About us',
  'Help / PQR',
  'Log in',
  'Sign up',
];

const pageHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const sideMenu = (page: Page, name = 'Menú') => page.getByRole('navigation', { name, exact: true });

/** Opens the overlay menu and waits until its slide-in animation has finished. */
async function openMenu(page: Page, menuName = 'Menú') {
  await page.getByRole('button', { name: 'Abrir el menú', exact: true }).click();
  await expect(sideMenu(page, menuName)).toBeVisible();
  await sideMenu(page, menuName).getByRole('link').first().click({ trial: true });
}

async function menuLabels(page: Page, name = 'Menú'): Promise<string[]> {
  const labels = await sideMenu(page, name).getByRole('link').allInnerTexts();
  return labels.map((label) => label.trim());
}

test.describe('preloads', () => {
  test('every file a page preloads answers 200, for every route of the app', async ({ request }) => {
    // One request per route, and one per file the routes preload (each file once: most are shared).
    test.setTimeout(180_000);
    const table = JSON.parse(readFileSync(new URL('../apps/web/src/app/routes.json', import.meta.url), 'utf8')) as {
      routes: { path: string }[];
    };
    const failures: string[] = [];
    const statusOf = new Map<string, number>();
    let preloaded = 0;
    for (const { path } of table.routes) {
      const url = path.replace(/:[^/]+/g, '1');
      const html = await (await request.get(url)).text();
      // The lists the boot loader reads (apps/web/src/boot/boot-loader.ts): the build's and the page's own.
      const head = html.slice(0, html.indexOf('</head>'));
      const lists = [...head.matchAll(/<script type="application\/json" class="pv-preloads">([^<]*)<\/script>/g)];
      expect(lists.length, url).toBeGreaterThan(0);
      const hrefs = lists.flatMap(([, list]) => JSON.parse(list!) as string[]);
      // The loader, the app's entry, the modules run before it and the locale-data worker it
      // starts at the first paint.
      const entry =
        /<script id="pv-boot" defer src="([^"]+)" data-entry="([^"]+)" data-first="([^"]+)" data-intl-worker="([^"]+)">/.exec(
          head,
        );
      expect(entry, url).not.toBeNull();
      const first = entry![3]!.split(' ');
      expect(first.length, url).toBeGreaterThan(0);
      for (const href of [...hrefs, entry![1]!, entry![2]!, ...first, entry![4]!]) {
        preloaded += 1;
        if (!statusOf.has(href)) statusOf.set(href, (await request.get(href)).status());
        if (statusOf.get(href) !== 200) failures.push(`${url}: ${href} → ${statusOf.get(href)}`);
      }
    }
    expect(failures).toEqual([]);
    // The lazily loaded pages do name their files (the check above is not vacuous).
    expect(preloaded).toBeGreaterThan(500);
  });

  test("a page's preloaded stylesheets are used by the app, not fetched a second time", async ({ page }) => {
    // A preload whose CORS mode differs from the app's request is ignored: the file comes twice.
    const fetched: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('.css')) fetched.push(new URL(req.url()).pathname);
    });
    await page.goto('/map/1');
    await expect(pageHeading(page, 'Punto de residuos')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const preloaded = await page
      .locator('link[rel="preload"][as="style"]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(preloaded.length).toBeGreaterThan(0);
    for (const css of preloaded)
      expect(
        fetched.filter((path) => path === css),
        css,
      ).toHaveLength(1);
  });
});

test.describe('content security policy', () => {
  test('the sign-in and sign-up forms, which validate with zod, load without breaking the policy', async ({ page }) => {
    // zod probes for eval unless told it runs without (apps/web/src/lib/zod-without-eval.ts):
    // the policy blocks the probe and Chrome reports it, even though zod catches the error.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    for (const [path, heading] of [ROUTES[6]!, ROUTES[8]!]) {
      await page.goto(path);
      await expect(pageHeading(page, heading)).toBeVisible();
      await page.waitForLoadState('networkidle');
      const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      expect(violations, path).toEqual([]);
    }
  });
});

test.describe('locale data', () => {
  test('a worker loads the number and date formats, within the policy, and the page formats as before', async ({
    page,
  }) => {
    // apps/web/src/lib/intl-format.ts: ICU's locale data loads off the main thread
    // (lib/intl-warm.worker.ts), started by the boot loader at the first paint, while the app's
    // files download; the app waits for that worker instead of starting its own.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const worker = page.waitForEvent('worker');
    let workers = 0;
    page.on('worker', () => (workers += 1));
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/index');
    expect((await worker).url()).toMatch(/\/assets\/intl-warm\.worker-[\w-]+\.js$/);
    await expect(pageHeading(page, 'Inicio')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    // Asked for before the app's entry module, and only once.
    const workerAt = requested.findIndex((p) => /\/intl-warm\.worker-/.test(p));
    const entryAt = requested.findIndex((p) => /^\/assets\/index-[\w-]+\.js$/.test(p));
    expect(workerAt).toBeGreaterThanOrEqual(0);
    expect(workerAt).toBeLessThan(entryAt);
    expect(workers).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    // The scheme's kilos this month, written as Colombians write numbers.
    await expect(page.getByText(/\d+(?:\.\d{3})*(?:,\d)? kg/).first()).toBeVisible();
  });
});

test.describe('boot screen', () => {
  test("paints the page's own toolbar before any script, then gives way to the page", async ({ page }) => {
    // Without scripts, what shows is what the server sent: the page's title, not a generic bar.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/campaign');
    await expect(page.locator('#boot .boot-bar')).toHaveText('Campañas');
    await page.unroute('**/*.js');

    await page.goto('/home');
    await expect(pageHeading(page, 'Mapa de Residuos')).toBeVisible();
    await expect(page.locator('#boot')).toHaveCount(0);
    // A signed-in list has its title too; a path whose title depends on what it shows (one
    // request) shows the app's name.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/app/tabs/request');
    await expect(page.locator('#boot .boot-bar')).toHaveText('Mis solicitudes');
    await page.goto('/app/tabs/request/5');
    await expect(page.locator('#boot .boot-bar')).toHaveText('PuntoVerde');
  });
});

test.describe('routes', () => {
  // One page loads every spec route in turn (a test per route paid a browser context each).
  test('every spec route renders its heading at its own address', async ({ page }) => {
    for (const [path, heading] of ROUTES) {
      await page.goto(path);
      await expect(pageHeading(page, heading), path).toBeVisible();
      await expect(page, path).toHaveURL(path);
    }
  });

  test('each page is a banner with its title as the heading, and one main landmark', async ({ page }) => {
    for (const [path, heading] of [ROUTES[1]!, ROUTES[13]!]) {
      await page.goto(path);
      await expect(page.getByRole('banner').getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('main')).toBeVisible();
    }
    // After navigating inside the app, only the new page's landmarks are exposed: the outlet
    // hides the page left behind.
    await openMenu(page);
    await sideMenu(page).getByRole('link', { name: 'Campañas' }).click();
    await expect(page.getByRole('banner').getByRole('heading', { level: 1, name: 'Campañas' })).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('banner')).toHaveCount(1);
  });

  test('the root redirects to /index', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/index$/);
    await expect(pageHeading(page, 'Inicio')).toBeVisible();
  });

  test('/app sends a visitor to the login', async ({ page }) => {
    await page.goto('/app');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(pageHeading(page, 'Iniciar sesión')).toBeVisible();
  });

  test('an unknown path shows the helpful 404 page', async ({ page }) => {
    await page.goto('/esta/ruta/no-existe');
    await expect(page).toHaveURL(/\/page-not-found$/);
    await expect(pageHeading(page, 'Página no encontrada')).toBeVisible();
    await expect(page.getByText('La dirección que abriste no existe o cambió de lugar.')).toBeVisible();
    await page.getByRole('link', { name: 'Ver el Mapa de Residuos' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(pageHeading(page, 'Mapa de Residuos')).toBeVisible();
  });

  test('the document is Spanish with a favicon and manifest', async ({ page, request }) => {
    await page.goto('/index');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect((await request.get('/favicon.svg')).ok()).toBe(true);
    expect((await request.get('/robots.txt')).ok()).toBe(true);
    expect((await request.get('/manifest.webmanifest')).ok()).toBe(true);
    expect((await request.get('/assets/i18n/en.json')).ok()).toBe(true);
  });
});

test.describe('side menu below 2400px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('is hidden until the menu button opens it', async ({ page }) => {
    await page.goto('/index');
    await expect(pageHeading(page, 'Inicio')).toBeVisible();
    await expect(sideMenu(page)).toBeHidden();
    await openMenu(page);
    await expect(sideMenu(page)).toBeVisible();
  });

  test('lists the logged-out entries in Spanish, in order', async ({ page }) => {
    await page.goto('/index');
    await openMenu(page);
    expect(await menuLabels(page)).toEqual(LOGGED_OUT_MENU_ES);
    await expect(sideMenu(page).getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
  });

  test('switches the labels to English and remembers the choice', async ({ page }) => {
    await page.goto('/index');
    await openMenu(page);
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await expect(sideMenu(page, 'Menu')).toBeVisible();
    expect(await menuLabels(page, 'Menu')).toEqual(LOGGED_OUT_MENU_EN);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'English', exact: true })).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(pageHeading(page, 'Home')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open the menu', exact: true })).toBeVisible();
  });

  test('navigates with the refresh parameter, then leaves it out of the address bar, and closes', async ({ page }) => {
    // Every URL the app pushes, to see the refresh parameter the navigation carried (spec §2).
    await page.addInitScript(() => {
      const pushed: string[] = [];
      (window as unknown as { pushedUrls: string[] }).pushedUrls = pushed;
      const push = history.pushState.bind(history);
      history.pushState = (state, title, url) => {
        pushed.push(String(url));
        push(state, title, url);
      };
    });
    await page.goto('/index');
    await openMenu(page);
    const before = Date.now();
    await sideMenu(page).getByRole('link', { name: 'Campañas' }).click();
    await expect(pageHeading(page, 'Campañas')).toBeVisible();
    const pushed = await page.evaluate(() => (window as unknown as { pushedUrls: string[] }).pushedUrls);
    const navigated = pushed.find((url) => url.startsWith('/campaign'));
    expect(navigated).toMatch(/^\/campaign\?refresh=\d+$/);
    const refresh = Number(new URL(navigated!, 'http://x').searchParams.get('refresh'));
    expect(refresh).toBeGreaterThanOrEqual(before - 60_000);
    // What people copy or share is clean.
    await expect(page).toHaveURL(/\/campaign$/);
    await expect(sideMenu(page)).toBeHidden();
    await page.goBack();
    await expect(pageHeading(page, 'Inicio')).toBeVisible();
  });

  test('is reachable by keyboard, with a visible focus ring', async ({ page }) => {
    await page.goto('/index');
    await page.getByRole('button', { name: 'Abrir el menú', exact: true }).focus();
    await page.keyboard.press('Enter');
    const mapLink = sideMenu(page).getByRole('link', { name: 'Mapa de Residuos' });
    await mapLink.click({ trial: true }); // waits for the slide-in to finish
    await mapLink.focus();
    await expect(mapLink).toBeFocused();
    await expect(mapLink).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home$/);
    await expect(pageHeading(page, 'Mapa de Residuos')).toBeVisible();
  });
});

test.describe('side menu at 2400px', () => {
  test.use({ viewport: { width: 2400, height: 1200 } });

  test('stays open as a split pane', async ({ page }) => {
    await page.goto('/index');
    await expect(pageHeading(page, 'Inicio')).toBeVisible();
    await expect(sideMenu(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abrir el menú', exact: true })).toBeHidden();
    expect(await menuLabels(page)).toEqual(LOGGED_OUT_MENU_ES);

    await sideMenu(page).getByRole('link', { name: 'Ayuda / PQR' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(pageHeading(page, 'Ayuda / PQR')).toBeVisible();
    await expect(sideMenu(page)).toBeVisible();
  });
});

test.describe('logged-in menu', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem(
        'currentUser',
        JSON.stringify({ id: 7, tc_id: 1, id_empresa: null, token: null, name: 'Gestor Demo' }),
      );
    });
  });

  test('shows the point manager header and entries', async ({ page }) => {
    await page.goto('/index');
    await openMenu(page, 'Responsable del punto');
    const menu = sideMenu(page, 'Responsable del punto');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Contenedores' })).toBeVisible();
    expect(await menuLabels(page, 'Responsable del punto')).toEqual([
      ...LOGGED_OUT_MENU_ES.slice(0, 6),
      'Mi Perfil',
      'Mis Solicitudes',
      'Contenedores',
      'Reportes',
    ]);
    await expect(menu.getByRole('link', { name: 'Mi Perfil' })).toHaveAttribute('href', '/auth/profile/7');
    await expect(menu.getByRole('link', { name: 'Mis Solicitudes' })).toHaveAttribute('href', '/app/tabs/prequest');
  });

  test('collapses and expands the profile block', async ({ page }) => {
    await page.goto('/index');
    await openMenu(page, 'Responsable del punto');
    const menu = sideMenu(page, 'Responsable del punto');
    const toggle = menu.getByRole('button', { name: /Gestor Demo/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Contenedores' })).toBeHidden();
    await toggle.click();
    await expect(menu.getByRole('link', { name: 'Contenedores' })).toBeVisible();
  });

  test('/app opens the manager requests', async ({ page }) => {
    await page.goto('/app');
    await expect(page).toHaveURL(/\/app\/tabs\/prequest$/);
    await expect(pageHeading(page, 'Solicitudes recibidas')).toBeVisible();
  });

  test('Cerrar Sesión logs out and goes to the login', async ({ page }) => {
    await page.goto('/index');
    await openMenu(page, 'Responsable del punto');
    await sideMenu(page, 'Responsable del punto').getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(pageHeading(page, 'Iniciar sesión')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('currentUser'))).toBeNull();
    await openMenu(page);
    expect(await menuLabels(page)).toEqual(LOGGED_OUT_MENU_ES);
  });
});

test.describe('staff', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('land on the back office after login, under an "Administración" menu without household entries', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Correo electrónico').fill('admin@demo.puntoverde.co');
    await page.getByLabel('Contraseña', { exact: true }).fill('PuntoVerde2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await openMenu(page, 'Administración');
    expect(await menuLabels(page, 'Administración')).toEqual([
      ...LOGGED_OUT_MENU_ES.slice(0, 6),
      'Mi Perfil',
      'Administración',
      'PQR recibidas',
      'Puntos y contenedores',
      'Usuarios',
    ]);
  });
});
