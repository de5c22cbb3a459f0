/**
 * Content a page renders once its place is reached (apps/web/src/components/when-visible.tsx:
 * the profile's lower sections) is reached the way a person reaches
 * it: by scrolling its place into view, until no place is left waiting.
 */
import { expect, type Page } from '@playwright/test';

export async function revealWhenVisible(page: Page): Promise<void> {
  // Until the app has taken over (the boot screen gone: lib/boot-screen.ts) and the page's body has
  // committed its last section (components/after-first-commit.tsx), a place may not exist yet, and
  // "no place left waiting" would be true too soon.
  await expect(page.locator('#boot')).toHaveCount(0);
  await expect(page.locator('.page-parts-pending')).toHaveCount(0);
  const waiting = page.locator('[data-when-visible]');
  await expect(async () => {
    if ((await waiting.count()) > 0)
      await waiting.first().evaluate((place) => place.scrollIntoView({ block: 'start' }), undefined, { timeout: 2_000 });
    await expect(waiting).toHaveCount(0, { timeout: 2_000 });
  }).toPass();
}
