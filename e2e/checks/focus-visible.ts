import type { Page } from '@playwright/test';

/**
 * Focus you can see (WCAG 2.4.7, 2.4.11, 1.4.11): Tab runs through the page on screen from its top
 * and every control it reaches must draw a focus indicator (an outline or a ring of box-shadow,
 * ≥ 2 px) that it did not draw unfocused, in a colour with at least 3:1 against the colours beside
 * it (the background behind it, and the control's own background when the ring touches or overlaps
 * it), and must lie on screen, not clipped away by the viewport or a box around it. Where the
 * background behind is a picture (the map), a two-colour indicator whose colours differ by ≥ 9:1
 * passes (WCAG technique C40), as one of them always has 3:1 against anything. A long page is not
 * pressed through to its end: past the first presses, one control of each kind not reached yet is
 * focused directly and checked the same way.
 */
/** Tab presses per route: enough for the shell, the page's controls and the first rows of a list. */
const TABS_PER_PAGE = 45;
/** Past those, one control of each kind the presses did not reach, at most this many per page. */
const EXTRA_KINDS_PER_PAGE = 12;

interface Step {
  /** A readable name of the focused element, or null once focus has left the page. */
  what: string | null;
  problems: string[];
}

/** Installs the measuring code in the page (once per document). */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Rgba = [number, number, number, number];
    type Ring = { color: Rgba; colors: Rgba[]; inset: boolean; width: number; kind: string };
    interface Probe {
      start(): void;
      step(): Promise<{ what: string | null; problems: string[] }>;
      focusNextKind(): boolean;
    }
    const w = window as unknown as { pvFocusProbe?: Probe };
    if (w.pvFocusProbe) return;

    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): Rgba => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: Rgba, under: Rgba): Rgba => [
      top[0] * top[3] + under[0] * (1 - top[3]),
      top[1] * top[3] + under[1] * (1 - top[3]),
      top[2] * top[3] + under[2] * (1 - top[3]),
      1,
    ];
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [la, lb] = [luminance(a), luminance(b)];
      return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    };

    /** The parent in the rendered (flat) tree: through slots and out of shadow roots. */
    const parentOf = (el: Element): Element | null => {
      if (el.assignedSlot) return el.assignedSlot;
      if (el.parentElement) return el.parentElement;
      const root = el.parentNode;
      return root instanceof ShadowRoot ? root.host : null;
    };
    const ancestors = (el: Element): Element[] => {
      const list: Element[] = [];
      for (let a = parentOf(el); a; a = parentOf(a)) list.push(a);
      return list;
    };
    /** What is painted behind `el`'s box: its own background over its ancestors', or null for a picture. */
    const backgroundOf = (el: Element | null): Rgba | null => {
      const layers: Rgba[] = [];
      for (let a: Element | null = el; a; a = parentOf(a)) {
        const style = getComputedStyle(a);
        if (style.backgroundImage !== 'none' && !style.backgroundImage.startsWith('linear-gradient')) return null;
        if (a.classList.contains('leaflet-container')) return null;
        const color = rgba(style.backgroundColor);
        if (color[3] > 0) layers.push(color);
        if (color[3] >= 1) break;
      }
      let result: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const describe = (el: Element) => {
      const label =
        el.getAttribute('aria-label') ??
        (el as HTMLElement).innerText?.trim().split('\n')[0] ??
        el.getAttribute('placeholder') ??
        '';
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 3).join('.') : '';
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> "${label.slice(0, 40)}"`;
    };
    /** The element holding focus, inside shadow roots too. */
    const deepActive = (): Element | null => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return el && el !== document.body && el !== document.documentElement ? el : null;
    };

    /** The rings an element draws: its outline and its box-shadows of ≥ 2 px spread without blur. */
    const ringsOf = (el: Element): Ring[] => {
      const style = getComputedStyle(el);
      const rings: Ring[] = [];
      const outlineWidth = parseFloat(style.outlineWidth) || 0;
      if (style.outlineStyle === 'auto') {
        // Chromium's own ring: two colours (dark inside a white edge), C40.
        rings.push({
          color: [16, 16, 16, 1],
          colors: [
            [16, 16, 16, 1],
            [255, 255, 255, 1],
          ],
          inset: false,
          width: 2,
          kind: 'outline auto',
        });
      } else if (style.outlineStyle !== 'none' && style.outlineStyle !== 'hidden' && outlineWidth >= 2) {
        const color = rgba(style.outlineColor);
        if (color[3] > 0)
          rings.push({
            color,
            colors: [color],
            inset: (parseFloat(style.outlineOffset) || 0) < 0,
            width: outlineWidth,
            kind: 'outline',
          });
      }
      if (style.boxShadow !== 'none') {
        // "rgb(1, 2, 3) 0px 0px 0px 3px inset, …": colours first in Chromium's computed value.
        for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
          const color = shadow.match(/rgba?\([^)]*\)|#[0-9a-f]+|[a-z]+(?=\s)/i)?.[0];
          const lengths = (shadow.replace(/rgba?\([^)]*\)/, '').match(/-?[\d.]+px/g) ?? []).map(parseFloat);
          const [x = 0, y = 0, blur = 0, spread = 0] = lengths;
          if (!color || blur > 1 || spread < 2 || x !== 0 || y !== 0) continue;
          const c = rgba(color);
          if (c[3] > 0)
            rings.push({ color: c, colors: [c], inset: /inset/.test(shadow), width: spread, kind: 'box-shadow' });
        }
      }
      // Pairs of rings (outline + shadow) together make a two-colour indicator.
      if (rings.length > 1) for (const r of rings) r.colors = rings.map((x) => x.color);
      return rings;
    };
    const signature = (el: Element) => {
      const style = getComputedStyle(el);
      return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.outlineOffset} | ${style.boxShadow}`;
    };
    /** The focused element and the boxes around it that may draw its indicator (a host, a row). */
    const chainOf = (el: Element) => [el, ...ancestors(el).slice(0, 4)];

    let previous: { chain: Element[]; signatures: string[]; what: string } | null = null;
    const seen = new Set<Element>();

    /** The element in the page's own tree: a shadow root's content stands for its host. */
    const hostOf = (el: Element): Element => {
      let root = el.getRootNode();
      while (root instanceof ShadowRoot) {
        el = root.host;
        root = el.getRootNode();
      }
      return el;
    };
    /** A kind of control: the same tag, role, type and classes draw the same indicator. */
    const kindOf = (el: Element) =>
      [
        el.tagName,
        el.getAttribute('role') ?? '',
        el.getAttribute('type') ?? '',
        [...el.classList]
          .filter((c) => !/focus|activated|hydrated/.test(c))
          .sort()
          .join('.'),
      ].join('|');
    const FOCUSABLE =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"]), ion-button, ion-searchbar, ion-segment-button, ion-item[button], ion-item[href]';

    const probe: Probe = {
      start() {
        previous = null;
        seen.clear();
      },
      focusNextKind() {
        const kinds = new Set([...seen].map((el) => kindOf(hostOf(el))));
        for (const el of document.querySelectorAll<HTMLElement>(FOCUSABLE)) {
          if (el.closest('[inert], [aria-hidden="true"], .ion-page-hidden, #boot')) continue;
          if ((el as HTMLButtonElement).disabled || !el.checkVisibility({ visibilityProperty: true })) continue;
          if (kinds.has(kindOf(el)) || [...seen].some((s) => hostOf(s) === el)) continue;
          el.focus();
          const active = deepActive();
          if (active && hostOf(active) === el) return true;
          kinds.add(kindOf(el));
        }
        return false;
      },
      async step() {
        // Two frames: Ionic's components restyle themselves (.ion-focused) and scrolling settles.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const problems: string[] = [];
        const el = deepActive();
        // The element focused before: unfocused now, it must look different from when it had focus.
        if (previous) {
          const { chain, signatures, what } = previous;
          const stillAround = el && chain.some((c) => c === el || c.contains(el) || ancestors(el).includes(c));
          if (!stillAround && what && chain[0]?.isConnected && chain.every((c, i) => signature(c) === signatures[i]))
            problems.push(`${what}: focus changes nothing visible (no outline or ring appears)`);
        }
        previous = null;
        if (!el || seen.has(el)) return { what: null, problems };
        seen.add(el);
        const what = describe(el);
        const chain = chainOf(el);
        previous = { chain, signatures: chain.map(signature), what };

        // Its indicator: the nearest ring in the chain that meets the contrast, else the best one found.
        let best: { ratio: number; text: string } | null = null;
        let passed = false;
        for (const holder of chain) {
          for (const ring of ringsOf(holder)) {
            const outside = backgroundOf(parentOf(holder));
            const own = backgroundOf(holder);
            const adjacent = ring.inset ? [own, outside] : [outside];
            if (adjacent.some((c) => c === null)) {
              const pair =
                ring.colors.length > 1
                  ? Math.max(...ring.colors.map((a) => Math.max(...ring.colors.map((b) => ratio(a, b)))))
                  : 1;
              if (pair >= 9) passed = true;
              else if (!best || pair / 3 > best.ratio)
                best = {
                  ratio: pair / 3,
                  text: `its ${ring.kind} lies over a picture without a second colour (two colours differ ${pair.toFixed(2)}:1, 9:1 needed)`,
                };
              continue;
            }
            const worst = Math.min(
              ...(adjacent as Rgba[]).map((c) => Math.max(...ring.colors.map((rc) => ratio(over(rc, c), c)))),
            );
            if (worst >= 3) passed = true;
            else if (!best || worst > best.ratio)
              best = {
                ratio: worst,
                text: `its ${ring.kind} (${ring.color.slice(0, 3).join(',')}) has ${worst.toFixed(2)}:1 against what is beside it`,
              };
          }
          if (passed) break;
        }
        if (!passed)
          problems.push(`${what}: ${best ? best.text : 'no focus indicator (no outline or ring of ≥ 2 px)'}`);

        // On screen: not pushed out of the viewport or cut away by a scrolling or clipping box.
        const target =
          el.getBoundingClientRect().width > 0 ? el : (chain.find((c) => c.getBoundingClientRect().width > 0) ?? el);
        const box = target.getBoundingClientRect();
        let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
        [left, top, right, bottom] = [
          Math.max(left, 0),
          Math.max(top, 0),
          Math.min(right, innerWidth),
          Math.min(bottom, innerHeight),
        ];
        for (const a of ancestors(target)) {
          const style = getComputedStyle(a);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const clip = a.getBoundingClientRect();
          if (style.overflowX !== 'visible') [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
          if (style.overflowY !== 'visible') [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
        }
        const area = box.width * box.height;
        const shown = Math.max(0, right - left) * Math.max(0, bottom - top);
        if (area === 0) problems.push(`${what}: takes focus with no size`);
        else if (shown < area / 2)
          problems.push(`${what}: takes focus while clipped (${Math.round((100 * shown) / area)} % on screen)`);
        return { what, problems };
      },
    };
    w.pvFocusProbe = probe;
  });
}

/** Tabs through the page from its top; returns what was wrong, one line each. */
export async function focusProblems(page: Page): Promise<{ reached: number; problems: string[] }> {
  await installProbe(page);
  // Start before the first control: a focus point at the top of the document, out of the tab order.
  await page.evaluate(() => {
    const w = window as unknown as { pvFocusProbe: { start(): void } };
    w.pvFocusProbe.start();
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.id = 'pv-focus-sweep-start';
    document.body.prepend(start);
    start.focus();
  });
  const problems: string[] = [];
  let reached = 0;
  for (let i = 0; i < TABS_PER_PAGE; i++) {
    await page.keyboard.press('Tab');
    if (i === 0) await page.evaluate(() => document.getElementById('pv-focus-sweep-start')?.remove());
    const step = await page.evaluate(() =>
      (window as unknown as { pvFocusProbe: { step(): Promise<Step> } }).pvFocusProbe.step(),
    );
    problems.push(...step.problems);
    if (!step.what) break;
    reached++;
  }
  // A long page: beyond the Tab presses, one control of each kind not reached yet (by tag, role,
  // type and classes) is focused directly, after the keyboard, so it shows its keyboard focus.
  for (let extra = 0; reached >= TABS_PER_PAGE && extra < EXTRA_KINDS_PER_PAGE; extra++) {
    const focusedOne = await page.evaluate(() =>
      (window as unknown as { pvFocusProbe: { focusNextKind(): boolean } }).pvFocusProbe.focusNextKind(),
    );
    if (!focusedOne) break;
    const step = await page.evaluate(() =>
      (window as unknown as { pvFocusProbe: { step(): Promise<Step> } }).pvFocusProbe.step(),
    );
    problems.push(...step.problems);
  }
  // The last control, unfocused, is checked for a visible change too.
  await page.keyboard.press('Tab');
  problems.push(
    ...(
      await page.evaluate(() => (window as unknown as { pvFocusProbe: { step(): Promise<Step> } }).pvFocusProbe.step())
    ).problems,
  );
  return { reached, problems };
}
