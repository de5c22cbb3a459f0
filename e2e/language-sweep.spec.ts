import { expect, test } from '@playwright/test';
import { foreignWords, SPANISH_WORDS } from './checks/language';
import { contextFor, openAndSettle, SWEEP } from './sweep-routes';

/**
 * English only: every route of e2e/sweep-routes.ts, as the user who reaches it, with English
 * chosen in the app, shows no word of the Spanish list outside an element marked lang="es" (staff
 * content stored in Spanish, quoted Spanish terms) and no number written the Spanish way
 * (checks/language.ts). Spanish only is checked on route-sweep.spec.ts's desktop load of each route.
 * One width (1366 px): the words are the same at 390 px.
 */
test.describe.configure({ mode: 'parallel' });

for (const { user, paths } of SWEEP) {
  test(`every route of ${user ?? 'a visitor'} reads in English only`, async ({ browser }) => {
    test.setTimeout(60_000 + paths.length * 10_000);
    const { context, page, id } = await contextFor(browser, user, {
      viewport: { width: 1366, height: 900 },
      locale: 'en-US',
    });
    await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
    const found: string[] = [];
    for (const template of paths) {
      const path = template.replace(':own', String(id));
      await openAndSettle(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      found.push(...(await foreignWords(page, 'en', SPANISH_WORDS)).map((line) => `${path} ${line}`));
    }
    await context.close();
    expect(found).toEqual([]);
  });
}
