// What the start-up of a public page spends its main thread's JavaScript on, by library: a CPU
// profile (V8's sampling profiler, 100 µs) of the page from navigation until the app has taken
// over (the boot screen gone) and one second more, against the real server with the built web app
// and the demo data. Each sample's script position is mapped through the build's source maps to
// its original file: Ionic (@ionic/*, @stencil/*: the shell IonApp, IonSplitPane, IonMenu,
// IonPage, the router outlet and whatever controls the page uses), React (react, react-dom,
// scheduler), the app's own code, other packages. Run on a fresh browser profile (cold cache)
// RUNS times per page; the figures are medians, in ms of CPU on this machine and, multiplied by
// the calibrated slowdown of the Lighthouse bench (LIGHTHOUSE_CPU_SLOWDOWN, else the mid-tier
// phone formula on this machine's benchmarkIndex), on the phone the Lighthouse bench models.
// Style, layout and paint are not JavaScript and are not in these figures.
//
// Target: Ionic's JavaScript at start-up ≤ 20 ms on the modelled phone; above it, replacing the
// shell with a light drawer of our own pays for itself.
//
//   npm run bench -- start-up-profile                  /index, 5 runs
//   npm run bench -- start-up-profile --pages=/index,/help
//   START_UP_PROFILE_RUNS=3 npm run bench -- start-up-profile
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { freePort, repoRoot, startProcess, writeResult } from './lib/harness.js';
import { lighthouseBrowser, lighthouseChromeFlags } from './lib/lighthouse-browser.js';
import { startTileStandIn } from './lib/tile-stand-in.js';

type CallFrame = { url: string; lineNumber: number; columnNumber: number; functionName: string };
type ProfileNode = { id: number; callFrame: CallFrame };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
type Cdp = { send: (method: string, params?: Record<string, unknown>) => Promise<unknown> };
type Page = {
  goto: (url: string, o?: { waitUntil?: string }) => Promise<unknown>;
  waitForFunction: (fn: string, o?: { timeout?: number; polling?: number }) => Promise<unknown>;
  evaluate: (expression: string) => Promise<number>;
  createCDPSession: () => Promise<Cdp>;
  close: () => Promise<void>;
};
type Browser = { newPage: () => Promise<Page>; disconnect: () => Promise<void> };
type Chrome = { port: number; kill: () => Promise<void> | void };

async function importOptional<T>(name: string): Promise<T | null> {
  try {
    return (await import(name)) as T;
  } catch {
    return null;
  }
}
const launcher = await importOptional<{
  launch: (o: { chromePath?: string; chromeFlags: string[]; userDataDir?: string; ignoreDefaultFlags?: boolean }) => Promise<Chrome>;
  Launcher: { defaultFlags: () => string[] };
}>('chrome-launcher');
const puppeteerModule = await importOptional<{ default: { connect: (o: { browserURL: string; defaultViewport: null }) => Promise<Browser> } }>('puppeteer-core');
const sourceMap = await importOptional<{
  SourceMapConsumer: new (map: unknown) => { originalPositionFor: (p: { line: number; column: number }) => { source: string | null } };
}>('source-map-js');
if (!launcher || !puppeteerModule || !sourceMap) {
  console.error('start-up-profile: needs chrome-launcher and puppeteer-core (with lighthouse) and source-map-js; no figure reported.');
  process.exit(2);
}
const puppeteer = puppeteerModule.default;

const TARGET_IONIC_MS = 20;
const RUNS = Math.max(1, Number(process.env.START_UP_PROFILE_RUNS ?? 5));
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const PAGES = option('pages')?.split(',').filter(Boolean) ?? ['/index'];
const browser = lighthouseBrowser();
const CHROME_FLAGS = lighthouseChromeFlags(browser, launcher.Launcher.defaultFlags());
const dist = path.join(repoRoot, 'apps/web/dist');

type Library = 'ionic' | 'react' | 'app' | 'other packages' | 'browser and unmapped';
const LIBRARIES: Library[] = ['ionic', 'react', 'app', 'other packages', 'browser and unmapped'];

function libraryOf(source: string | null): Library {
  if (!source) return 'browser and unmapped';
  if (/node_modules\/(@ionic|@stencil|ionicons)\//.test(source)) return 'ionic';
  if (/node_modules\/(react|react-dom|scheduler)\//.test(source)) return 'react';
  if (source.includes('node_modules/')) return 'other packages';
  return 'app';
}

const consumers = new Map<string, InstanceType<NonNullable<typeof sourceMap>['SourceMapConsumer']> | null>();
function consumerFor(url: string) {
  const file = new URL(url).pathname;
  if (!consumers.has(file)) {
    const mapFile = path.join(dist, `${file}.map`);
    consumers.set(file, existsSync(mapFile) ? new sourceMap!.SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  return consumers.get(file) ?? null;
}

function attribute(profile: Profile, origin: string): Record<Library, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = Object.fromEntries(LIBRARIES.map((l) => [l, 0])) as Record<Library, number>;
  const cache = new Map<number, Library | null>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (!cache.has(id)) {
      const frame = byId.get(id)?.callFrame;
      // (idle) and (program) are not the page's JavaScript; (garbage collector) is, unattributed.
      if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)' || frame.functionName === '(root)') cache.set(id, null);
      else if (!frame.url.startsWith(origin)) cache.set(id, 'browser and unmapped');
      else {
        const c = consumerFor(frame.url);
        cache.set(id, libraryOf(c ? c.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source : null));
      }
    }
    const lib = cache.get(id);
    if (lib) totals[lib] += ms;
  });
  return totals;
}

async function benchmarkIndexOf(page: Page): Promise<number> {
  const { pageFunctions } = (await import('lighthouse/core/lib/page-functions.js')) as { pageFunctions: { computeBenchmarkIndex: () => number } };
  return Math.round(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
}

async function profileOnce(origin: string, pagePath: string): Promise<Record<Library, number> & { benchmark_index: number }> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-profile-chrome-'));
  const chrome = await launcher!.launch({ chromePath: browser.path, userDataDir, chromeFlags: CHROME_FLAGS, ignoreDefaultFlags: true });
  try {
    const connected = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await connected.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true });
    // Same origin first, so the profiled navigation stays in this renderer.
    await page.goto(`${origin}/robots.txt`);
    const benchmarkIndex = await benchmarkIndexOf(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${origin}${pagePath}`, { waitUntil: 'load' });
    await page.waitForFunction('!document.getElementById("boot")', { timeout: 60_000, polling: 50 });
    await new Promise((r) => setTimeout(r, 1000));
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    await page.close();
    await connected.disconnect();
    return { ...attribute(profile, origin), benchmark_index: benchmarkIndex };
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (x: number) => Math.round(x * 10) / 10;

execFileSync(process.execPath, ['scripts/web-build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
const tiles = await startTileStandIn();
const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-bench-profile-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = await startProcess('bench/lib/points-web-target.ts', { DATA_DIR: dataDir, PORT: String(port), DEMO: 'true', TILE_URL: tiles.url, POINTS_COUNT: '1000' }, { nice: 19 });
const pages: Record<string, unknown>[] = [];
let slowdown = 1;
let indexMedian = 0;
try {
  for (const pagePath of PAGES) {
    const runs: (Record<Library, number> & { benchmark_index: number })[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await profileOnce(origin, pagePath);
      runs.push(run);
      console.log(`${pagePath} run ${i + 1}: ${LIBRARIES.map((l) => `${l} ${round(run[l])} ms`).join(', ')} (benchmarkIndex ${run.benchmark_index})`);
    }
    indexMedian = median(runs.map((r) => r.benchmark_index));
    const fixed = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : null;
    slowdown = fixed ?? Math.max(1, Math.round((3 + (indexMedian - 1300) / 233) * 10) / 10);
    const host = Object.fromEntries(LIBRARIES.map((l) => [l, round(median(runs.map((r) => r[l])))]));
    const phone = Object.fromEntries(LIBRARIES.map((l) => [l, round(median(runs.map((r) => r[l])) * slowdown)]));
    pages.push({ page: pagePath, host_cpu_ms: host, phone_ms: phone, ionic_phone_ms: phone.ionic, meets_target: (phone.ionic ?? 0) <= TARGET_IONIC_MS, runs });
  }
} finally {
  await server.stop();
  tiles.server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
const meets = pages.every((p) => p.meets_target);
writeResult('start-up-profile', {
  runs_per_page: RUNS,
  machine: { browser: browser.kind, benchmark_index_median: indexMedian, cpu_slowdown: slowdown, cpus: availableParallelism() },
  target: { ionic_phone_ms: TARGET_IONIC_MS },
  // What else the same start-up spends, in the same units, is each page's own baseline.
  meets_target: meets,
  pages,
});
for (const p of pages) console.log(`${String(p.page)}: on the modelled phone (${slowdown}×) ${JSON.stringify(p.phone_ms)}`);
process.exit(meets ? 0 : 1);
