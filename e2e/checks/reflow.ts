import type { Page } from '@playwright/test';
import { currentPage } from '../sweep-routes';

/**
 * Reflow and text size (WCAG 1.4.10, 1.4.4): nothing on the page on screen runs past the screen's
 * edge, the page never scrolls sideways, no text is squeezed narrower than three characters or cut
 * with "…". `reflowAt320And200` checks a page at 320 px, then at 390 px with the text at 200 % (the
 * browser's text size: the root font size doubled), and leaves it at `restore` with its text as it was.
 */
/** What breaks reflow on the page on screen, one line each. */
export async function reflowProblems(page: Page): Promise<string[]> {
  return currentPage(page).evaluate((screen) => {
    const problems: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width + 1)
      problems.push(`the document is ${document.documentElement.scrollWidth} px wide in ${width}`);
    const main = screen.querySelector<HTMLElement>('main.page-content');
    if (main && main.scrollWidth > main.clientWidth + 1)
      problems.push(`the page scrolls sideways: ${main.scrollWidth} px in ${main.clientWidth}`);
    /** Inside a box that scrolls on its own (a wide table): it may be wider than the screen. */
    const inScroller = (el: Element) => {
      for (let a = el.parentElement; a && a !== main && a !== screen; a = a.parentElement) {
        const overflow = getComputedStyle(a).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return true;
      }
      return false;
    };
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      if (text.length < 3) continue;
      const el = node.parentElement;
      if (!el || seen.has(el)) continue;
      seen.add(el);
      if (
        el.closest(
          'svg, option, select, script, style, noscript, template, .leaflet-container, .visually-hidden, [hidden]',
        )
      )
        continue;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      if (style.visibility === 'hidden' || (box.width === 0 && box.height === 0)) continue;
      const what = `"${text.slice(0, 40)}"${text.length > 40 ? '…' : ''} (${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''})`;
      const inner =
        box.width -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) -
        parseFloat(style.borderLeftWidth) -
        parseFloat(style.borderRightWidth);
      // Three characters: about half an em each.
      const three = 1.5 * parseFloat(style.fontSize);
      if (style.display !== 'inline' && inner < three)
        problems.push(`${what} is squeezed into ${Math.round(inner)} px`);
      if (!inScroller(el) && (box.right > width + 1 || box.left < -1))
        problems.push(`${what} runs past the edge (${Math.round(box.left)}–${Math.round(box.right)} px of ${width})`);
      if (style.textOverflow === 'ellipsis' && style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
        problems.push(`${what} is cut with "…"`);
    }
    return problems;
  });
}

/** Two frames: the new sizes have been laid out. */
async function laidOut(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

export async function reflowAt320And200(
  page: Page,
  restore: { width: number; height: number },
): Promise<string[]> {
  const found: string[] = [];
  await page.setViewportSize({ width: 320, height: 720 });
  await laidOut(page);
  found.push(...(await reflowProblems(page)).map((p) => `at 320 px: ${p}`));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
  await laidOut(page);
  found.push(...(await reflowProblems(page)).map((p) => `at 390 px, 200 % text: ${p}`));
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '';
  });
  await page.setViewportSize(restore);
  await laidOut(page);
  return found;
}
