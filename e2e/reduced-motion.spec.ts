import { expect, test, type Page } from '@playwright/test';

/**
 * WCAG 2.3.3: with `prefers-reduced-motion: reduce` no animation or transition runs longer than
 * 200 ms — the side menu, toasts, the loading shimmer, pages. Every animation the page starts is
 * recorded as it starts (scripted ones through Element.animate, CSS ones by their events) and
 * whatever is running is read again with document.getAnimations().
 */
const LIMIT_MS = 200;

interface Seen {
  what: string;
  ms: number;
  endless: boolean;
}

async function recordAnimations(page: Page) {
  await page.addInitScript(() => {
    const seen: Seen[] = [];
    (window as unknown as { seenAnimations: Seen[] }).seenAnimations = seen;
    const name = (el: Element | null) =>
      el ? `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)}` : '?';
    // "0.3s, 150ms" → the longest, in ms.
    const longest = (list: string) =>
      Math.max(0, ...list.split(',').map((v) => (v.trim().endsWith('ms') ? parseFloat(v) : parseFloat(v) * 1000) || 0));
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its element below
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, keyframes, options) {
      const animation = animate.call(this, keyframes, options);
      const timing = animation.effect?.getComputedTiming();
      const ms = typeof timing?.duration === 'number' ? timing.duration : 0;
      seen.push({ what: `${name(this)} (script)`, ms, endless: timing?.iterations === Infinity });
      return animation;
    };
    for (const type of ['animationstart', 'transitionrun'] as const) {
      document.addEventListener(
        type,
        (event) => {
          const target = event.composedPath()[0] as Element;
          const style = getComputedStyle(target);
          const css = type === 'animationstart';
          seen.push({
            what: `${name(target)} (${type})`,
            ms: longest(css ? style.animationDuration : style.transitionDuration),
            endless: css && style.animationIterationCount.includes('infinite'),
          });
        },
        true,
      );
    }
  });
}

/** What ran longer than the limit (or forever), one line each. */
async function tooLong(page: Page): Promise<string[]> {
  return page.evaluate((limit) => {
    const running: Seen[] = document.getAnimations().map((a) => {
      const timing = a.effect?.getComputedTiming();
      const target = (a.effect as KeyframeEffect | null)?.target ?? null;
      return {
        what: `${target ? target.tagName.toLowerCase() : '?'} (running)`,
        ms: typeof timing?.duration === 'number' ? timing.duration : 0,
        endless: timing?.iterations === Infinity,
      };
    });
    const all = [...(window as unknown as { seenAnimations: Seen[] }).seenAnimations, ...running];
    return all
      .filter((a) => a.ms > limit || a.endless)
      .map((a) => `${a.what}: ${a.ms} ms${a.endless ? ', endless' : ''}`);
  }, LIMIT_MS);
}

for (const [label, viewport] of [
  ['390 px', { width: 390, height: 844 }],
  ['1366 px', { width: 1366, height: 768 }],
] as const) {
  test(`with reduced motion nothing moves for longer than 200 ms (${label})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await recordAnimations(page);

    // The side menu opens and closes.
    await page.goto('/auth/login');
    await expect(page.locator('#boot')).toHaveCount(0);
    await page.getByRole('button', { name: 'Abrir el menú', exact: true }).click();
    const menu = page.getByRole('navigation', { name: 'Menú', exact: true });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // An endless CSS animation, as the loading shimmer (ion-skeleton-text's host) runs it.
    const shimmer = await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent =
        '@keyframes pv-e2e-shimmer { to { opacity: 0.5 } } .pv-e2e-shimmer { animation: pv-e2e-shimmer 1s linear infinite; }';
      document.head.append(style);
      const el = document.createElement('div');
      el.className = 'pv-e2e-shimmer';
      document.querySelector('main')?.append(el);
      const computed = getComputedStyle(el);
      return { duration: computed.animationDuration, count: computed.animationIterationCount };
    });
    expect(parseFloat(shimmer.duration) * (shimmer.duration.endsWith('ms') ? 1 : 1000)).toBeLessThanOrEqual(LIMIT_MS);
    expect(shimmer.count).not.toBe('infinite');

    // Logging in: a toast comes and the next page replaces this one.
    await page.getByLabel('Correo electrónico').fill('hogar@demo.puntoverde.co');
    await page.getByLabel('Contraseña', { exact: true }).fill('PuntoVerde2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.locator('ion-toast')).toHaveCount(1);
    await page.waitForURL((url) => url.pathname !== '/auth/login');
    await expect(page.locator('#boot')).toHaveCount(0);

    expect(await tooLong(page)).toEqual([]);
  });
}

/**
 * How the focused map's pane moves for one arrow key: Leaflet pans in script, frame by frame, out
 * of CSS's reach. A jump moves it within the key press itself; a glide goes on moving in later
 * tasks (whatever the machine's speed: the glide's last step always comes in a later frame).
 * Read once the pane has stood still for ten frames.
 */
async function panAfterArrow(page: Page): Promise<{ moved: boolean; later: number }> {
  const map = page.locator('.leaflet-container').first();
  await expect(map).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon').first()).toBeAttached();
  await map.focus();
  await page.locator('.leaflet-map-pane').evaluate((pane: HTMLElement) => {
    const record = { start: pane.style.transform, inKey: false, later: 0 };
    (window as unknown as { pvPan: typeof record }).pvPan = record;
    document.addEventListener(
      'keydown',
      () => {
        record.inKey = true;
        setTimeout(() => (record.inKey = false), 0);
      },
      { capture: true, once: true },
    );
    // Mutation records arrive at the end of the task that made them: the key press's, or a later one.
    new MutationObserver(() => {
      if (!record.inKey) record.later++;
    }).observe(pane, { attributes: true, attributeFilter: ['style'] });
  });
  await page.keyboard.press('ArrowRight');
  return page.locator('.leaflet-map-pane').evaluate(
    (pane: HTMLElement) =>
      new Promise<{ moved: boolean; later: number }>((resolve) => {
        const record = (window as unknown as { pvPan: { start: string; later: number } }).pvPan;
        let last = pane.style.transform;
        let still = 0;
        const tick = () => {
          const now = pane.style.transform;
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 10) resolve({ moved: now !== record.start, later: record.later });
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

test('with reduced motion the map jumps where it used to glide (arrow keys at 1366 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // The detector sees the glide: without the preference, the pan goes on after the key press.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/home');
  await expect(page.locator('#boot')).toHaveCount(0);
  const gliding = await panAfterArrow(page);
  expect(gliding.moved).toBe(true);
  expect(gliding.later).toBeGreaterThan(0);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(page.locator('#boot')).toHaveCount(0);
  const still = await panAfterArrow(page);
  expect(still.moved).toBe(true);
  expect(still.later).toBe(0);
});
