import { expect, test, type Page } from '@playwright/test';
import { axeViolationsIn } from './checks/axe';
import { focusProblems } from './checks/focus-visible';
import { ENGLISH_WORDS, foreignWords } from './checks/language';
import { reflowAt320And200 } from './checks/reflow';
import { contextFor, openAndSettle, SWEEP } from './sweep-routes';
import { revealWhenVisible } from './when-visible';

/**
 * Every route of sweep-routes.ts, as the user who reaches it, loaded once on a phone and once on a
 * desktop, and checked on that load for what every screen owes the people who use it
 * (e2e/checks/):
 * - axe-core, WCAG 2.2 A/AA and best practices, in the light and the dark scheme (the theme
 *   follows `prefers-color-scheme` live, so emulating the scheme redraws the page);
 * - a visible focus indicator on every control Tab reaches: in the light scheme on the phone, in
 *   the dark one on the desktop (each scheme's rings and backgrounds once, each layout once);
 * - on the phone, reflow at 320 px and at 200 % text on 390 px;
 * - on the desktop, Spanish only: no word of the English list outside lang="en" (English is
 *   checked route by route in language-sweep.spec.ts, which loads the app in English).
 * What renders once its place is reached (the help page's PQR forms, the profile's lower
 * sections) is revealed first, so it is checked too.
 */
test.describe.configure({ mode: 'parallel' });

const WIDTHS = [
  { label: 'phone, 390 px', viewport: { width: 390, height: 844 }, mobile: true },
  { label: 'desktop, 1366 px', viewport: { width: 1366, height: 768 }, mobile: false },
] as const;

async function scheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect
    .poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches))
    .toBe(colorScheme === 'dark');
}

// The users with the most routes first: the longest tests start while both workers are free.
const BY_LENGTH = [...SWEEP].sort((a, b) => b.paths.length - a.paths.length);

for (const width of WIDTHS) {
  for (const { user, paths } of BY_LENGTH) {
    const checks = width.mobile ? 'axe, visible focus, reflow' : 'axe, visible focus, Spanish only';
    test(`every route of ${user ?? 'a visitor'} (${width.label}): ${checks}`, async ({ browser }) => {
      test.setTimeout(60_000 + paths.length * 45_000);
      const { context, page, id } = await contextFor(browser, user, {
        viewport: width.viewport,
        colorScheme: 'light',
        isMobile: width.mobile,
        hasTouch: width.mobile,
      });
      const found: string[] = [];
      try {
        for (const template of paths) {
          const path = template.replace(':own', String(id));
          await scheme(page, 'light');
          await openAndSettle(page, path);
          if ((await page.locator('[data-when-visible]').count()) > 0) {
            await revealWhenVisible(page);
            await page.waitForLoadState('networkidle');
          }
          found.push(...(await axeViolationsIn(page, ['light', 'dark'])).map((v) => `${path} axe ${v}`));
          if (width.mobile) {
            found.push(...(await reflowAt320And200(page, width.viewport)).map((p) => `${path} reflow ${p}`));
          } else {
            await expect(page.locator('html')).toHaveAttribute('lang', 'es');
            found.push(...(await foreignWords(page, 'es', ENGLISH_WORDS)).map((w) => `${path} not Spanish: ${w}`));
          }
          const focusScheme = width.mobile ? 'light' : 'dark';
          await scheme(page, focusScheme);
          const { reached, problems } = await focusProblems(page);
          expect(reached, `${path} (${focusScheme}): Tab reaches a control`).toBeGreaterThan(0);
          found.push(...problems.map((p) => `${path} focus (${focusScheme}): ${p}`));
        }
      } finally {
        await context.close();
      }
      expect([...new Set(found)]).toEqual([]);
    });
  }
}
