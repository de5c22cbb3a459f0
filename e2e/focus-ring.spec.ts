import { expect, test, type Locator } from '@playwright/test';

/**
 * WCAG 2.4.7 and 2.4.11: the design system's focus ring (≥ 2 px, the focus-ring colour) shows on
 * the controls that used to show no focus change: Ionic's search fields and the map's Mapa/Lista
 * switch. Reached by keyboard, as a keyboard user reaches them.
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
  test(`Ionic's search field and the map's Mapa/Lista switch show the focus ring (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/allies');
    await expect(page.locator('#boot')).toHaveCount(0);
    const searchbar = page.locator('ion-searchbar').first();
    await expect(searchbar).toBeVisible();
    await searchbar.locator('input').focus();
    await expect(searchbar).toHaveClass(/searchbar-has-focus/);
    const field = await ring(searchbar);
    expect(field.style).toBe('solid');
    expect(field.width).toBeGreaterThanOrEqual(2);

    await page.goto('/home');
    await expect(page.locator('#boot')).toHaveCount(0);
    const toggle = page.locator('.pvp-segment button').first();
    await expect(toggle).toBeAttached();
    await toggle.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    const focused = page.locator('.pvp-segment button:focus-visible');
    await expect(focused).toHaveCount(1);
    const button = await ring(focused);
    expect(button.style).toBe('solid');
    expect(button.width).toBeGreaterThanOrEqual(2);
  });
}
