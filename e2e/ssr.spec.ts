import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

/**
 * The public pages' main content arrives with the HTML (the server writes it into the page's
 * boot screen: apps/server/src/page-frames.ts), so it is on screen before any script runs —
 * checked here with JavaScript turned off — and the app then takes over without asking the API
 * again for what the HTML already had.
 */

type Body<T> = { data: T };
async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/back/api/${path}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Body<T>).data;
}

/** The boot screen is hidden from assistive technology while the app runs: its text is what a visitor without scripts sees. */
const frame = (page: Page) => page.locator('#boot');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing shows its promise and quick links', async ({ page }) => {
    await page.goto('/index');
    await expect(frame(page).getByText('Recicla cerca de ti, sin complicarte.')).toBeVisible();
    await expect(frame(page).getByText('¿Dónde reciclo?', { exact: true })).toBeVisible();
  });

  test('the campaigns page shows the ongoing campaigns, the first with its image', async ({ page, request }) => {
    const list = await api<{ items: { title: string; image_url: string | null }[] }>(request, 'v1/campaigns?status=ongoing&page=1&page_size=12');
    expect(list.items.length).toBeGreaterThan(0);
    await page.goto('/campaign');
    for (const c of list.items) await expect(frame(page).getByText(c.title)).toBeAttached();
    const first = list.items[0];
    await expect(frame(page).getByText(first?.title ?? '')).toBeVisible();
    if (first?.image_url) {
      // Offered at the variant widths and formats (responsive images), the largest paint first;
      // the browser picks one of them and it loads with no script.
      const img = frame(page).locator('.content-card__image').first();
      await expect(img).toHaveAttribute('fetchpriority', 'high');
      await expect(img).toHaveAttribute('srcset', `${first.image_url}/320.jpg 320w, ${first.image_url}/640.jpg 640w, ${first.image_url}/1200.jpg 1200w`);
      await expect(frame(page).locator('source[type="image/avif"]').first()).toHaveAttribute('srcset', new RegExp(`${first.image_url}/640\\.avif 640w`));
      await expect(img).toHaveJSProperty('complete', true);
      const chosen = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
      expect(chosen).toMatch(/\/(320|640|1200)\.avif$/);
      expect((await request.get(chosen)).headers()['content-type']).toBe('image/avif');
    }
  });

  test('the allies page shows its introduction and the allies', async ({ page, request }) => {
    const list = await api<{ items: { name: string }[] }>(request, 'v1/allies?page=1&page_size=100');
    await page.goto('/allies');
    await expect(frame(page).getByText('Organizaciones que hacen posible el reciclaje', { exact: false })).toBeVisible();
    for (const a of list.items) await expect(frame(page).getByText(a.name, { exact: true })).toBeAttached();
  });

  test('Conócenos shows the staff-written text and the contact channels', async ({ page, request }) => {
    const about = await api<{ title: string; intro: string; email: string | null }>(request, 'v1/content/about');
    await page.goto('/contact');
    await expect(frame(page).getByText(about.intro)).toBeVisible();
    if (about.email) await expect(frame(page).getByText(about.email)).toBeAttached();
  });

  test('help shows the material guide and the FAQ questions', async ({ page, request }) => {
    const faq = await api<{ question: string }[]>(request, 'v1/content/faq');
    await page.goto('/help');
    await expect(frame(page).getByText('Preguntas frecuentes')).toBeVisible();
    for (const f of faq) await expect(frame(page).getByText(f.question)).toBeAttached();
    // The material guide's search field is drawn with the app's own markup, at the app's size.
    const field = frame(page).locator('.pv-search');
    await expect(field.locator('input[type="search"]')).toHaveAttribute('placeholder', 'Pilas, botellas, cartón…');
    const box = await field.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
  });

  test("a point's page shows the point's name, address and its place on the map", async ({ page, request }) => {
    const markers = await api<{ points: { id: number }[] }>(request, 'v1/points?bbox=-75.7,6.1,-75.5,6.4');
    const id = markers.points[0]?.id;
    const point = await api<{ name: string; address: string }>(request, `v1/points/${id}`);
    await page.goto(`/map/${id}`);
    await expect(frame(page).getByText(point.name)).toBeVisible();
    await expect(frame(page).getByText(point.address, { exact: false })).toBeVisible();
    await expect(frame(page).locator('.frame-map img')).toBeAttached();
  });

  test("the waste map shows its first view's tiles, the one under the centre fetched first", async ({ page }) => {
    await page.goto('/home');
    const tiles = frame(page).locator('.frame-map img');
    expect(await tiles.count()).toBeGreaterThanOrEqual(4);
    await expect(tiles.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(frame(page).locator('.frame-map img[fetchpriority]')).toHaveCount(1);
  });

  test("signed-in pages show their heading and skeleton, and crawlers may fetch them (they hold no one's data)", async ({ page, request }) => {
    await page.goto('/app/tabs/request');
    await expect(frame(page).getByText('Mis solicitudes de recolección')).toBeVisible();
    await expect(frame(page).locator('.frame-skeleton')).toHaveCount(3);
    await page.goto('/admin');
    await expect(frame(page).getByText('Lo que necesita atención')).toBeVisible();
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /back/api/');
    expect(robots).not.toMatch(/Disallow: \/(app|auth|admin)/);
  });

  test('login and sign-up show their form frame', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(frame(page).getByText('Ingresa con el correo y la contraseña de tu cuenta.')).toBeVisible();
    await expect(frame(page).getByText('Contraseña', { exact: true })).toBeVisible();
    await page.goto('/auth/signup-client');
    await expect(frame(page).getByText('Crea tu cuenta de hogar para solicitar recolecciones y seguir tu impacto.')).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  test('the app takes over the campaigns page without fetching the list again', async ({ page, request }) => {
    const list = await api<{ items: { title: string }[] }>(request, 'v1/campaigns?status=ongoing&page=1&page_size=12');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/back/api/v1/campaigns')) asked.push(r.url());
    });
    await page.goto('/campaign');
    await expect(page.getByRole('heading', { level: 2, name: list.items[0]?.title })).toBeVisible();
    await expect(page.locator('#boot')).toHaveCount(0);
    expect(asked).toEqual([]);
  });

  test("the app takes over a point's page without fetching the point again", async ({ page, request }) => {
    const markers = await api<{ points: { id: number }[] }>(request, 'v1/points?bbox=-75.7,6.1,-75.5,6.4');
    const id = markers.points[0]?.id;
    const point = await api<{ name: string }>(request, `v1/points/${id}`);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/back/api/v1/points/${id}`) asked.push(r.url());
    });
    await page.goto(`/map/${id}`);
    await expect(page.getByRole('heading', { level: 2, name: point.name })).toBeVisible();
    await expect(page.locator('#boot')).toHaveCount(0);
    expect(asked).toEqual([]);
  });

  test("the help page's search field does not move or change size when the app takes over", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    // Where the frame drew the field as the HTML arrived, and where the app's field is the moment the boot screen goes.
    await page.addInitScript(() => {
      const w = window as unknown as { frameField?: number[]; appField?: number[] };
      const rect = (el: Element | null) => {
        const r = el?.getBoundingClientRect();
        return r ? [r.x, r.y, r.width, r.height] : undefined;
      };
      document.addEventListener('DOMContentLoaded', () => (w.frameField = rect(document.querySelector('#boot .pv-search'))));
      let seen = false;
      new MutationObserver((_records, observer) => {
        if (document.getElementById('boot')) seen = true;
        else if (seen) {
          w.appField = rect(document.querySelector('.pv-search'));
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/help');
    await expect(page.locator('#boot')).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Busca un material' })).toBeVisible();
    const { frameField, appField } = await page.evaluate(() => {
      const w = window as unknown as { frameField?: number[]; appField?: number[] };
      return { frameField: w.frameField, appField: w.appField };
    });
    expect(frameField).toHaveLength(4);
    expect(appField).toHaveLength(4);
    for (let i = 0; i < 4; i++) expect(Math.abs((frameField?.[i] ?? 0) - (appField?.[i] ?? -99))).toBeLessThanOrEqual(1);
  });

  test('the map takes over /home with the tiles the HTML drew: the picture stays until the map has its tiles, and none is fetched twice', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    // A tile service that answers (the e2e server's points nowhere), a little slowly.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4cuUKAASAAkCuZqXRAAAAAElFTkSuQmCC', 'base64');
    const fetched = new Map<string, number>();
    await page.route('**/tiles-unavailable/**', async (route) => {
      const url = route.request().url();
      fetched.set(url, (fetched.get(url) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 300));
      await route.fulfill({ status: 200, contentType: 'image/png', body: png, headers: { 'cache-control': 'public, max-age=86400' } });
    });
    // How many of the map's own tiles had loaded when the boot screen (and the picture in it) went.
    await page.addInitScript(() => {
      let seen = false;
      const w = window as unknown as { tilesWhenBootWent?: number };
      new MutationObserver((_records, observer) => {
        if (document.getElementById('boot')) seen = true;
        else if (seen) {
          w.tilesWhenBootWent = document.querySelectorAll('.leaflet-tile-loaded').length;
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/home');
    const drawn = await page.locator('#boot .frame-map img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(drawn.length).toBeGreaterThanOrEqual(4);
    await expect(page.locator('#boot')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { tilesWhenBootWent?: number }).tilesWhenBootWent)).toBeGreaterThan(0);
    const onMap = await page.locator('.leaflet-tile-loaded').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    // The tile under the centre is on the map, and every tile of the picture was fetched once.
    expect(onMap).toContain(drawn[0]);
    for (const src of drawn) expect(fetched.get(src)).toBe(1);
    expect(onMap.filter((src) => drawn.includes(src)).length).toBeGreaterThanOrEqual(4);
  });
});
