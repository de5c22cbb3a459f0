import { expect, test, type Locator } from '@playwright/test';

/**
 * WCAG 2.4.7 and 2.4.11: the design system's focus ring (≥ 2 px, the focus-ring colour) shows on
 * the controls that used to show no focus change: the search fields (and their clear button) and
 * the map's Mapa/Lista switch. Reached by keyboard, as a keyboard user reaches them.
 */
async function ring(control: Locator) {
  return control.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test(`The search field and the map's Mapa/Lista switch show the focus ring (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/allies');
    await expect(page.locator('#boot')).toHaveCount(0);
    const searchbox = page.getByRole('searchbox', { name: 'Buscar aliados y adheridos' });
    await expect(searchbox).toBeVisible();
    // Reached by keyboard: Tab from the last filter chip before it.
    await page.getByRole('button', { name: 'Adheridos' }).focus();
    await page.keyboard.press('Tab');
    await expect(searchbox).toBeFocused();
    const field = await ring(page.locator('.pv-search__input:focus-visible'));
    expect(field.style).toBe('solid');
    expect(field.width).toBeGreaterThanOrEqual(2);

    // Its clear button, once there is text to clear.
    await page.keyboard.type('pilas');
    await page.keyboard.press('Tab');
    const clear = page.getByRole('button', { name: 'Borrar la búsqueda' });
    await expect(clear).toBeFocused();
    const button = await ring(page.locator('.pv-search__clear:focus-visible'));
    expect(button.style).toBe('solid');
    expect(button.width).toBeGreaterThanOrEqual(2);

    await page.goto('/home');
    await expect(page.locator('#boot')).toHaveCount(0);
    const toggle = page.locator('.pvp-segment button').first();
    await expect(toggle).toBeAttached();
    await toggle.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    const focused = page.locator('.pvp-segment button:focus-visible');
    await expect(focused).toHaveCount(1);
    const toggleRing = await ring(focused);
    expect(toggleRing.style).toBe('solid');
    expect(toggleRing.width).toBeGreaterThanOrEqual(2);
  });
}
