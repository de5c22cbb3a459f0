import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Accessibility sweep: every page, as a visitor and as the users who reach the logged-in
 * pages, checked with axe-core (the engine behind Lighthouse's accessibility score) against
 * WCAG 2.2 A/AA and axe's best practices (heading order, landmarks...), on a phone-sized and a
 * desktop-sized window. Each page is checked once its content has loaded.
 */
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
  ['/page-not-found', 'Página no encontrada'],
];

const USER_PAGES: ReadonlyArray<readonly [email: string, path: string, heading: string]> = [
  ['hogar@demo.puntoverde.co', '/app/tabs/request', 'Mis solicitudes'],
  ['hogar@demo.puntoverde.co', '/auth/profile/:own', 'Mi perfil'],
  ['gestor@demo.puntoverde.co', '/app/tabs/prequest', 'Solicitudes recibidas'],
  ['gestor@demo.puntoverde.co', '/app/tabs/points', 'Contenedores'],
  ['empresa@demo.puntoverde.co', '/app/tabs/branch-offices/list/:own', 'Sucursales'],
  ['admin@demo.puntoverde.co', '/admin', 'Administración'],
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

/** Axe's findings on the page on screen, one line each, for a readable failure. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    // Ionic keeps the pages left behind in the DOM, hidden: check the page on screen and the shell.
    .exclude('.ion-page-hidden')
    .analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`),
  );
}

async function openAndSettle(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The boot screen has gone and skeletons have been replaced.
  await expect(page.locator('#boot')).toHaveCount(0);
  await expect(page.locator('ion-skeleton-text')).toHaveCount(0);
}

for (const [label, viewport, colorScheme] of [
  ['phone', { width: 412, height: 823 }, 'light'],
  ['desktop', { width: 1280, height: 800 }, 'light'],
  // Dark mode follows the system (DESIGN.md §6): its contrast is checked too.
  ['phone, dark', { width: 412, height: 823 }, 'dark'],
] as const) {
  test.describe(`accessibility (${label})`, () => {
    test.use({ viewport, colorScheme });

    test('every visitor page passes axe', async ({ page }) => {
      test.setTimeout(120_000);
      const found: string[] = [];
      for (const [path, heading] of VISITOR_PAGES) {
        await openAndSettle(page, path, heading);
        found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
      }
      expect(found).toEqual([]);
    });

    test('the logged-in pages pass axe', async ({ browser, request }) => {
      test.setTimeout(120_000);
      const found: string[] = [];
      for (const [email, path, heading] of USER_PAGES) {
        const context = await browser.newContext({ viewport, colorScheme, locale: 'es-CO', timezoneId: 'America/Bogota' });
        const page = await context.newPage();
        const id = await loginAs(page, request, email);
        await openAndSettle(page, path.replace(':own', String(id)), heading);
        found.push(...(await violations(page)).map((v) => `${email} ${path}: ${v}`));
        await context.close();
      }
      expect(found).toEqual([]);
    });
  });
}
