import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { contextFor, openAndSettle as settleRoute, SWEEP } from './sweep-routes';
import { revealWhenVisible } from './when-visible';

/**
 * Accessibility sweep: every page, as a visitor and as the users who reach the logged-in
 * pages, checked with axe-core (the engine behind Lighthouse's accessibility score) against
 * WCAG 2.2 A/AA and axe's best practices (heading order, landmarks...), on a phone-sized and a
 * desktop-sized window. Each page is checked once its content has loaded.
 */
// Nine independent tests of ~1 min each: spread over the workers rather than queued on one (the
// file alone was the e2e run's longest path).
test.describe.configure({ mode: 'parallel' });

const PASSWORD = 'PuntoVerde2026!';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const VISITOR_PAGES: ReadonlyArray<readonly [path: string, heading: string]> = [
  ['/index', 'Inicio'],
  ['/home', 'Mapa de Residuos'],
  ['/map/1', 'Punto de residuos'],
  ['/allies', 'Aliados / Adheridos'],
  ['/campaign', 'Campañas'],
  ['/contact', 'Conócenos'],
  ['/help', 'Ayuda / PQR'],
  ['/auth/login', 'Iniciar sesión'],
  ['/auth/signup', 'Crear cuenta'],
  ['/auth/signup-client', 'Registro de personas'],
  ['/auth/signup-company', 'Registro de empresas'],
  ['/auth/forgot-password', 'Recuperar contraseña'],
  ['/data-policy', 'Política de tratamiento de datos personales'],
  ['/accesibilidad', 'Declaración de accesibilidad'],
  ['/page-not-found', 'Página no encontrada'],
];

const USER_PAGES: ReadonlyArray<readonly [email: string, path: string, heading: string]> = [
  ['hogar@demo.puntoverde.co', '/app/tabs/request', 'Mis solicitudes'],
  ['hogar@demo.puntoverde.co', '/auth/profile/:own', 'Mi perfil'],
  ['gestor@demo.puntoverde.co', '/app/tabs/prequest', 'Solicitudes recibidas'],
  ['gestor@demo.puntoverde.co', '/app/tabs/points', 'Contenedores'],
  ['empresa@demo.puntoverde.co', '/app/tabs/branch-offices/list/:own', 'Sucursales'],
  ['admin@demo.puntoverde.co', '/admin', 'Administración'],
  ['admin@demo.puntoverde.co', '/admin/webhooks', 'Webhooks'],
];

/** Logs in through the API and stores the session as the app does; returns the user's id. */
async function loginAs(page: Page, request: APIRequestContext, email: string): Promise<number> {
  const res = await request.post('/back/api/clientes/login', {
    data: { username: email, password: PASSWORD, playerId: '' },
    headers: { 'x-forwarded-for': `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = (await res.json()) as { data: { id: number } };
  await page.addInitScript((user) => window.localStorage.setItem('currentUser', JSON.stringify(user)), data);
  return data.id;
}

/**
 * Axe's findings on the page on screen, one line each, for a readable failure. Text drawn in its
 * own background colour (1:1) is only "incomplete" for axe, which takes it for deliberately
 * hidden text; on these pages it is always a bug (a link colour winning over a button's), so it
 * counts as a violation too.
 */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    // axe.run() in the page itself. The default runs axe in each frame and then merges the
    // results in a new blank page, which cost ~1 s per check (90 checks); the app has no frames.
    .setLegacyMode()
    .withTags(WCAG_TAGS)
    // Ionic keeps the pages left behind in the DOM, hidden: check the page on screen and the shell.
    .exclude('.ion-page-hidden')
    .analyze();
  const invisible = results.incomplete
    .filter((v) => v.id === 'color-contrast')
    .flatMap((v) =>
      v.nodes.filter((n) =>
        n.any.some((check) => (check.data as { messageKey?: string } | null)?.messageKey === 'equalRatio'),
      ),
    )
    .map((n) => `color-contrast (1:1, invisible text): ${n.target.join(' ')}`);
  return [
    ...results.violations.flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
      ),
    ),
    ...invisible,
  ];
}

async function openAndSettle(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The boot screen has gone and skeletons have been replaced.
  await expect(page.locator('#boot')).toHaveCount(0);
  await expect(page.locator('ion-skeleton-text')).toHaveCount(0);
  // What renders once it is reached (components/when-visible: the help page's PQR forms, the
  // profile's lower sections) is checked too.
  if ((await page.locator('[data-when-visible]').count()) > 0) {
    await revealWhenVisible(page);
    await page.waitForLoadState('networkidle');
  }
}

/**
 * Axe's findings in each colour scheme, on one load of the page: the theme follows the
 * `prefers-color-scheme` media query live, so emulating the scheme redraws the page. Leaves it light.
 */
async function violationsIn(page: Page, schemes: readonly ('light' | 'dark')[]): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect
      .poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches))
      .toBe(scheme === 'dark');
    found.push(...(await violations(page)).map((v) => (schemes.length > 1 ? `(${scheme}) ${v}` : v)));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

// Dark mode follows the system (DESIGN.md §6): its contrast is checked too. The phone in both
// schemes on one load of each page; the desktop in light here, in dark route by route below.
for (const [label, viewport, schemes] of [
  ['phone, light and dark', { width: 412, height: 823 }, ['light', 'dark']],
  ['desktop', { width: 1280, height: 800 }, ['light']],
] as const) {
  test.describe(`accessibility (${label})`, () => {
    const colorScheme = 'light';
    test.use({ viewport, colorScheme });

    test('every visitor page passes axe', async ({ page }) => {
      // ~45 s on CI; up to 2.5 min on a slower 2-core machine with two workers.
      test.setTimeout(300_000);
      const found: string[] = [];
      for (const [path, heading] of VISITOR_PAGES) {
        await openAndSettle(page, path, heading);
        found.push(...(await violationsIn(page, schemes)).map((v) => `${path}: ${v}`));
      }
      expect(found).toEqual([]);
    });

    // At desktop size every signed-in route is checked below, in both schemes.
    if (viewport.width < 992) {
      test('the logged-in pages pass axe', async ({ browser, request }) => {
        // ~45 s on CI; up to 2.5 min on a slower 2-core machine with two workers.
        test.setTimeout(300_000);
        const found: string[] = [];
        for (const [email, path, heading] of USER_PAGES) {
          const context = await browser.newContext({
            viewport,
            colorScheme,
            locale: 'es-CO',
            timezoneId: 'America/Bogota',
          });
          const page = await context.newPage();
          const id = await loginAs(page, request, email);
          await openAndSettle(page, path.replace(':own', String(id)), heading);
          found.push(...(await violationsIn(page, schemes)).map((v) => `${email} ${path}: ${v}`));
          await context.close();
        }
        expect(found).toEqual([]);
      });
    }

    test('states reached by interaction pass axe (menu, errors, dialogs, a selected point, tabs)', async ({
      browser,
    }) => {
      test.setTimeout(300_000);
      const found: string[] = [];
      const check = async (page: Page, state: string) => {
        // Let overlays finish their entrance animation (contrast is read from the final colours).
        await page.waitForTimeout(400);
        found.push(...(await violationsIn(page, schemes)).map((v) => `${state}: ${v}`));
      };
      const open = async (email: string | null) => {
        const context = await browser.newContext({
          viewport,
          colorScheme,
          locale: 'es-CO',
          timezoneId: 'America/Bogota',
        });
        const page = await context.newPage();
        const id = email ? await loginAs(page, context.request, email) : 0;
        return { context, page, id };
      };

      // A visitor: the side menu open, the login form's errors, a point selected on the map.
      {
        const { context, page } = await open(null);
        await openAndSettle(page, '/index', 'Inicio');
        if (viewport.width < 992) {
          await page.getByRole('button', { name: 'Abrir el menú', exact: true }).click();
          await expect(page.getByRole('navigation', { name: 'Menú', exact: true })).toBeVisible();
          await check(page, 'visitor menu open');
          await page.keyboard.press('Escape');
        }
        await openAndSettle(page, '/auth/login', 'Iniciar sesión');
        await page.getByRole('button', { name: 'Ingresar' }).click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await check(page, 'login errors');
        await openAndSettle(page, '/auth/signup-client', 'Registro de personas');
        await page.locator('form button[type="submit"]').click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await check(page, 'sign-up errors');
        const near = await page.request.get('/back/api/v1/points/near?lat=6.2442&lng=-75.5812&limit=1');
        const pointId = ((await near.json()) as { data: { id: number }[] }).data[0]?.id;
        await openAndSettle(page, `/home/${pointId}`, 'Mapa de Residuos');
        await expect(page.locator('.pvp-point-preview')).toBeVisible();
        await check(page, 'selected point');
        await context.close();
      }

      // A household: its menu, the pickup form's errors, the account deletion confirmation.
      {
        const { context, page, id } = await open('hogar@demo.puntoverde.co');
        await openAndSettle(page, '/app/tabs/request', 'Mis solicitudes');
        if (viewport.width < 992) {
          await page.getByRole('button', { name: 'Abrir el menú', exact: true }).click();
          await expect(page.getByRole('navigation', { name: 'Hogar', exact: true })).toBeVisible();
          await check(page, 'household menu open');
          await page.keyboard.press('Escape');
        }
        await openAndSettle(page, '/app/tabs/request/new', 'Nueva solicitud de recolección');
        await page.getByRole('button', { name: 'Enviar solicitud' }).click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await check(page, 'pickup form errors');
        await openAndSettle(page, `/auth/profile/${id}`, 'Mi perfil');
        await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
        await expect(page.getByRole('button', { name: 'Sí, eliminar mi cuenta' })).toBeVisible();
        await check(page, 'delete-account confirmation');
        await context.close();
      }

      // A point manager: the second tab of the requests screen.
      {
        const { context, page } = await open('gestor@demo.puntoverde.co');
        await openAndSettle(page, '/app/tabs/prequest', 'Solicitudes recibidas');
        await page.getByRole('tab', { name: 'Ruta del día' }).click();
        await expect(page.getByRole('tabpanel', { name: 'Ruta del día' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await check(page, 'manager day-route tab');
        await context.close();
      }

      // Staff: a back-office dialog.
      {
        const { context, page } = await open('admin@demo.puntoverde.co');
        await openAndSettle(page, '/admin/points', 'Puntos y contenedores');
        await page.getByRole('button', { name: 'Nuevo punto' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await check(page, 'admin new-point dialog');
        await context.close();
      }

      expect(found).toEqual([]);
    });
  });
}

/**
 * Every signed-in route of sweep-routes.ts, as its user, on a desktop-sized window in both colour
 * schemes (the lists above hold one page or two of each user; dark mode above is phone-sized).
 * Each route is loaded once and checked in light, then in dark: the theme follows the
 * `prefers-color-scheme` media query live, so emulating the scheme redraws the page.
 */
for (const { user, paths } of SWEEP.filter((s) => s.user)) {
  test(`every route of ${user} passes axe (desktop, light and dark)`, async ({ browser }) => {
    test.setTimeout(60_000 + paths.length * 20_000);
    const { context, page, id } = await contextFor(browser, user, {
      viewport: { width: 1280, height: 800 },
      colorScheme: 'light',
    });
    const found: string[] = [];
    for (const template of paths) {
      const path = template.replace(':own', String(id));
      await page.emulateMedia({ colorScheme: 'light' });
      await settleRoute(page, path);
      if ((await page.locator('[data-when-visible]').count()) > 0) {
        await revealWhenVisible(page);
        await page.waitForLoadState('networkidle');
      }
      found.push(...(await violations(page)).map((v) => `${path} (light): ${v}`));
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
      found.push(...(await violations(page)).map((v) => `${path} (dark): ${v}`));
    }
    await context.close();
    expect(found).toEqual([]);
  });
}
