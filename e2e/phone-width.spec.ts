import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@puntoverde/contract';

/**
 * Nothing wider than a phone: on a 320 px screen (WCAG 2.2's reflow width, 1.4.10; the
 * narrowest phones) no page scrolls sideways and no form control runs past the page's margin.
 * Each case is a screen that once did: Mis cifras (its chart and a select with long names
 * widened the section, and the tables' visually hidden headers widened the page), the
 * certificates' branch select, a request's details (long labels, a badge), the point manager's
 * date filters and containers, the map's search and the back office's sent notifications.
 */
test.use({ viewport: { width: 320, height: 720 }, isMobile: true, hasTouch: true });

/** Logs in through the API and stores the session as the app does. */
async function loginAs(page: Page, request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post('/back/api/clientes/login', {
    data: { username: email, password: DEMO_PASSWORD, playerId: '' },
    headers: { 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = (await res.json()) as { data: unknown };
  await page.addInitScript((user) => window.localStorage.setItem('currentUser', JSON.stringify(user)), data);
}

function current(page: Page): Locator {
  return page.locator('.ion-page:not(.ion-page-hidden)').last();
}

/** What runs past the screen: the page scrolling sideways, or a control past the page's margin. */
async function pastTheScreen(page: Page): Promise<string[]> {
  return current(page).evaluate((screen) => {
    const problems: string[] = [];
    const main = screen.querySelector<HTMLElement>('main.page-content');
    if (!main) return ['no page content'];
    if (main.scrollWidth > main.clientWidth + 1)
      problems.push(`the page scrolls sideways: ${main.scrollWidth} px wide in ${main.clientWidth}`);
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      problems.push(`the document is ${document.documentElement.scrollWidth} px wide`);
    const body = main.querySelector('.page-body') ?? main;
    const style = getComputedStyle(body);
    const right = body.getBoundingClientRect().right - parseFloat(style.paddingRight);
    for (const control of main.querySelectorAll('input, select, textarea, button')) {
      const box = control.getBoundingClientRect();
      if (box.width === 0) continue;
      // A row that scrolls on its own (a table, the map's material chips) may be wider.
      let scrolls = false;
      for (let a = control.parentElement; a && a !== main; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') scrolls = true;
      if (scrolls) continue;
      if (box.right > right + 1) {
        const labelled = 'labels' in control ? (control as HTMLInputElement).labels?.[0]?.textContent : null;
        const name =
          control.id ||
          labelled ||
          control.getAttribute('aria-label') ||
          control.textContent?.trim() ||
          control.tagName;
        problems.push(
          `${control.tagName.toLowerCase()} "${name}" ends at ${Math.round(box.right)} px, past the margin at ${Math.round(right)}`,
        );
      }
    }
    return problems;
  });
}

async function expectWithinTheScreen(page: Page, what: string): Promise<void> {
  expect(await pastTheScreen(page), what).toEqual([]);
}

/** Reportes' Mis cifras (and its custom period) and, for households and companies, Certificados. */
async function figuresAndCertificates(page: Page, who: string, certificates = true): Promise<void> {
  await page.goto('/app/tabs/reports');
  const screen = current(page);
  await screen.getByRole('tab', { name: 'Mis cifras' }).click();
  await expect(screen.getByRole('heading', { name: 'Mis cifras', level: 2 })).toBeVisible();
  await expect(screen.getByRole('table').first()).toBeVisible();
  await expectWithinTheScreen(page, `${who}: Mis cifras`);
  await screen.getByLabel('Periodo').selectOption('custom');
  await expect(screen.getByLabel('Desde')).toBeVisible();
  await expectWithinTheScreen(page, `${who}: Mis cifras, another period`);
  if (!certificates) return;

  await screen.getByRole('tab', { name: 'Certificados' }).click();
  await expect(screen.getByRole('heading', { name: 'Certificados', level: 2 })).toBeVisible();
  await expectWithinTheScreen(page, `${who}: Certificados`);
}

test('a household: Mis cifras and certificates fit a 320 px screen', async ({ page, request }) => {
  await loginAs(page, request, 'hogar@demo.puntoverde.co');
  await figuresAndCertificates(page, 'household');
});

test('a company: its figures by branch and its certificates fit a 320 px screen', async ({ page, request }) => {
  await loginAs(page, request, 'empresa@demo.puntoverde.co');
  await figuresAndCertificates(page, 'company');
});

test('a point manager: the requests, their filters, a request, Mis cifras and the containers fit a 320 px screen', async ({
  page,
  request,
}) => {
  await loginAs(page, request, 'gestor@demo.puntoverde.co');
  await page.goto('/app/tabs/prequest');
  const screen = current(page);
  await expect(screen.getByLabel('Desde')).toBeVisible();
  const first = screen.getByRole('link', { name: /^Solicitud #\d+$/ }).first();
  await expect(first).toBeVisible();
  await expectWithinTheScreen(page, 'manager: requests to my points');

  await first.click();
  await expect(current(page).getByRole('heading', { name: /^Solicitud #\d+$/, level: 1 })).toBeVisible();
  await expect(current(page).locator('.rq-dl').first()).toBeVisible();
  await expectWithinTheScreen(page, 'manager: a request');

  await figuresAndCertificates(page, 'manager', false);

  await page.goto('/app/tabs/points');
  await expect(current(page).getByRole('button', { name: 'Editar' }).first()).toBeVisible();
  await expectWithinTheScreen(page, 'manager: my points and containers');
});

test('the map: its search fits a 320 px screen', async ({ page }) => {
  await page.goto('/home');
  await expect(current(page).getByRole('button', { name: 'Buscar' })).toBeVisible();
  await expectWithinTheScreen(page, 'the map');
});

test('the back office: sent notifications fit a 320 px screen', async ({ page, request }) => {
  await loginAs(page, request, 'admin@demo.puntoverde.co');
  await page.goto('/admin/broadcasts');
  await expect(current(page).locator('.broadcast-table').first()).toBeVisible();
  await expectWithinTheScreen(page, 'admin: notifications');
});
