import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

/**
 * Waste points in Chromium against the real server with demo data: the clustered map,
 * the material filter, "Cerca de mí", a point's "abierto ahora" at a fixed clock, a manager's
 * container update seen on the point page, and the map container's too-small error.
 * Map tiles are unreachable here (TILE_URL points nowhere): everything must work without them.
 */

const POBLADO = { name: 'Punto limpio Parque de El Poblado (demo)', lat: 6.2096, lng: -75.5673 };
const LAUREL = { name: 'ECA Laureles La 70 (demo)', lat: 6.2471, lng: -75.5902 };
const DEMO_PASSWORD = 'PuntoVerde2026!';

async function pointIdByName(request: APIRequestContext, name: string, near: { lat: number; lng: number }): Promise<number> {
  const res = await request.get(`/back/api/v1/points/near?lat=${near.lat}&lng=${near.lng}&limit=5`);
  expect(res.ok()).toBe(true);
  const found = ((await res.json()) as { data: { id: number; name: string }[] }).data.find((p) => p.name === name);
  if (!found) throw new Error(`demo point ${name} not found`);
  return found.id;
}

/** The counts shown on the cluster markers (single points are drawn on a canvas). */
async function clusterCounts(page: Page): Promise<number[]> {
  const labels = await page.locator('.pvp-cluster').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.map((l) => Number((/^([\d.]+)/.exec(l)?.[1] ?? '0').replace(/\./g, '')));
}

test.describe('waste map', () => {
  test('shows the demo points as clusters, and a material filter narrows them', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Mapa de Residuos' })).toBeVisible();
    const map = page.getByRole('region', { name: 'Mapa de puntos de reciclaje' });
    await expect(map).toBeVisible();
    await expect(page.locator('.pvp-cluster').first()).toBeVisible();
    const status = page.getByRole('status').filter({ hasText: 'con estos filtros' });
    await expect(status).toHaveText(/^\d+ puntos con estos filtros$/);
    const allText = (await status.textContent()) ?? '';
    const all = Number(/^(\d+)/.exec(allText)?.[1]);
    expect(all).toBeGreaterThanOrEqual(300);
    await page.waitForLoadState('networkidle');
    const before = (await clusterCounts(page)).reduce((a, b) => a + b, 0);
    expect(before).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Pilas y baterías' }).click();
    await expect(page.getByRole('button', { name: 'Pilas y baterías' })).toHaveAttribute('aria-pressed', 'true');
    await expect(status).not.toHaveText(allText);
    const filtered = Number(/^(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(all);
    await expect.poll(async () => (await clusterCounts(page)).reduce((a, b) => a + b, 0)).toBeLessThan(before);
    // The points still show although the base map tiles cannot load here.
    await expect(page.getByText('El fondo del mapa no cargó; los puntos siguen visibles.')).toBeVisible();
  });

  test('finds "¿dónde reciclo pilas?" by material', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('searchbox', { name: 'Buscar por nombre, dirección o material' }).fill('¿dónde reciclo pilas?');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    const list = page.getByRole('region', { name: /Puntos más cercanos/ }).getByRole('listitem');
    await expect(list.first()).toBeVisible();
    // The unfiltered list may still show for a moment: wait until every point accepts pilas.
    await expect(list.filter({ hasNotText: 'Pilas y baterías' })).toHaveCount(0);
    await expect(list.first()).toContainText('Pilas y baterías');
  });

  test('in English the advice for "pilas" is one English sentence', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
    await page.goto('/home');
    await page.getByRole('searchbox').first().fill('pilas');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const guide = page.locator('.pvp-guide');
    await expect(guide).toContainText('Hazardous or special waste: take it to a take-back point');
    await expect(guide).toContainText('Showing the points that take it.');
    await expect(guide).not.toContainText(/Residuo|llévalo|basura/);
  });

  test('the search knows everyday words: "nevera" shows the points that take it, "servilletas" says where it goes', async ({ page }) => {
    await page.goto('/home');
    const search = page.getByRole('searchbox', { name: 'Buscar por nombre, dirección o material' });
    await search.fill('nevera');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    const guide = page.locator('.pvp-guide');
    await expect(guide).toContainText('Te mostramos los puntos que lo reciben.');
    await expect(guide).toContainText('posconsumo');
    const list = page.getByRole('region', { name: /Puntos más cercanos/ }).getByRole('listitem');
    await expect(list.first()).toBeVisible();
    // Back to a name search when the word was meant as a name.
    await page.getByRole('button', { name: 'Buscar «nevera» en los nombres de los puntos' }).click();
    await expect(guide).toHaveCount(0);

    await search.fill('servilletas');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(guide).toContainText('bolsa negra');
    await expect(guide.getByRole('button')).toHaveCount(0);
  });

  test('"Cerca de mí" with a granted location lists the nearest points first', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: POBLADO.lat, longitude: POBLADO.lng });
    await page.goto('/home');
    await page.getByRole('button', { name: 'Cerca de mí' }).click();
    const region = page.getByRole('region', { name: 'Puntos más cercanos a ti' });
    await expect(region).toBeVisible();
    const items = region.getByRole('listitem');
    await expect(items.first()).toContainText(POBLADO.name);
    await expect(items.first()).toContainText(/\d+ m/);
    const distances = await items.evaluateAll((els) =>
      els.map((el) => {
        const text = el.querySelector('.pvp-list-distance')?.textContent ?? '';
        const n = Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
        return text.includes('km') ? n * 1000 : n;
      }),
    );
    expect(distances.length).toBeGreaterThan(5);
    for (let i = 1; i < distances.length; i++) expect(distances[i]).toBeGreaterThanOrEqual(distances[i - 1]! - 50);
  });

  test('says clearly when the location is denied', async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto('/home');
    await page.getByRole('button', { name: 'Cerca de mí' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'No diste permiso para usar tu ubicación' })).toBeVisible();
  });
});

test.describe('a point page', () => {
  test('shows "abierto ahora" for a fixed clock, and closed on a Sunday', async ({ page, request }) => {
    const id = await pointIdByName(request, LAUREL.name, LAUREL);
    // Tuesday 24 November 2026, 10:00 in Bogotá: Mo-Fr 07:00-17:00.
    await page.clock.setFixedTime(new Date('2026-11-24T10:00:00-05:00'));
    await page.goto(`/map/${id}`);
    await expect(page.getByRole('heading', { name: LAUREL.name })).toBeVisible();
    await expect(page.getByText('Abierto ahora')).toBeVisible();
    await expect(page.getByText(/cierra 5:00\sp\.\s?m\./)).toBeVisible();
    await expect(page.getByText('lun–vie 07:00–17:00')).toBeVisible();
    await expect(page.getByText('Caneca blanca: aprovechables').first()).toBeVisible();

    await page.clock.setFixedTime(new Date('2026-11-29T10:00:00-05:00'));
    await page.reload();
    await expect(page.getByText('Cerrado ahora')).toBeVisible();
    await expect(page.getByText(/abre lunes 7:00\sa\.\s?m\./)).toBeVisible();
  });

  test('a manager updates a container and the point page shows the new level', async ({ page, request }) => {
    const id = await pointIdByName(request, POBLADO.name, POBLADO);
    await page.goto('/auth/login');
    await page.getByLabel(/correo/i).fill('gestor@demo.puntoverde.co');
    await page.getByLabel(/contraseña/i).first().fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /iniciar sesión|ingresar|entrar/i }).click();
    await expect(page).not.toHaveURL(/\/auth\/login/);

    await page.goto('/app/tabs/points');
    await expect(page.getByRole('heading', { name: POBLADO.name })).toBeVisible();
    // A compact overview first: the edit form opens from the container's row.
    const overview = page.getByRole('list', { name: `Contenedores de ${POBLADO.name}, del más lleno al menos lleno` });
    await overview.getByRole('button', { name: 'Editar Vidrio' }).click();
    const slider = page.getByRole('slider', { name: 'Nivel de llenado de Vidrio' });
    await slider.focus();
    await slider.fill('85');
    await expect(slider).toHaveValue('85');
    const card = page.locator('.pvp-manage-container').filter({ has: slider });
    await card.getByRole('button', { name: 'Guardar nivel' }).click();
    await expect(page.getByText('Vidrio: nivel guardado (85 %)')).toBeVisible();
    await expect(overview.getByRole('meter', { name: 'Nivel de llenado de Vidrio' })).toHaveAttribute('aria-valuenow', '85');

    await page.goto(`/map/${id}`);
    await expect(page.getByRole('meter', { name: 'Nivel de llenado de Vidrio' })).toHaveAttribute('aria-valuenow', '85');
    await expect(page.getByText('85 % lleno')).toBeVisible();
  });
});

test('the map area says the container is too small, with the spec text', async ({ page }) => {
  // A window so low that the map area gets under 100 px.
  await page.setViewportSize({ width: 360, height: 260 });
  await page.goto('/home');
  await expect(page.getByText(/is too small\. Must be bigger than 100x100\.$/)).toBeAttached({ timeout: 15_000 });
  await expect(page.getByText(/^The element \[#pvp-map-[\w-]+\] is too small\. Must be bigger than 100x100\.$/)).toBeAttached();
});

test.describe('waste map on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test('a chosen point shows as a bottom sheet over the map, and the legend explains the colours', async ({ page, request }) => {
    const id = await pointIdByName(request, LAUREL.name, LAUREL);
    await page.goto(`/home/${id}`);
    const map = page.getByRole('region', { name: 'Mapa de puntos de reciclaje' });
    await expect(map).toBeVisible();
    const sheet = page.getByRole('region', { name: LAUREL.name });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Ver detalles del punto' })).toBeInViewport();
    const box = (await sheet.boundingBox())!;
    const mapBox = (await map.boundingBox())!;
    // On screen, at the bottom, over the map (not a card below it).
    expect(box.y + box.height).toBeLessThanOrEqual(915 + 1);
    expect(box.y).toBeLessThan(mapBox.y + mapBox.height);
    await sheet.getByRole('button', { name: 'Cerrar' }).click();
    await expect(sheet).toBeHidden();

    await page.getByText('Leyenda', { exact: true }).click();
    const legend = page.getByRole('list', { name: 'Leyenda del mapa' });
    await expect(legend).toBeVisible();
    for (const kind of ['Punto limpio', 'Centro de acopio', 'Contenedor público', 'Punto posconsumo']) {
      await expect(legend.getByRole('listitem').filter({ hasText: kind })).toHaveCount(1);
    }
    await expect(legend).toContainText('Grupo de puntos');
  });
});
