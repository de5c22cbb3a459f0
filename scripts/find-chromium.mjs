// Finds a Chromium for the e2e suite and installs one when none is found:
// CHROME_PATH, then /usr/bin/chromium, then Playwright's cache; else apt-get (as root),
// else Playwright's own installer. Never skips silently.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where a browser may be: its env variable, the system's paths, then Playwright's cache (folders
 * starting with `cachePrefix`, newest first, each holding one of `cacheFiles`).
 */
const candidates = (envPath, systemPaths, cachePrefix, cacheFiles) => {
  const list = [];
  if (envPath) list.push(envPath);
  list.push(...systemPaths);
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache/ms-playwright');
  if (existsSync(cache)) {
    for (const dir of readdirSync(cache).filter((d) => d.startsWith(cachePrefix)).sort().reverse()) {
      list.push(...cacheFiles.map((file) => path.join(cache, dir, file)));
    }
  }
  return list;
};

const canApt = () =>
  typeof process.getuid === 'function' && process.getuid() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

export function findChromium() {
  const paths = candidates(process.env.CHROME_PATH, ['/usr/bin/chromium', '/usr/bin/chromium-browser'], 'chromium', ['chrome-linux/chrome', 'chrome-linux64/chrome']);
  return paths.find((p) => existsSync(p)) ?? null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (canApt()) {
    console.log('No Chromium found for the e2e tests: installing Debian\'s chromium with apt-get (about 30 s)...');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } else {
    console.log('No Chromium found for the e2e tests and apt-get is not usable here: running Playwright\'s installer...');
    execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  }
  const installed = findChromium();
  if (!installed) throw new Error('Could not find or install Chromium; set CHROME_PATH to a Chromium binary.');
  return installed;
}

/**
 * Debian's chromium-headless-shell: the same Blink and V8 as the chromium package (one source
 * package, one version), without the desktop browser around the page. Chromium's own headless
 * mode (`--headless=new`) runs that whole desktop interface off screen, tab strip and loading
 * animation included, composited in software: on a 2-core machine its browser process and
 * compositor took ~750 ms of CPU during a page's load (the shell: ~180 ms), and the page's main
 * thread waited for a core for most of its tasks (bench/lighthouse.ts; docs/performance.md).
 * CHROME_HEADLESS_SHELL_PATH, then Debian's, then Playwright's cache.
 */
export function findHeadlessShell() {
  const paths = candidates(process.env.CHROME_HEADLESS_SHELL_PATH, ['/usr/bin/chromium-headless-shell'], 'chromium_headless_shell', [
    'chrome-linux/headless_shell',
    'chrome-headless-shell-linux64/chrome-headless-shell',
  ]);
  return paths.find((p) => existsSync(p)) ?? null;
}

/** The headless shell, installed with apt-get (as root) when missing; null where that cannot be done. */
export function ensureHeadlessShell() {
  const found = findHeadlessShell();
  if (found) return found;
  if (!canApt()) return null;
  console.log("No chromium-headless-shell found for the e2e suite and the Lighthouse bench: installing Debian's with apt-get...");
  const install = () =>
    spawnSync('apt-get', ['install', '-y', 'chromium-headless-shell'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  if (!install()) {
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    install();
  }
  return findHeadlessShell();
}

/**
 * The e2e suite's browser: Debian's headless shell (Playwright's own choice for headless tests),
 * else Chromium. The same engine; without the desktop browser running off screen, a test takes
 * about 40 % less CPU on a 2-core machine (docs/testing.md).
 */
export function findE2eBrowser() {
  return findHeadlessShell() ?? findChromium();
}

/** The e2e browser, installing the headless shell (as root) or else Chromium when neither is here. */
export function ensureE2eBrowser() {
  return ensureHeadlessShell() ?? ensureChromium();
}

/**
 * Chromium features a headless browser turns off (the benches', and the e2e suite's when it runs
 * the full Chromium): since Chromium 156 a fresh browser
 * boots the omnibox popup's WebUI (a renderer of its own, chrome://omnibox-popup.top-chrome)
 * while the first page loads. On a 2-core machine that renderer took ~2.4 s of CPU beside the
 * measured page and doubled its blocking time; a phone's browser has no such thing.
 */
export const BENCH_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * `flags` with BENCH_DISABLED_FEATURES added to its `--disable-features` (Chromium reads only
 * one such switch, so a second one would drop the launcher's own list).
 */
export function withBenchDisabledFeatures(flags) {
  const prefix = '--disable-features=';
  const current = flags.find((f) => f.startsWith(prefix));
  const features = [...new Set([...(current ? current.slice(prefix.length).split(',').filter(Boolean) : []), ...BENCH_DISABLED_FEATURES])];
  return [...flags.filter((f) => !f.startsWith(prefix)), `${prefix}${features.join(',')}`];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(ensureE2eBrowser());
}
