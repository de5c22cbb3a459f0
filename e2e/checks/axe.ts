import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core (the engine behind Lighthouse's accessibility score) on the page on screen, against
 * WCAG 2.2 A/AA and axe's best practices (heading order, landmarks...).
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** The rules of those tags whose outcome depends on colours: all a second colour scheme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Axe's findings on the page on screen, one line each, for a readable failure. Text drawn in its
 * own background colour (1:1) is only "incomplete" for axe, which takes it for deliberately
 * hidden text; on these pages it is always a bug (a link colour winning over a button's), so it
 * counts as a violation too.
 */
export async function axeViolations(page: Page, options: { coloursOnly?: boolean } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    // axe.run() in the page itself. The default runs axe in each frame and then merges the
    // results in a new blank page, which cost ~1 s per check (90 checks); the app has no frames.
    .setLegacyMode();
  const results = await (options.coloursOnly ? builder.withRules(COLOUR_RULES) : builder.withTags(WCAG_TAGS))
    // Ionic keeps the pages left behind in the DOM, hidden: check the page on screen and the shell.
    .exclude('.ion-page-hidden')
    .analyze();
  const invisible = results.incomplete
    .filter((v) => v.id === 'color-contrast')
    .flatMap((v) =>
      v.nodes.filter((n) =>
        n.any.some((check) => (check.data as { messageKey?: string } | null)?.messageKey === 'equalRatio'),
      ),
    )
    .map((n) => `color-contrast (1:1, invisible text): ${n.target.join(' ')}`);
  return [
    ...results.violations.flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
      ),
    ),
    ...invisible,
  ];
}

/**
 * Axe's findings in each colour scheme, on one load of the page: the theme follows the
 * `prefers-color-scheme` media query live, so emulating the scheme redraws the page. The first
 * scheme gets every rule; the others, which change only colours (the theme is CSS: the same
 * elements, names and roles), get the colour rules. Leaves the page light.
 */
export async function axeViolationsIn(page: Page, schemes: readonly ('light' | 'dark')[]): Promise<string[]> {
  const found: string[] = [];
  for (const [i, scheme] of schemes.entries()) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect
      .poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches))
      .toBe(scheme === 'dark');
    found.push(
      ...(await axeViolations(page, { coloursOnly: i > 0 })).map((v) => (schemes.length > 1 ? `(${scheme}) ${v}` : v)),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}
