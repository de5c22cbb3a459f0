// The browser the Lighthouse benches (lighthouse.ts, lighthouse-home.ts) measure with, and its flags.
//
// Debian's chromium-headless-shell by default: the same Blink and V8 as its chromium package,
// without the desktop browser around the page. Chromium's own headless mode (`--headless=new`)
// runs the whole desktop interface off screen, its tab strip's loading animation included,
// composited in software: on a 2-core machine its browser process and compositor took ~750 ms of
// CPU during a page's load against ~180 ms for the shell, and the page's main thread waited for a
// core in most of its tasks, which Lighthouse counts as the page's blocking time
// (docs/performance.md, lighthouse). LIGHTHOUSE_BROWSER=chromium measures
// with the full Chromium in its headless mode instead; each bench's JSON names the browser used.
import { ensureHeadlessShell, findChromium, withBenchDisabledFeatures } from '../../scripts/find-chromium.mjs';

export type LighthouseBrowser = { path: string | undefined; kind: 'chromium-headless-shell' | 'chromium --headless=new' };

/** The headless shell (installed with apt-get when missing), unless LIGHTHOUSE_BROWSER=chromium or it cannot be had. */
export function lighthouseBrowser(): LighthouseBrowser {
  const wantsFull = process.env.LIGHTHOUSE_BROWSER === 'chromium';
  const shell = wantsFull ? null : ensureHeadlessShell();
  if (shell) return { path: shell, kind: 'chromium-headless-shell' };
  if (!wantsFull) {
    console.warn('lighthouse: no chromium-headless-shell here and apt-get cannot install it: measuring with the full Chromium in its headless mode (slower figures on a 2-core machine; the JSON says so).');
  }
  return { path: findChromium() ?? undefined, kind: 'chromium --headless=new' };
}

/** chrome-launcher's defaults and ours, with the features no phone's browser runs turned off (find-chromium.mjs). */
export function lighthouseChromeFlags(browser: LighthouseBrowser, launcherDefaults: string[]): string[] {
  return withBenchDisabledFeatures([
    ...launcherDefaults,
    ...(browser.kind === 'chromium --headless=new' ? ['--headless=new'] : []),
    ...['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  ]);
}
