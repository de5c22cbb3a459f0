import { expect, test, type Locator, type Page } from '@playwright/test';
import { contextFor, currentPage, openAndSettle } from './sweep-routes';

/**
 * The desktop layout (components/list-detail.tsx): at 1366 px an item opened from a list shows
 * beside the list — the reports inbox, the PQR inbox, a manager's and a household's requests —
 * and the map beside its list; the address is the item's, the page's heading takes focus. At
 * 390 px each stays one column.
 */

type Case = { name: string; user: string | null; path: string; open?: RegExp };

const CASES: readonly Case[] = [
  { name: 'solicitudes del gestor', user: 'gestor@demo.puntoverde.co', path: '/app/tabs/prequest', open: /^Solicitud #\d+/ },
  { name: 'solicitudes del hogar', user: 'hogar@demo.puntoverde.co', path: '/app/tabs/request?status=all', open: /^Solicitud #\d+/ },
  { name: 'bandeja de reportes', user: 'gestor@demo.puntoverde.co', path: '/app/tabs/reports', open: /REP-\d{4}-\d{6}/ },
  { name: 'bandeja PQR', user: 'admin@demo.puntoverde.co', path: '/admin/pqr', open: /^PQR-\d{4}-\d{6}$/ },
];

async function box(locator: Locator) {
  await expect(locator).toBeVisible();
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

/** Opens the list's first item by its link, as a person would. */
async function openFirst(page: Page, link: RegExp): Promise<void> {
  const screen = currentPage(page);
  const before = page.url();
  await screen.getByRole('link', { name: link }).first().click();
  await expect(page).not.toHaveURL(before);
  await page.waitForLoadState('networkidle');
}

test.describe('at 1366 px', () => {
  for (const c of CASES) {
    test(`${c.name}: the item opens beside the list`, async ({ browser }) => {
      const { context, page } = await contextFor(browser, c.user, { viewport: { width: 1366, height: 800 } });
      try {
        await openAndSettle(page, c.path);
        await openFirst(page, c.open!);
        const screen = currentPage(page);
        await expect(screen.locator('h1')).toBeFocused();
        const list = await box(screen.locator('.pv-list-detail-list'));
        const item = await box(screen.locator('.pv-list-detail-item'));
        // Side by side: the list ends where the item begins, and they share the same rows.
        expect(list.x + list.width).toBeLessThanOrEqual(item.x + 1);
        expect(Math.abs(list.y - item.y)).toBeLessThan(40);
        expect(list.width).toBeGreaterThan(300);
        expect(item.width).toBeGreaterThan(400);
        // The list is still there to choose another item, and Back returns to the list alone.
        await expect(screen.locator('.pv-list-detail-list').getByRole('link', { name: c.open! }).first()).toBeVisible();
        await page.goBack();
        await expect(currentPage(page).locator('.pv-list-detail-item')).toHaveCount(0);
      } finally {
        await context.close();
      }
    });
  }

  test('a deep link to a PQR shows the inbox beside it', async ({ browser }) => {
    const { context, page } = await contextFor(browser, 'admin@demo.puntoverde.co', { viewport: { width: 1366, height: 800 } });
    try {
      await openAndSettle(page, '/admin/pqr/PQR-2026-000002');
      const screen = currentPage(page);
      const list = await box(screen.getByRole('region', { name: 'PQR · Administración' }));
      const item = await box(screen.locator('.pv-list-detail-item'));
      expect(list.x + list.width).toBeLessThanOrEqual(item.x + 1);
    } finally {
      await context.close();
    }
  });

  test('the map and its list side by side', async ({ browser }) => {
    const { context, page } = await contextFor(browser, null, { viewport: { width: 1366, height: 800 } });
    try {
      await openAndSettle(page, '/home');
      const screen = currentPage(page);
      const map = await box(screen.getByRole('region', { name: 'Mapa de puntos de reciclaje' }));
      const list = await box(screen.getByRole('region', { name: /Puntos más cercanos/ }));
      expect(map.x + map.width).toBeLessThanOrEqual(list.x + 1);
      expect(list.y).toBeLessThan(map.y + map.height);
    } finally {
      await context.close();
    }
  });

  test('the toolbar lines up with the content', async ({ browser }) => {
    const { context, page } = await contextFor(browser, 'gestor@demo.puntoverde.co', { viewport: { width: 1366, height: 800 } });
    try {
      await openAndSettle(page, '/app/tabs/prequest');
      const screen = currentPage(page);
      const toolbar = await box(screen.locator('.page-toolbar'));
      const body = await box(screen.locator('.page-body'));
      expect(Math.abs(toolbar.x - body.x)).toBeLessThan(2);
      expect(Math.abs(toolbar.width - body.width)).toBeLessThan(2);
    } finally {
      await context.close();
    }
  });

  test('forms use two columns: the pickup form sets what beside where', async ({ browser }) => {
    const { context, page } = await contextFor(browser, 'hogar@demo.puntoverde.co', { viewport: { width: 1366, height: 800 } });
    try {
      await openAndSettle(page, '/app/tabs/request/new');
      const form = currentPage(page).locator('form.rq-form');
      const what = await box(form.locator('fieldset.rq-fieldset-what'));
      const where = await box(form.locator('fieldset.rq-fieldset-where'));
      const photos = await box(form.locator('fieldset.rq-fieldset-photos'));
      expect(Math.abs(what.y - where.y), 'side by side').toBeLessThan(2);
      expect(where.x, 'where is right of what').toBeGreaterThan(what.x + what.width - 1);
      expect(photos.width, 'the photos take the whole row').toBeGreaterThan(what.width + where.width);
    } finally {
      await context.close();
    }
  });
});

test.describe('at 390 px', () => {
  for (const c of CASES) {
    test(`${c.name}: one column, the item alone`, async ({ browser }) => {
      const { context, page } = await contextFor(browser, c.user, {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      try {
        await openAndSettle(page, c.path);
        await openFirst(page, c.open!);
        const screen = currentPage(page);
        await expect(screen.locator('h1')).toBeFocused();
        await expect(screen.locator('.pv-list-detail, .pv-list-detail-list')).toHaveCount(0);
      } finally {
        await context.close();
      }
    });
  }
});
