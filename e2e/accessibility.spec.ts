import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolationsIn } from './checks/axe';
import { revealWhenVisible } from './when-visible';

/**
 * Accessibility of the states a page reaches by interaction (the side menu open, a form's errors,
 * a dialog, a selected point, a second tab), checked with axe-core against WCAG 2.2 A/AA and axe's
 * best practices on a phone-sized window in both colour schemes and on a desktop-sized one. Every
 * route as it loads is checked by route-sweep.spec.ts.
 */
test.describe.configure({ mode: 'parallel' });

const PASSWORD = 'PuntoVerde2026!';
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

// Dark mode follows the system (DESIGN.md §6): the phone's states in both schemes, the desktop's in light.
for (const [label, viewport, schemes] of [
  ['phone, light and dark', { width: 412, height: 823 }, ['light', 'dark']],
  ['desktop', { width: 1280, height: 800 }, ['light']],
] as const) {
  test.describe(`accessibility (${label})`, () => {
    const colorScheme = 'light';
    test.use({ viewport, colorScheme });

    test('states reached by interaction pass axe (menu, errors, dialogs, a selected point, tabs)', async ({
      browser,
    }) => {
      test.setTimeout(300_000);
      const found: string[] = [];
      const check = async (page: Page, state: string) => {
        // Let overlays finish their entrance animation (contrast is read from the final colours).
        await page.waitForTimeout(400);
        found.push(...(await axeViolationsIn(page, schemes)).map((v) => `${state}: ${v}`));
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
