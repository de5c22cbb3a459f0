import { expect, test, type Page } from '@playwright/test';
import { contextFor, currentPage, openAndSettle } from './sweep-routes';

/**
 * Every table fits its box, on a phone (390 px) and on a desktop (1366 px): no table scrolls
 * sideways or runs past its container or the screen, no column is hidden (a cell of no size, or
 * one clipped by its box), no cell's content runs past the cell, and no column is squeezed to a
 * word per line. On a phone the design system's table (components/data-table.tsx) shows each row
 * as a card; on a desktop it is a table as wide as the content.
 *
 * The screens are every route with a table, as the user who sees it: Mis cifras (a household, a
 * manager and staff, who also edit the impact factors), Mis certificados (a company, after asking
 * for one), a request's materials (household and manager), the notification settings (profile),
 * the PQR inbox and its monthly report, the broadcasts' report and the rewards' figures.
 */

test.describe.configure({ mode: 'parallel' });

type Visit = {
  name: string;
  user: string;
  path: string | ((id: number) => string);
  /** Brings the tables on screen: a tab, a request, a certificate. */
  open?: (page: Page) => Promise<void>;
};

async function tab(page: Page, name: string): Promise<void> {
  await currentPage(page).getByRole('tab', { name, exact: true }).click();
  await page.waitForLoadState('networkidle');
}

async function firstRequest(page: Page): Promise<void> {
  await currentPage(page)
    .getByRole('link', { name: /^Solicitud #\d+/ })
    .first()
    .click();
  await expect(currentPage(page).getByRole('heading', { name: 'Materiales' })).toBeVisible();
}

const VISITS: readonly Visit[] = [
  {
    name: 'Mis cifras (hogar)',
    user: 'hogar@demo.puntoverde.co',
    path: '/app/tabs/reports',
    open: (p) => tab(p, 'Mis cifras'),
  },
  {
    name: 'Mis cifras (gestor)',
    user: 'gestor@demo.puntoverde.co',
    path: '/app/tabs/reports',
    open: (p) => tab(p, 'Mis cifras'),
  },
  {
    name: 'Cifras del esquema (admin)',
    user: 'admin@demo.puntoverde.co',
    path: '/app/tabs/reports',
    open: (p) => tab(p, 'Mis cifras'),
  },
  {
    name: 'Mis certificados (empresa)',
    user: 'empresa@demo.puntoverde.co',
    path: '/app/tabs/reports',
    open: async (page) => {
      await tab(page, 'Certificados');
      const screen = currentPage(page);
      if ((await screen.getByRole('table').count()) === 0) {
        await screen.getByRole('button', { name: 'Pedir certificado' }).click();
        await expect(screen.getByRole('table')).toBeVisible();
      }
    },
  },
  {
    name: 'Solicitud (hogar)',
    user: 'hogar@demo.puntoverde.co',
    path: '/app/tabs/request?status=all',
    open: firstRequest,
  },
  { name: 'Solicitud (gestor)', user: 'gestor@demo.puntoverde.co', path: '/app/tabs/prequest', open: firstRequest },
  { name: 'Notificaciones (perfil)', user: 'hogar@demo.puntoverde.co', path: (id) => `/auth/profile/${id}` },
  { name: 'Bandeja PQR', user: 'admin@demo.puntoverde.co', path: '/admin/pqr' },
  {
    name: 'Informe mensual PQR',
    user: 'admin@demo.puntoverde.co',
    path: '/admin/pqr',
    open: (p) => tab(p, 'Informe mensual'),
  },
  { name: 'Envíos masivos', user: 'admin@demo.puntoverde.co', path: '/admin/broadcasts' },
  { name: 'Recompensas (admin)', user: 'admin@demo.puntoverde.co', path: '/admin/rewards' },
];

/** What does not fit in every table on screen, in words. */
async function misfits(page: Page): Promise<string[]> {
  return currentPage(page).evaluate((screen) => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return style.display !== 'none' && style.visibility !== 'hidden' && box.width > 0 && box.height > 0;
    };
    /** The box that clips `el`: its nearest ancestor that does not let content show past it. */
    const clipOf = (el: Element): DOMRect | null => {
      for (let a = el.parentElement; a && a !== screen; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return a.getBoundingClientRect();
      }
      return null;
    };
    const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    screen.querySelectorAll('main table').forEach((table, t) => {
      const name =
        table.querySelector('caption')?.textContent?.trim() || table.getAttribute('aria-label') || `table ${t + 1}`;
      const say = (what: string) => problems.push(`«${name}»: ${what}`);
      const box = table.parentElement!;
      if (box.scrollWidth > box.clientWidth + 1)
        say(`scrolls sideways (${box.scrollWidth} px of content in ${box.clientWidth})`);
      if (table.getBoundingClientRect().right > box.getBoundingClientRect().right + 1)
        say(
          `runs past its box (${Math.round(table.getBoundingClientRect().right)} > ${Math.round(box.getBoundingClientRect().right)})`,
        );
      // Column headers are checked where they are on screen (a card layout hides them visually).
      const head = table.querySelector('thead');
      const headShown = head !== null && head.getBoundingClientRect().width > 2;
      const cells = [
        ...(headShown ? Array.from(head.querySelectorAll('th')) : []),
        ...Array.from(table.querySelectorAll(':scope > tbody > tr > *, :scope > tfoot > tr > *')),
      ];
      for (const cell of cells) {
        const where = `«${text(cell) || cell.getAttribute('data-label') || cell.tagName}»`;
        if (!visible(cell)) {
          say(`cell ${where} is hidden`);
          continue;
        }
        const r = cell.getBoundingClientRect();
        const clip = clipOf(cell);
        if (r.right > viewport + 1 || r.left < -1)
          say(`cell ${where} is past the screen (${Math.round(r.left)}–${Math.round(r.right)} of ${viewport} px)`);
        else if (clip && (r.right > clip.right + 1 || r.left < clip.left - 1))
          say(`cell ${where} is hidden past its box (${Math.round(r.right)} > ${Math.round(clip.right)})`);
        if (cell.scrollWidth > cell.clientWidth + 1)
          say(`cell ${where} overflows (${cell.scrollWidth} px in ${cell.clientWidth})`);
        for (const child of cell.querySelectorAll('*')) {
          const c = child.getBoundingClientRect();
          if (c.width > 0 && c.right > r.right + 1) {
            say(`«${text(child) || child.tagName}» runs past its cell ${where}`);
            break;
          }
        }
        // A column squeezed to a word per line ("26 / de / nov / de / 2026"), in its visible text.
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const lines = new Set<number>();
        let words = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || parent.getBoundingClientRect().width <= 2) continue;
          words += (node.textContent ?? '').trim().split(/\s+/).filter(Boolean).length;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const b of Array.from(range.getClientRects())) if (b.width > 0) lines.add(Math.round(b.bottom));
        }
        if (words >= 3 && lines.size >= Math.max(3, words - 1))
          say(`cell ${where} is squeezed to ${lines.size} lines for ${words} words`);
      }
    });
    return problems;
  });
}

// One browser context per user and width: the user's screens are visited in turn.
const USERS = [...new Set(VISITS.map((v) => v.user))];

for (const width of [390, 1366] as const) {
  test.describe(`tables at ${width} px`, () => {
    for (const user of USERS) {
      const visits = VISITS.filter((v) => v.user === user);
      test(`${visits.map((v) => v.name).join(', ')}: every table fits`, async ({ browser }) => {
        test.setTimeout(60_000 + visits.length * 20_000);
        const { context, page, id } = await contextFor(browser, user, {
          viewport: { width, height: width > 800 ? 768 : 844 },
          ...(width < 800 ? { isMobile: true, hasTouch: true } : {}),
        });
        const found: string[] = [];
        try {
          for (const visit of visits) {
            await openAndSettle(page, typeof visit.path === 'function' ? visit.path(id) : visit.path);
            await visit.open?.(page);
            await page.waitForLoadState('networkidle');
            await expect(currentPage(page).locator('main table').first(), visit.name).toBeVisible();
            found.push(...(await misfits(page)).map((m) => `${visit.name}: ${m}`));
          }
        } finally {
          await context.close();
        }
        expect(found).toEqual([]);
      });
    }
  });
}
